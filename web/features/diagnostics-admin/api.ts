import type { ListResponse } from '../../../schema/contracts/common';
import type { AdminDiagnosticTestDoc, DiagnosticQuestionChoice, DiagnosticTestInput } from '../../../schema/contracts/diagnostics';
import { api } from '../../lib/api';

const at = (id: string) => encodeURIComponent(id);

/** The diagnostic-test editor's calls: the tests (drafts too), the bank's questions of a subject, and the writes. */
export const diagnosticTestCalls = {
  list: (page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api<ListResponse<AdminDiagnosticTestDoc>>('/admin/diagnostics/tests', { query: page, signal }),
  get: (id: string, signal?: AbortSignal) => api<AdminDiagnosticTestDoc>(`/admin/diagnostics/tests/${at(id)}`, { signal }),
  questions: (query: { curriculum: string; subject: string; grade: string; searchText?: string }, signal?: AbortSignal) =>
    api<DiagnosticQuestionChoice[]>('/admin/diagnostics/tests/questions', { query, signal }),
  create: (input: DiagnosticTestInput) => api<AdminDiagnosticTestDoc>('/admin/diagnostics/tests', { method: 'POST', json: input }),
  update: (id: string, input: DiagnosticTestInput) => api<AdminDiagnosticTestDoc>(`/admin/diagnostics/tests/${at(id)}`, { method: 'PUT', json: input }),
  publish: (id: string, isPublished: boolean) =>
    api<AdminDiagnosticTestDoc>(`/admin/diagnostics/tests/${at(id)}/publish`, { method: 'PUT', json: { isPublished } }),
};
