import { useCallback, useEffect, useState } from 'react';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { ApiFailure } from '../../lib/api';
import { lessonRoomCalls } from './api';

const refusalText = (data: unknown) => {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : 'Lesson not found';
};

const cacheKey = (sectionId: string) => `studyhall.lesson-room.${sectionId}`;

export type LessonLoad = { state: 'loading' } | { state: 'ready'; info: LessonRoomInfo } | { state: 'refused'; message: string } | { state: 'failed' };

/**
 * The lesson's header data. The last answer is kept on the device, so the room opens with the network gone (its
 * documents come from IndexedDB); a refusal from the server is never covered up by the copy.
 */
export function useLessonInfo(sectionId: string) {
  const [load, setLoad] = useState<LessonLoad>({ state: 'loading' });
  const fetchInfo = useCallback(() => {
    setLoad({ state: 'loading' });
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
        const cached = localStorage.getItem(cacheKey(sectionId));
        setLoad(cached ? { state: 'ready', info: JSON.parse(cached) as LessonRoomInfo } : { state: 'failed' });
      },
    );
  }, [sectionId]);
  useEffect(fetchInfo, [fetchInfo]);
  return { load, retry: fetchInfo };
}
