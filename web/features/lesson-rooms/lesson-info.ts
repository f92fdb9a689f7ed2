import { useCallback, useEffect, useState } from 'react';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { ApiFailure } from '../../lib/api';
import { lessonRoomCalls } from './api';

const refusalText = (data: unknown) => {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : 'Lesson not found';
};

const cacheKey = (sectionId: string) => `studyhall.lesson-room.${sectionId}`;

const deviceCopy = (sectionId: string) => {
  const kept = localStorage.getItem(cacheKey(sectionId));
  return kept ? (JSON.parse(kept) as LessonRoomInfo) : null;
};

const readyOffline = (sectionId: string): { state: 'ready'; info: LessonRoomInfo } | null => {
  const info = navigator.onLine ? null : deviceCopy(sectionId);
  return info ? { state: 'ready', info } : null;
};

/** Already showing this lesson from the device: the same copy again must not re-render the whole room. */
const sameRoom = (current: LessonLoad, info: LessonRoomInfo) => current.state === 'ready' && current.info.section._id === info.section._id;

export type LessonLoad = { state: 'loading' } | { state: 'ready'; info: LessonRoomInfo } | { state: 'refused'; message: string } | { state: 'failed' };

/**
 * The lesson's header data. The last answer is kept on the device, so the room opens with the network gone (its
 * documents come from IndexedDB); a refusal from the server is never covered up by the copy.
 */
export function useLessonInfo(sectionId: string) {
  const [load, setLoad] = useState<LessonLoad>(() => readyOffline(sectionId) ?? { state: 'loading' });
  const fetchInfo = useCallback(() => {
    // Offline the request can only fail, so the room opens from the device copy at once instead of after it.
    const offline = readyOffline(sectionId);
    setLoad((current) => (offline && sameRoom(current, offline.info) ? current : (offline ?? { state: 'loading' })));
    lessonRoomCalls.info(sectionId).then(
      (info) => {
        localStorage.setItem(cacheKey(sectionId), JSON.stringify(info));
        setLoad({ state: 'ready', info });
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && (error.status === 403 || error.status === 404)) {
          localStorage.removeItem(cacheKey(sectionId));
          setLoad({ state: 'refused', message: refusalText(error.data) });
          return;
        }
        const kept = deviceCopy(sectionId);
        setLoad((current) => (kept ? (sameRoom(current, kept) ? current : { state: 'ready', info: kept }) : { state: 'failed' }));
      },
    );
  }, [sectionId]);
  useEffect(fetchInfo, [fetchInfo]);
  return { load, retry: fetchInfo };
}
