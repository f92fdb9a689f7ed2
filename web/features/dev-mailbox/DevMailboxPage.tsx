import { format } from 'date-fns';
import { ChevronLeft, ChevronRight, Inbox, Mail, Paperclip, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { OutboxMail } from '../../../schema/contracts/mail';
import { errorMessageText, statusOf } from '../../lib/errors';
import { iconButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { devMailboxCalls } from './api';
import { linkify } from './linkify';

const PAGE_SIZE = 20;

type Load = { state: 'loading' } | { state: 'ready'; page: ListResponse<OutboxMail> } | { state: 'unavailable' } | { state: 'failed'; message: string };

const statusStyle: Record<OutboxMail['status'], string> = {
  LOCAL: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
  QUEUED: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  SENT: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  FAILED: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800',
};

function MailBody({ text }: { text: string }) {
  return (
    <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} className="font-medium break-all text-brand-deep underline underline-offset-2 dark:text-brand">
            {part.href}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** Local development only: the e-mails the app would have sent, so flows such as password reset can be followed. */
export default function DevMailboxPage() {
  const [offset, setOffset] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPage = useCallback(async (from: number, signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    try {
      const page = await devMailboxCalls.page(PAGE_SIZE, from, signal);
      setLoad({ state: 'ready', page });
    } catch (error) {
      if (signal?.aborted) return;
      setLoad(statusOf(error) === 404 ? { state: 'unavailable' } : { state: 'failed', message: errorMessageText(error) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void fetchPage(offset, controller.signal);
    return () => controller.abort();
  }, [fetchPage, offset]);

  const page = load.state === 'ready' ? load.page : null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="mailbox-heading">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Development mailbox — these e-mails were not sent.</strong> No mail provider is configured, so every e-mail the app
          writes is kept here instead.
        </p>
      </div>

      <div className="mt-6 flex items-center justify-between gap-3">
        <h1 id="mailbox-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          <Inbox className="size-6 text-brand-deep" aria-hidden="true" />
          Mailbox
        </h1>
        <button type="button" onClick={() => void fetchPage(offset)} className={iconButton} aria-label="Refresh">
          <RefreshCw className="size-5" aria-hidden="true" />
        </button>
      </div>

      {load.state === 'loading' && (
        <div className="flex justify-center py-16" aria-live="polite">
          <Spinner className="size-6" />
          <span className="sr-only">Loading e-mails…</span>
        </div>
      )}
      {load.state === 'unavailable' && <p className="mt-8 text-slate-600 dark:text-slate-400">The development mailbox is not available here.</p>}
      {load.state === 'failed' && (
        <div className="mt-8 space-y-3">
          <p className="text-rose-700 dark:text-rose-300">{load.message}</p>
          <button type="button" onClick={() => void fetchPage(offset)} className={secondaryButton}>
            Try again
          </button>
        </div>
      )}
      {page && page.docs.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
          <Mail className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-900 dark:text-white">No e-mails yet</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Ask for a password reset, and the e-mail will appear here.</p>
        </div>
      )}
      {page && page.docs.length > 0 && (
        <>
          <ul className="mt-6 space-y-4">
            {page.docs.map((mail) => (
              <li key={mail._id}>
                <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" aria-label={mail.subject}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="text-base font-semibold text-slate-900 dark:text-white">{mail.subject}</h2>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusStyle[mail.status]}`}>{mail.status}</span>
                  </div>
                  <p className="mt-1 text-sm break-all text-slate-600 dark:text-slate-400">
                    To <span className="font-medium text-slate-800 dark:text-slate-200">{mail.to}</span> ·{' '}
                    <time dateTime={mail.createdAt}>{format(new Date(mail.createdAt), 'yyyy MMM dd, hh:mm a')}</time>
                  </p>
                  {mail.error && <p className="mt-2 text-sm text-rose-700 dark:text-rose-300">{mail.error}</p>}
                  <MailBody text={mail.text} />
                  {mail.attachments.length > 0 && (
                    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
                      {mail.attachments.map((file) => (
                        <li key={file.filename}>
                          <a
                            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
                            href={`data:${file.contentType};charset=utf-8,${encodeURIComponent(file.content)}`}
                            download={file.filename}
                          >
                            <Paperclip className="size-4" aria-hidden="true" />
                            {file.filename}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </article>
              </li>
            ))}
          </ul>
          <nav className="mt-6 flex items-center justify-between gap-3" aria-label="Mailbox pages">
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              className={`${secondaryButton} disabled:opacity-50`}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              Newer
            </button>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {offset + 1}–{offset + page.docs.length} of {page.totalDocs}
            </p>
            <button
              type="button"
              disabled={offset + page.docs.length >= page.totalDocs}
              onClick={() => setOffset(offset + PAGE_SIZE)}
              className={`${secondaryButton} disabled:opacity-50`}
            >
              Older
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
