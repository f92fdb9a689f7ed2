import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import type { TrialRecording } from '../../../schema/contracts/trials';
import { api } from '../../lib/api';

/** The lesson room's calls besides its documents' sockets: the lesson's header data and a trial's recording. */
export const lessonRoomCalls = {
  info: (sectionId: string) => api<LessonRoomInfo>(`/lesson-rooms/${encodeURIComponent(sectionId)}`),
  trialRecording: (trialId: string) => api<TrialRecording>(`/trials/trial-recordings/${encodeURIComponent(trialId)}`),
};
