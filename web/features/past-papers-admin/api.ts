import type { ListResponse } from '../../../schema/contracts/common';
import type { PastPaperDoc, PastPaperImportInput, PastPaperImportResult } from '../../../schema/contracts/past-papers';
import { api } from '../../lib/api';

/** The admin's past-paper calls: the imported catalogue a page at a time, and the upload of papers and their questions. */
export const pastPaperAdminCalls = {
  list: (query: { limit: number; offset: number; searchText?: string }, signal?: AbortSignal) =>
    api<ListResponse<PastPaperDoc>>('/admin/past-papers', { query, signal }),
  import: (upload: PastPaperImportInput) => api<PastPaperImportResult>('/admin/past-papers/import', { method: 'POST', json: upload }),
};
