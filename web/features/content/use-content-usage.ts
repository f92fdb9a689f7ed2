import { useCallback, useEffect, useRef, useState } from 'react';
import type { UsageResponse } from '../../../schema/contracts/quiz';
import { atLimit, usageLimitText } from '../../../schema/contracts/usage-limits';
import { api } from '../../lib/api';
import { errorMessageText, statusOf } from '../../lib/errors';

export type NotesAccess = { status: 'open' } | { status: 'checking' } | { status: 'refused'; message: string };

/**
 * Counts a student's sub topic visit as a slide view (its notes are shown together, once per visit) and video links
 * as video watches when opened. Visitors and other roles read the public page uncounted. At a limit the server's
 * refusal (why, and what to do) is shown in place of the notes, and the videos say the same before they are opened.
 */
export function useContentUsage(subTopicId: string | null, counted: boolean) {
  const [notes, setNotes] = useState<NotesAccess>(counted ? { status: 'checking' } : { status: 'open' });
  const [usage, setUsage] = useState<UsageResponse | null>(null);
  const [videoRefusal, setVideoRefusal] = useState<string | null>(null);
  const countedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!counted || !subTopicId) {
      setNotes({ status: 'open' });
      return;
    }
    // One count per visit, even when the effect runs twice for the same sub topic.
    if (countedFor.current === subTopicId) return;
    countedFor.current = subTopicId;
    setNotes({ status: 'checking' });
    api<UsageResponse>('/usages', { json: { kind: 'slideViews' } })
      .then((answer) => {
        setUsage(answer);
        setNotes({ status: 'open' });
      })
      .catch((error: unknown) => setNotes(statusOf(error) === 403 ? { status: 'refused', message: errorMessageText(error) } : { status: 'open' }));
  }, [counted, subTopicId]);

  const videoLimit = usage?.limits.videoWatches ?? null;
  const videosLocked =
    videoRefusal ?? (usage && videoLimit !== null && atLimit(usage, 'videoWatches') ? usageLimitText('videoWatches', videoLimit, false) : null);

  const watched = useCallback(() => {
    if (!counted) return;
    api<UsageResponse>('/usages', { json: { kind: 'videoWatches' } })
      .then(setUsage)
      .catch((error: unknown) => {
        if (statusOf(error) === 403) setVideoRefusal(errorMessageText(error));
      });
  }, [counted]);

  return { notes, videosLocked, watched };
}
