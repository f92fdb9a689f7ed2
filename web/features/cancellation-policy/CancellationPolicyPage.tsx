import { useAtomValue } from 'jotai';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PolicyVersionSummary, PolicyWithVersions } from '../../../schema/contracts/cancellation-policy';
import { isCurrencyCode } from '../../../schema/contracts/money';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, primaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useToast } from '../../ui/toast/use-toast';
import { policyCalls } from './api';
import PolicyEditor from './PolicyEditor';
import { policySentences } from './policy-words';

/** "Version 3, saved on Mon, 7 Jan, 09:00 GMT by Ada Admin." */
function versionSentence(version: PolicyVersionSummary, zone: string) {
  if (!version.createdAt) return `Version ${version.version}, the built-in policy nobody has changed yet.`;
  const by = version.createdByName ? ` by ${version.createdByName}` : '';
  return `Version ${version.version}, saved on ${lessonTime(version.createdAt, zone)}${by}.`;
}

const savedSentence = (version: number) => `Saved as version ${version}. Requests already made keep the version they were made under.`;

/** /portal/admin/cancellation-policy: the policy in force in sentences, its versions, and the editor that saves the next one. */
export default function CancellationPolicyPage() {
  const gate = useAdminGate(
    { cancellationPolicy: ['view'] },
    { title: 'No access to the cancellation policy', text: 'Your role does not include the cancellation policy. Ask an admin who has it.' },
  );
  return gate ?? <Policy />;
}

function Policy() {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const currency = user?.currency && isCurrencyCode(user.currency) ? user.currency : 'USD';
  const can = useCan();
  const toast = useToast();
  const [policy, setPolicy] = useState<PolicyWithVersions | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    policyCalls.read(controller.signal).then(setPolicy, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [attempt]);

  function onSaved(next: PolicyWithVersions) {
    const sentence = savedSentence(next.version);
    setPolicy(next);
    setEditing(false);
    setSaved(sentence);
    toast.success(sentence);
  }

  const earlier = policy?.versions.filter((v) => v.version !== policy.version).reverse() ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Cancellation policy</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Who may ask to cancel, move or delete a lesson, until when, and the penalty a late request carries. Each save is a new version.
      </p>
      <div className="mt-6" aria-busy={!policy && !failed}>
        {failed ? (
          <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
        ) : !policy ? (
          <LoadingStatus className="py-16" />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="font-semibold text-slate-900 dark:text-white" data-testid="policy-version">
                {versionSentence(policy, zone)}
              </p>
              {can({ cancellationPolicy: ['edit'] }) && !editing && (
                <button
                  type="button"
                  className={primaryButton}
                  onClick={() => {
                    setSaved(null);
                    setEditing(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit the policy
                </button>
              )}
            </div>
            <p
              role="status"
              data-testid="policy-saved"
              className={saved ? 'mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300' : 'sr-only'}
            >
              {saved}
            </p>
            <div className="mt-4">
              {editing ? (
                <PolicyEditor policy={policy} currency={currency} onCancel={() => setEditing(false)} onSaved={onSaved} />
              ) : (
                <ul className={`${cardClass} list-disc space-y-1.5 py-4 pr-4 pl-9 text-sm text-slate-700 sm:py-5 sm:pr-5 dark:text-slate-200`}>
                  {policySentences(policy.rules).map((sentence, i) => (
                    <li key={i}>{sentence}</li>
                  ))}
                </ul>
              )}
            </div>
            {earlier.length > 0 && (
              <section aria-labelledby="policy-versions" className="mt-6">
                <h2 id="policy-versions" className="text-sm font-semibold text-slate-900 dark:text-white">
                  Earlier versions
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">Each request keeps the version it was made under.</p>
                <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
                  {earlier.map((v) => (
                    <li key={v.version}>{versionSentence(v, zone)}</li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}
