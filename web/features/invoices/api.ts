import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import type {
  AdminInvoiceRecord,
  DrawnInvoices,
  InvoiceAnswer,
  InvoiceDrawPreview,
  InvoiceLineInput,
  InvoiceRecord,
  InvoiceStatus,
} from '../../../schema/contracts/invoices';
import type { CheckoutStarted } from '../../../schema/contracts/payments';
import { type ApiOptions, api } from '../../lib/api';

export interface InvoiceFields {
  userId: string;
  currency: string;
  dueAt: string;
  lines: InvoiceLineInput[];
}

export interface Period {
  periodStart: string;
  periodEnd: string;
}

/** The admin's invoices (behind the invoices flags), the draw from the lessons, and the payer's own with Checkout. */
export const invoiceCalls = {
  list: (query: ApiOptions['query']) => api<ListResponse<AdminInvoiceRecord>>('/admin/invoices', { query }),
  adminInvoice: (id: string, signal?: AbortSignal) => api<AdminInvoiceRecord>(`/admin/invoices/${encodeURIComponent(id)}`, { signal }),
  update: (id: string, body: { dueAt?: string; lines?: InvoiceLineInput[] } | { status: 'VOID' }) =>
    api<InvoiceAnswer>(`/admin/invoices/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
  send: (id: string) => api<InvoiceAnswer>(`/admin/invoices/send-mail/${encodeURIComponent(id)}`, { method: 'POST' }),
  addNote: (id: string, note: string) => api<InvoiceAnswer>(`/admin/invoices/admin-notes/${encodeURIComponent(id)}`, { json: { note } }),
  deleteNote: (id: string, noteId: string) =>
    api<InvoiceAnswer>(`/admin/invoices/admin-notes/${encodeURIComponent(id)}`, { method: 'DELETE', query: { noteId } }),
  /** Parents and students to filter by: the first hundred by name (a role that may not list users gets none). */
  payers: (signal: AbortSignal) => api<DropdownUser[]>('/admin/users/dropdown-list', { query: { userTypes: 'PARENT,STUDENT', limit: 100 }, signal }),
  preview: (period: Period) => api<InvoiceDrawPreview>('/admin/invoices/draw/preview', { json: period }),
  draw: (period: Period, invoices: InvoiceFields[], send: boolean) => api<DrawnInvoices>('/admin/invoices/draw', { json: { ...period, invoices, send } }),
  mine: (query: { limit: number; offset: number; status?: InvoiceStatus }) => api<ListResponse<InvoiceRecord>>('/invoices', { query: { ...query } }),
  myInvoice: (id: string, signal?: AbortSignal) => api<InvoiceRecord>(`/invoices/${encodeURIComponent(id)}`, { signal }),
  /** A Checkout session for the invoice's whole total, priced by the server. */
  pay: (id: string) => api<CheckoutStarted>('/invoices/stripe', { json: { id } }),
};
