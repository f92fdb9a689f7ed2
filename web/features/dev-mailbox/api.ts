import type { ListResponse } from '../../../schema/contracts/common';
import type { OutboxMail } from '../../../schema/contracts/mail';
import { api } from '../../lib/api';

/** The development mailbox: mail the outbox would have sent, newest first. */
export const devMailboxCalls = {
  page: (limit: number, offset: number, signal?: AbortSignal) => api<ListResponse<OutboxMail>>('/dev/mailbox', { query: { limit, offset }, signal }),
};
