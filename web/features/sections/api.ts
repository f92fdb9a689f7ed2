import type { PermissionMap } from '../../../schema/contracts/permissions';
import type { Section, SectionKind } from '../../../schema/contracts/sections';
import { api } from '../../lib/api';
import { isMeeting, meetingBase } from './section-kinds';

type MeetingKind = 'TEAMS' | 'ZOOM';
type Texts = { title: string; description: string };

/**
 * Every call the course's section tree makes. `base` is the sections endpoint of the viewer's mode: the admin's
 * (`/admin/sections`) or a tutor's and learner's (`/sections`).
 */
export const sectionCalls = {
  tree: (base: string, course: string) => api<Section[]>(base, { query: { course } }),
  access: (base: string, course: string) => api<PermissionMap>(`${base}/access`, { query: { course } }),
  sort: (base: string, course: string, items: unknown) => api<Section[]>(`${base}/update-sorting-keys`, { method: 'PUT', json: { course, items } }),
  remove: (base: string, course: string, id: string) => api(`${base}/${id}`, { method: 'DELETE', query: { course } }),
  /** Lessons and meetings are cancelled at their meeting endpoint, resources and homework at theirs. */
  cancel: (kind: SectionKind, id: string, reason: string) =>
    api(`${isMeeting(kind) ? meetingBase(kind) : '/resources-and-homeworks'}/cancel/${id}`, { method: 'PUT', json: { reason } }),
  addSection: (base: string, input: { course: string; parent: string | null; kind: SectionKind } & Texts) => api(base, { method: 'POST', json: input }),
  renameSection: (base: string, id: string, texts: Texts) => api(`${base}/${id}`, { method: 'PUT', json: texts }),
  addLesson: (kind: MeetingKind, input: Record<string, unknown>) => api(meetingBase(kind), { method: 'POST', json: input }),
  updateLesson: (kind: MeetingKind, id: string, input: Record<string, unknown>) => api(`${meetingBase(kind)}/${id}`, { method: 'PUT', json: input }),
  rescheduleLesson: (kind: MeetingKind, id: string, input: { start: string; duration: number }) =>
    api(`${meetingBase(kind)}/reschedule/${id}`, { method: 'PUT', json: input }),
  /** Adds a resource or homework, or changes one that has an id. */
  saveResource: (id: string | undefined, input: Record<string, unknown>) =>
    id
      ? api<Section>(`/resources-and-homeworks/${id}`, { method: 'PUT', json: input })
      : api<Section>('/resources-and-homeworks', { method: 'POST', json: input }),
  bookLesson: (input: { course: string; start: string; duration: number }) => api('/team-meetings/course-meeting-book', { method: 'POST', json: input }),
};
