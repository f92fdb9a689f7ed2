import { useCallback, useEffect, useState } from 'react';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { ApiFailure } from '../../lib/api';
import { dropDeviceCopy, keepDeviceCopy, readDeviceCopy } from '../../lib/device-copy';
import { lessonRoomCalls } from './api';

const refusalText = (data: unknown) => {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : 'Lesson not found';
};

/** Kept per person acted for: whether one may edit or leads differs between the people of a shared device. */
const copyKey = (sectionId: string) => `lesson-room.${sectionId}`;

const keptInfo = (sectionId: string) => readDeviceCopy<LessonRoomInfo>(copyKey(sectionId))?.value ?? null;

const readyFromDevice = (sectionId: string): LessonLoad => {
  const info = keptInfo(sectionId);
  return info ? { state: 'ready', info } : { state: 'loading' };
};

/** Already showing this lesson: the same details again must not re-render the whole room. */
const sameRoom = (current: LessonLoad, info: LessonRoomInfo) => current.state === 'ready' && current.info.section._id === info.section._id;
const sameInfo = (current: LessonLoad, info: LessonRoomInfo) => current.state === 'ready' && JSON.stringify(current.info) === JSON.stringify(info);

export type LessonLoad = { state: 'loading' } | { state: 'ready'; info: LessonRoomInfo } | { state: 'refused'; message: string } | { state: 'failed' };

/**
 * The lesson's header data. The last answer is kept on the device and the room opens from it at once, whatever the
 * network, while the server is asked again: a train's Wi-Fi that connects but carries nothing (the browser says
 * online, requests hang) must not hold the board and notes, which come from IndexedDB anyway. The server's answer
 * replaces the copy when it differs, and a refusal is never covered up by it.
 */
export function useLessonInfo(sectionId: string) {
  const [load, setLoad] = useState<LessonLoad>(() => readyFromDevice(sectionId));
  const fetchInfo = useCallback(() => {
    const kept = readyFromDevice(sectionId);
    setLoad((current) => (kept.state === 'ready' && sameRoom(current, kept.info) ? current : kept));
    lessonRoomCalls.info(sectionId).then(
      (info) => {
        keepDeviceCopy(copyKey(sectionId), info);
        setLoad((current) => (sameInfo(current, info) ? current : { state: 'ready', info }));
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && (error.status === 403 || error.status === 404)) {
          dropDeviceCopy(copyKey(sectionId));
          setLoad({ state: 'refused', message: refusalText(error.data) });
          return;
        }
        setLoad((current) => (current.state === 'ready' ? current : { state: 'failed' }));
      },
    );
  }, [sectionId]);
  useEffect(fetchInfo, [fetchInfo]);
  return { load, retry: fetchInfo };
}
