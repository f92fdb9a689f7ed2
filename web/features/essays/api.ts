import type { EssayResponseDoc, EssayResponseInput, LearnerEssayQuestion } from '../../../schema/contracts/essays';
import { api } from '../../lib/api';

/** The learner's structured-question calls: a random approved question of a sub topic, and marking the answers. */
export const essayCalls = {
  random: (subTopicId: string, signal?: AbortSignal) => api<LearnerEssayQuestion>(`/essay-questions/random/${subTopicId}`, { signal }),
  mark: (input: EssayResponseInput) => api<EssayResponseDoc>('/essay-questions/aiResponse', { json: input }),
};
