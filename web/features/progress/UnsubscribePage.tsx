import { MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PROGRESS_MESSAGES } from '../../../schema/contracts/progress';
import { statusOf } from '../../lib/errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { progressCalls } from './api';

type State = { step: 'ask' } | { step: 'busy' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/**
 * /unsubscribe/progress?token=…: the weekly digest's "stop these e-mails" link. It asks first, so a mail scanner that
 * opens links turns nothing off; no sign-in is needed, the signed token names the person.
 */
export default function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<State>(token ? { step: 'ask' } : { step: 'failed', message: PROGRESS_MESSAGES.badLink });
  async function stop() {
    setState({ step: 'busy' });
    try {
      setState({ step: 'done', message: (await progressCalls.unsubscribe(token)).message });
    } catch (error) {
      setState({ step: 'failed', message: statusOf(error) === 403 ? PROGRESS_MESSAGES.badLink : 'That did not go through. Please try again.' });
    }
  }
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center" data-testid="unsubscribe-progress">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
        <MailX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Weekly progress e-mails</h1>
      {state.step === 'ask' || state.step === 'busy' ? (
        <>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            Stop getting progress e-mails, the weekly digest among them? Notices in the app stay as they are.
          </p>
          <button type="button" onClick={stop} disabled={state.step === 'busy'} className={`mt-8 ${primaryButton}`}>
            {state.step === 'busy' ? 'Turning them off…' : 'Stop progress e-mails'}
          </button>
        </>
      ) : (
        <p role="status" className="mt-3 text-slate-600 dark:text-slate-300">
          {state.message}
        </p>
      )}
      <Link to="/portal/notifications" className={`mt-6 ${secondaryButton}`}>
        Notification settings
      </Link>
    </div>
  );
}
