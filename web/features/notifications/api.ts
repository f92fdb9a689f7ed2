import type { NotificationPage, NotificationPreferences } from '../../../schema/contracts/notifications';
import { api } from '../../lib/api';

export const noticeCalls = {
  list: (query: { limit: number; offset: number; unread?: 'true' }) => api<NotificationPage>('/notifications', { query }),
  markRead: (input: { ids: string[] } | { all: true }) => api<NotificationPage>('/notifications/read', { method: 'POST', json: input }),
  preferences: () => api<NotificationPreferences>('/notification-preferences'),
  savePreferences: (input: NotificationPreferences) => api<NotificationPreferences>('/notification-preferences', { method: 'PUT', json: input }),
};
