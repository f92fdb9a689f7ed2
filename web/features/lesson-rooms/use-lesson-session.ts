import { useCallback, useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import type { BookmarkView, SessionView } from '../../../schema/contracts/lesson-sessions';
import { api } from '../../lib/api';
import { errorToastText } from '../../lib/errors';
import { useToast } from '../../ui/toast/use-toast';
import type { Peer } from './presence';

/**
 * The lesson's session in the room: its questions by page, bookmarks, and the end of the meeting. Saving questions
 * or ending the lesson is announced in the tutor's presence, so everyone's room follows without polling.
 */
export function useLessonSession(info: LessonRoomInfo, awareness: Awareness, peers: Peer[]) {
  const toast = useToast();
  const [session, setSession] = useState<SessionView | null>(info.session);
  const [endedHere, setEndedHere] = useState(false);
  const ended = endedHere || Boolean(session?.isMeetingEnded) || peers.some((peer) => peer.meetingEnded);
  const revision = peers.map((peer) => peer.sessionRev ?? 0).reduce((a, b) => Math.max(a, b), 0);

  useEffect(() => {
    if (revision === 0) return;
    api<LessonRoomInfo>(`/lesson-rooms/${encodeURIComponent(info.section._id)}`).then(
      (fresh) => setSession(fresh.session),
      () => undefined,
    );
  }, [revision, info.section._id]);

  const announce = useCallback(() => awareness.setLocalStateField('sessionRev', Date.now()), [awareness]);

  const addQuestion = async (text: string, pageNo: number) => {
    try {
      const saved = await api<SessionView>('/sessions', {
        json: {
          sectionId: info.section._id,
          ...(session?.student ? { studentId: session.student } : {}),
          ...(session?.subTopicId ? { subTopicId: session.subTopicId } : {}),
          questions: [...(session?.questions ?? []).map(({ text: t, pageNo: p }) => ({ text: t, pageNo: p })), { text, pageNo }],
        },
      });
      setSession(saved);
      announce();
      return true;
    } catch (error) {
      toast.error(errorToastText(error));
      return false;
    }
  };

  const bookmark = async (pageNo: number, pageId: string) => {
    try {
      const saved = await api<BookmarkView & { isMeetingEnded: boolean }>('/bookmarks', {
        json: { sectionId: info.section._id, pageNo, pageId, subject: info.course.subject },
      });
      toast.success(`Page ${pageNo} bookmarked`);
      if (saved.isMeetingEnded) setEndedHere(true);
    } catch (error) {
      toast.error(errorToastText(error));
    }
  };

  const endLesson = async () => {
    try {
      const saved = await api<SessionView>(`/lesson-rooms/${encodeURIComponent(info.section._id)}/end`, { method: 'POST' });
      setSession(saved);
      awareness.setLocalStateField('meetingEnded', true);
      setEndedHere(true);
    } catch (error) {
      toast.error(errorToastText(error));
    }
  };

  return { session, ended, addQuestion, bookmark, endLesson };
}
