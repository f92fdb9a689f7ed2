import { useCallback, useEffect, useState } from 'react';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { api } from '../../lib/api';

const cacheKey = (sectionId: string) => `studyhall.lesson-room.${sectionId}`;

export type LessonLoad = { state: 'loading' } | { state: 'ready'; info: LessonRoomInfo } | { state: 'refused'; message: string } | { state: 'failed' };

function statusOf(error: unknown): { status?: number; message?: string } {
  try {
    const parsed = JSON.parse(error instanceof Error ? error.message : '') as { status?: number; data?: { message?: string } };
    return { status: parsed.status, message: parsed.data?.message };
  } catch {
    return {};
  }
}

/**
 * The lesson's header data. The last answer is kept on the device, so the room opens with the network gone (its
 * documents come from IndexedDB); a refusal from the server is never covered up by the copy.
 */
export function useLessonInfo(sectionId: string) {
  const [load, setLoad] = useState<LessonLoad>({ state: 'loading' });
  const fetchInfo = useCallback(() => {
    setLoad({ state: 'loading' });
    api<LessonRoomInfo>(`/lesson-rooms/${encodeURIComponent(sectionId)}`).then(
      (info) => {
        localStorage.setItem(cacheKey(sectionId), JSON.stringify(info));
        setLoad({ state: 'ready', info });
      },
      (error: unknown) => {
        const { status, message } = statusOf(error);
        if (status === 403 || status === 404) {
          localStorage.removeItem(cacheKey(sectionId));
          setLoad({ state: 'refused', message: message ?? 'Lesson not found' });
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
