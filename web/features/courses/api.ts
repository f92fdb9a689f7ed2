import type { ListResponse } from '../../../schema/contracts/common';
import type { CoursePriceOverride } from '../../../schema/contracts/course-price';
import type { CourseStudent, CourseTutor, EnrolmentVerifyDelete } from '../../../schema/contracts/course-students';
import type { CourseFromTemplateInput, CourseTemplate, CourseTemplateInput, CourseTemplateUpdate } from '../../../schema/contracts/course-templates';
import type { Course, CourseInput, CourseUpdate, MyCourse } from '../../../schema/contracts/courses';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import { api } from '../../lib/api';

/** A course page's course: a learner's view, and for its tutor the permissions this tutor holds on it. */
export type CourseView = MyCourse & { tutorPermissions?: PermissionMap | null };

type Page = { limit: number; offset: number };

type Named = { _id: string; name: string };
export type TemplateKey = 'permissionTemplateId' | 'pricingTemplateId';

const templateLists: Record<TemplateKey, string> = {
  permissionTemplateId: '/admin/course-permission-templates/dropdown-list',
  pricingTemplateId: '/admin/course-pricing-templates/dropdown-list',
};

/** A person the add-student and add-tutor lists offer. */
export interface DropdownUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
}
/** How many people one search answers at a time; a full page means there may be more. */
export const PEOPLE_PAGE = 20;
/** What removing (or disabling) an enrolment is about to do: a student's place, or a tutor removed or disabled. */
export type EnrolmentChange = { kind: 'student'; row: CourseStudent } | { kind: 'tutor'; row: CourseTutor; action: 'DELETE' | 'DISABLE' };

const enrolmentPath = (change: EnrolmentChange) => (change.kind === 'student' ? '/admin/course-students' : '/admin/course-tutors');

/** Every call the course screens make: courses, their templates, and who studies and teaches on each. */
export const courseCalls = {
  adminList: (query: Record<string, string | number>) => api<ListResponse<Course>>('/admin/courses', { query }),
  byTitle: () => api<ListResponse<Course>>('/admin/courses', { query: { limit: 100, sortKey: 'title', sortValue: 'asc' } }),
  mine: (page: Page, deviceTimezone: string) => api<ListResponse<MyCourse>>('/courses', { query: { ...page, deviceTimezone } }),
  view: (courseId: string, asAdmin: boolean, deviceTimezone: string, signal?: AbortSignal) =>
    api<CourseView>(asAdmin ? `/admin/courses/${courseId}` : `/courses/${courseId}`, { query: asAdmin ? {} : { deviceTimezone }, signal }),
  /** Creates the course, or updates one that has an id. */
  save: (id: string | undefined, input: CourseInput | CourseUpdate) =>
    api<Course>(id ? `/admin/courses/${id}` : '/admin/courses', { method: id ? 'PUT' : 'POST', json: input }),
  saveAsTutor: (id: string, input: { title?: string; description?: string }) => api<Course>(`/courses/${id}`, { method: 'PUT', json: input }),
  remove: (id: string) => api(`/admin/courses/${id}`, { method: 'DELETE' }),
  templates: (query: { searchText?: string; sort?: string; limit: number; offset?: number }) =>
    api<ListResponse<CourseTemplate>>('/admin/course-templates', { query }),
  createTemplate: (input: CourseTemplateInput) => api<CourseTemplate>('/admin/course-templates', { method: 'POST', json: input }),
  /** One template with its whole section tree. */
  template: (id: string, signal?: AbortSignal) => api<CourseTemplate>(`/admin/course-templates/${id}`, { query: { isSectionsAllowed: '1' }, signal }),
  updateTemplate: (id: string, input: CourseTemplateUpdate) => api<CourseTemplate>(`/admin/course-templates/${id}`, { method: 'PUT', json: input }),
  removeTemplate: (id: string) => api(`/admin/course-templates/${id}`, { method: 'DELETE' }),
  fromTemplate: (templateId: string, input: CourseFromTemplateInput) =>
    api<Course>(`/admin/courses/from-template/${templateId}`, { method: 'POST', json: input }),
  students: (course: string, page: Page) => api<ListResponse<CourseStudent>>('/admin/course-students', { query: { course, ...page } }),
  tutors: (course: string, page: Page) => api<ListResponse<CourseTutor>>('/admin/course-tutors', { query: { course, ...page } }),
  addStudent: (course: string, user: string, paymentType: string) => api('/admin/course-students', { method: 'POST', json: { course, user, paymentType } }),
  addTutor: (course: string, user: string, type: string) => api('/admin/course-tutors', { method: 'POST', json: { course, user, type } }),
  enableTutor: (id: string) => api<CourseTutor>(`/admin/course-tutors/${id}`, { method: 'PUT', json: { status: 'ENABLE' } }),
  verifyChange: (change: EnrolmentChange) =>
    api<EnrolmentVerifyDelete>(`${enrolmentPath(change)}/verify-delete/${change.row._id}`, { query: change.kind === 'tutor' ? { type: change.action } : {} }),
  applyChange: (change: EnrolmentChange) =>
    change.kind === 'tutor' && change.action === 'DISABLE'
      ? api(`${enrolmentPath(change)}/${change.row._id}`, { method: 'PUT', json: { status: 'DISABLE' } })
      : api(`${enrolmentPath(change)}/${change.row._id}`, { method: 'DELETE', query: change.kind === 'tutor' ? { course: change.row.course } : {} }),
  people: (userTypes: 'STUDENT' | 'TUTOR', search: { name: string; offset: number }, signal: AbortSignal) =>
    api<DropdownUser[]>('/admin/users/dropdown-list', {
      query: { userTypes, limit: PEOPLE_PAGE, offset: search.offset, ...(search.name ? { name: search.name } : {}) },
      signal,
    }),
  /** The active templates a course form offers for one of its template fields. */
  templateChoices: (key: TemplateKey) => api<Named[]>(templateLists[key]),
  /** The active pricing templates with their prices, for the course form's "From template" line. */
  pricingTemplates: () => api<(Named & CoursePriceOverride)[]>(templateLists.pricingTemplateId),
};
