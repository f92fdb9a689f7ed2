import { useAtomValue } from 'jotai';
import { Inbox, ShieldOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { type TeamInboxPage as Page, TEAM_INBOX_PERMISSION, type TeamThread } from '../../../schema/contracts/team-inbox';
import { useCan } from '../../entities/roles/admin-permissions';
import { teamWaitingAtom } from '../../entities/team-inbox/team-waiting';
import { errorMessageText } from '../../lib/errors';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { useToast } from '../../ui/toast/use-toast';
import { teamInboxCalls } from './api';
import { ThreadRow } from './ThreadRow';

const PAGE_SIZE = 20;
type Status = 'OPEN' | 'DONE' | 'ALL';
type Assignee = '' | 'me' | 'unassigned';

const emptyText: Record<Status, string> = {
  OPEN: 'Nothing is waiting. When a student or parent writes to the team, their conversation shows here.',
  DONE: 'No conversation has been marked done yet.',
  ALL: 'No student or parent has written to the team yet.',
};

/**
 * The team inbox: every conversation students and parents have with the team, those waiting for a reply first. It
 * reads again whenever the header's inbox says what waits has changed, so a new message shows without a reload.
 */
export default function TeamInboxPage() {
  const can = useCan();
  const toast = useToast();
  const waiting = useAtomValue(teamWaitingAtom);
  const [status, setStatus] = useState<Status>('OPEN');
  const [assignee, setAssignee] = useState<Assignee>('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const allowed = can(TEAM_INBOX_PERMISSION);

  const load = useCallback(async () => {
    try {
      setPage(await teamInboxCalls.list({ status, offset, limit: PAGE_SIZE, ...(assignee ? { assignee } : {}) }));
      setFailure(null);
    } catch (error) {
      setFailure(errorMessageText(error));
    }
  }, [status, assignee, offset]);

  // `waiting` is a dependency on purpose: the inbox's news is the cue to read the list again.
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load, waiting]);

  const change = async (thread: TeamThread, input: { status?: 'OPEN' | 'DONE'; assigneeId?: string | null }) => {
    setBusy(thread._id);
    try {
      const updated = await teamInboxCalls.update(thread._id, input);
      const leaves = status !== 'ALL' && updated.status !== status;
      setPage(
        (now) =>
          now && {
            ...now,
            docs: leaves ? now.docs.filter((t) => t._id !== updated._id) : now.docs.map((t) => (t._id === updated._id ? updated : t)),
            totalDocs: now.totalDocs - (leaves ? 1 : 0),
          },
      );
      if (input.status) toast.success(input.status === 'DONE' ? 'Conversation marked done.' : 'Conversation reopened.');
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Team inbox</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Questions students and parents send to the team. Answer from the person’s page; mark a conversation done once it needs nothing more.
      </p>
      {!allowed ? (
        <div className="mt-8">
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden="true" />}
            title="No access to the team inbox"
            text="Your role does not include the admin chat. Ask an admin who has it."
          />
        </div>
      ) : (
        <>
          <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
            <ChoiceField
              id="team-inbox-status"
              label="Show"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as Status);
                setOffset(0);
              }}
            >
              <option value="OPEN">Open conversations</option>
              <option value="DONE">Done</option>
              <option value="ALL">All</option>
            </ChoiceField>
            <ChoiceField
              id="team-inbox-assignee"
              label="Looked after by"
              value={assignee}
              onChange={(e) => {
                setAssignee(e.target.value as Assignee);
                setOffset(0);
              }}
            >
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="unassigned">Nobody yet</option>
            </ChoiceField>
          </div>
          <div className="mt-6">
            {failure && !page ? (
              <InlineLoadFailure what="The team inbox" reason={failure} onRetry={() => void load()} />
            ) : !page ? (
              <LoadingStatus className="py-16" />
            ) : page.docs.length === 0 ? (
              <EmptyState icon={<Inbox className="size-6" aria-hidden="true" />} title="No conversations here" text={emptyText[status]} />
            ) : (
              <>
                <ul className="space-y-3">
                  {page.docs.map((thread) => (
                    <ThreadRow
                      key={thread._id}
                      thread={thread}
                      teammates={page.teammates}
                      busy={busy === thread._id}
                      onChange={(input) => void change(thread, input)}
                    />
                  ))}
                </ul>
                <Pager offset={offset} limit={PAGE_SIZE} total={page.totalDocs} onOffset={setOffset} />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
