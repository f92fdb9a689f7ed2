import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { tenantNameAtom } from '../../entities/tenant/atoms';
import { signedInUserAtom } from '../../lib/session';
import Spinner from '../../ui/Spinner';
import { teamMessagesTitle } from './team-messages';

// Loaded by the page rather than with the route, so the route table (in the landing page's bundle) lists one chunk.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The user's side of the admin chat: each admin who wrote to this person is one conversation here, beside the one the
 * person starts with the whole team ("Message the team", or `?new=team`); `?conversation=` opens one, as notifications
 * link to it.
 */
export default function TeamMessagesPage() {
  const user = useAtomValue(signedInUserAtom)!;
  const title = teamMessagesTitle(useAtomValue(tenantNameAtom));
  const [params] = useSearchParams();
  const conversation = params.get('conversation');
  const startWithTeam = params.get('new') === 'team';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Questions about lessons, payments or your account: the team answers here.</p>
      <div className="mt-6">
        <Suspense fallback={<Spinner className="size-6 text-brand-deep" />}>
          <ChatPanel
            key={`${user._id}:${conversation ?? ''}:${startWithTeam}`}
            target={{ kind: 'admin', userId: user._id }}
            title="Conversations"
            initialConversation={conversation}
            startWithTeam={startWithTeam}
            emptyText="No messages from the team yet. Press “Message the team” to ask about lessons, payments or your account."
          />
        </Suspense>
      </div>
    </div>
  );
}
