import type { ChangePasswordRequest } from '../../../schema/contracts/passwords';
import type { ProfileUpdate, SubjectInput, UserProfile, UserSubject } from '../../../schema/contracts/profile';
import { api } from '../../lib/api';
import type { CollectionSpec } from './collections';

type CollectionItem = UserProfile[CollectionSpec['name']][number];

/** Every call the profile page makes: the profile, its sub-collections, the subjects, the password and deleting the account. */
export const profileCalls = {
  get: (userId: string, signal: AbortSignal) => api<UserProfile>(`/user/${encodeURIComponent(userId)}`, { signal }),
  update: (input: ProfileUpdate) => api<UserProfile>('/user', { method: 'PUT', json: input }),
  changePassword: (input: ChangePasswordRequest) => api('/auth/change-password', { method: 'POST', json: input }),
  deleteAccount: (input: { password: string }) => api('/user/delete', { method: 'PUT', json: input }),
  addSubject: (input: SubjectInput) => api<UserSubject>('/user/subjects', { method: 'POST', json: input }),
  removeSubject: (id: string) => api(`/user/subjects/${id}`, { method: 'DELETE' }),
  /** Adds an item to one of the profile's collections (experience, qualifications…), or changes one that has an id. */
  saveItem: (collection: CollectionSpec['name'], id: string | undefined, payload: Record<string, unknown>) =>
    id
      ? api<CollectionItem>(`/user/${collection}/${id}`, { method: 'PUT', json: payload })
      : api<CollectionItem>(`/user/${collection}`, { method: 'POST', json: payload }),
  removeItem: (collection: CollectionSpec['name'], id: string) => api(`/user/${collection}/${id}`, { method: 'DELETE' }),
};
