import type { ListResponse } from '../../../schema/contracts/common';
import type { CallLogRecord } from '../../../schema/contracts/waiting-room';
import { type ApiOptions, api } from '../../lib/api';

/** The call log: who joined which lesson and when, filtered by status and dates. */
export const callLogCalls = {
  list: (query: ApiOptions['query'], signal: AbortSignal) => api<ListResponse<CallLogRecord>>('/admin/call-logs', { query, signal }),
};
