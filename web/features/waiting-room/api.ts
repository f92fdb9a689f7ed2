import type { StartMeetingResult, WaitingNotifiedResult } from '../../../schema/contracts/waiting-room';
import { api } from '../../lib/api';

/** The waiting room's calls besides its socket: starting the lesson and telling the others someone waits. */
export const waitingRoomCalls = {
  startMeeting: (waitingId: string) => api<StartMeetingResult>('/start-meeting', { json: { waitingId } }),
  notifyWaiting: (waitingId: string) => api<WaitingNotifiedResult>('/notify-user-waiting', { json: { waitingId } }),
};
