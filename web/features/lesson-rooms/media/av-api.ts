import type { AvConfig, SfuAnswer, SfuRequest } from '../../../../schema/contracts/av-signal';
import { api } from '../../../lib/api';

/** The lesson room's audio and video calls: how media travels here, and the SFU calls the Worker makes for us. */
export const avCalls = {
  config: (sectionId: string) => api<AvConfig>(`/lesson-rooms/${encodeURIComponent(sectionId)}/av`),
  sfu: (sectionId: string, request: SfuRequest) => api<SfuAnswer>(`/lesson-rooms/${encodeURIComponent(sectionId)}/av/sfu`, { json: request }),
};
