import { ExternalLink, FileText } from 'lucide-react';
import { useState } from 'react';
import type { SubTopicPage } from '../../../schema/contracts/content';
import { errorMessageText } from '../../lib/errors';
import { focusRing, smallButton } from '../../ui/classes';
import { quizCalls } from './quiz-api';

type Opened = { status: 'opening' } | { status: 'open'; url: string; blocked: boolean } | { status: 'refused'; message: string };

/**
 * The sub topic's resources to revise from before the quiz. Each opening is counted as a slide view by the server
 * before it hands out the link, so a learner over the month's allowance reads why instead of the resource.
 */
export default function QuizResources({ subTopic }: { subTopic: SubTopicPage }) {
  const [opened, setOpened] = useState<Record<string, Opened>>({});
  if (subTopic.resources.length === 0) return null;

  async function open(resourceId: string) {
    setOpened((now) => ({ ...now, [resourceId]: { status: 'opening' } }));
    try {
      const { resource } = await quizCalls.openResource(subTopic._id, resourceId);
      const tab = window.open(resource.url, '_blank');
      if (tab) tab.opener = null;
      setOpened((now) => ({ ...now, [resourceId]: { status: 'open', url: resource.url, blocked: !tab } }));
    } catch (error) {
      setOpened((now) => ({ ...now, [resourceId]: { status: 'refused', message: errorMessageText(error) } }));
    }
  }

  return (
    <section aria-labelledby="revise-first" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800">
      <h2 id="revise-first" className="text-lg font-semibold text-slate-900 dark:text-white">
        Revise first
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Each resource you open counts as one slide view this month.</p>
      <ul className="mt-3 space-y-3">
        {subTopic.resources.map((r) => {
          const state = opened[r._id];
          return (
            <li key={r._id} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
              <span className="flex min-w-0 items-center gap-2 font-medium text-slate-800 dark:text-slate-100">
                <FileText className="size-4 shrink-0 text-brand-deep" aria-hidden="true" />
                <span className="min-w-0 break-words">{r.title}</span>
              </span>
              {state?.status === 'open' ? (
                <a
                  href={state.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-deep hover:underline ${focusRing}`}
                >
                  {state.blocked ? `Open ${r.title}` : 'Opened in a new tab: open again'}
                  <ExternalLink className="size-3.5" aria-label="(opens in a new tab)" />
                </a>
              ) : (
                <button
                  type="button"
                  className={`${smallButton} shrink-0 self-start sm:self-auto`}
                  disabled={state?.status === 'opening'}
                  onClick={() => void open(r._id)}
                  aria-label={`Open ${r.title}`}
                >
                  {state?.status === 'opening' ? 'Opening…' : 'Open'}
                </button>
              )}
              {state?.status === 'refused' && (
                <p role="alert" className="text-sm text-amber-800 sm:basis-full dark:text-amber-200">
                  {state.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
