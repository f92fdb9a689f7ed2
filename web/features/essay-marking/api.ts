import type { ListResponse } from '../../../schema/contracts/common';
import type { EssayResponseDoc, MarkerEssayResponseDoc } from '../../../schema/contracts/essays';
import { api } from '../../lib/api';

/** The markers' calls: learners' structured-question answers a page at a time, and changing one part's mark. */
export const essayMarkingCalls = {
  list: (page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api<ListResponse<MarkerEssayResponseDoc>>('/essay-questions/responses', { query: page, signal }),
  override: (input: { responseId: string; subQuestionId: string; givenMarks: number; reason: string }) =>
    api<EssayResponseDoc>('/essay-questions/overrideMark', { method: 'POST', json: input }),
};
