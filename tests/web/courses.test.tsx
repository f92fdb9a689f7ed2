import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const SAM = user({ timezone: 'Asia/Singapore' });

const catalogue = [{ _id: 'c1', curriculum: 'Cambridge IGCSE', subjects: [{ subject: 'Mathematics', grade: [{ grade: 'Grade 9' }, { grade: 'Grade 10' }] }] }];
const course = (overrides: object = {}) => ({
  _id: 'course_1',
  title: 'IGCSE Mathematics with Theo',
  description: '',
  kind: 'One-to-One',
  isOneToOne: true,
  status: 'ACTIVE',
  paymentType: 'CREDIT',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  groupClassId: null,
  permissionTemplateId: null,
  pricingTemplateId: null,
  tutors: [],
  studentsCount: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

function renderAs(who: ReturnType<typeof user>, path: string, handlers: Parameters<typeof mockApi>[0]) {
  storeSession(who);
  const fetchMock = mockApi({
    ...signedInApi(who),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/curriculums/list-with-grades': () => json(catalogue),
    ...handlers,
  });
  const router = renderApp(path);
  return { fetchMock, router };
}

describe('new course form', () => {
  it('checks the fields before sending, then creates the course and opens it', async () => {
    const { fetchMock, router } = renderAs(ADMIN, '/portal/courses', {
      'GET /api/admin/courses': () => json({ docs: [course()], totalDocs: 1, limit: 20, offset: 0 }),
      'POST /api/admin/courses': ({ json: body }) => json(course({ ...(body as object), _id: 'course_new' }), 201),
      'GET /api/admin/courses/course_new': () => json(course({ _id: 'course_new', title: 'Algebra booster' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(within(dialog).getAllByText(/^\w[\w ]* is required\.$/).length).toBeGreaterThanOrEqual(3);
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/admin/courses' && c[1]?.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Algebra booster');
    await userEvent.selectOptions(within(dialog).getByLabelText('Curriculum'), 'Cambridge IGCSE');
    await userEvent.selectOptions(within(dialog).getByLabelText('Subject'), 'Mathematics');
    await userEvent.selectOptions(within(dialog).getByLabelText('Grade'), 'Grade 9');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'Group');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create course' }));

    expect(await screen.findByText('Course created!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/courses' && c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      title: 'Algebra booster',
      kind: 'Group',
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 9',
      status: 'DRAFT',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/courses/course_new'));
  });

  it('shows the server’s field error beside the field', async () => {
    renderAs(ADMIN, '/portal/courses', {
      'GET /api/admin/courses': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
      'POST /api/admin/courses': () =>
        json({ message: 'grade: is not offered for Mathematics', errors: [{ path: 'grade', message: 'is not offered for Mathematics' }] }, 400),
    });
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Algebra');
    await userEvent.selectOptions(within(dialog).getByLabelText('Curriculum'), 'Cambridge IGCSE');
    await userEvent.selectOptions(within(dialog).getByLabelText('Subject'), 'Mathematics');
    await userEvent.selectOptions(within(dialog).getByLabelText('Grade'), 'Grade 10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText('Grade is not offered for Mathematics.')).toBeInTheDocument();
  });
});

describe('my courses', () => {
  it('shows each course with the next lesson in the user’s own time zone', async () => {
    const { fetchMock } = renderAs(SAM, '/portal/courses', {
      'GET /api/courses': () =>
        json({
          docs: [
            {
              ...course(),
              enrolment: 'ENROLLED',
              asTutor: false,
              nextLesson: { _id: 's1', title: 'Lesson', start: '2026-11-24T16:00:00.000Z', timezone: 'Asia/Singapore', localStart: '' },
            },
            { ...course({ _id: 'course_2', title: 'Physics group', kind: 'Group' }), enrolment: 'ENROLLED', asTutor: false, nextLesson: null },
          ],
          totalDocs: 2,
          limit: 12,
          offset: 0,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'My courses' })).toBeInTheDocument();
    const maths = (await screen.findByRole('heading', { name: 'IGCSE Mathematics with Theo' })).closest('li')!;
    // 16:00 UTC on the 24th is midnight on the 25th in Singapore.
    expect(within(maths).getByTestId('next-lesson')).toHaveTextContent(/Wed 25 Nov.*00:00/);
    expect(within(maths).getByText('One-to-one')).toBeInTheDocument();
    const physics = screen.getByRole('heading', { name: 'Physics group' }).closest('li')!;
    expect(within(physics).getByText('No upcoming lessons')).toBeInTheDocument();
    const listCall = fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/courses?'))!;
    expect(String(listCall[0])).toContain('deviceTimezone=Asia%2FSingapore');
  });

  it('has an empty state', async () => {
    renderAs(SAM, '/portal/courses', { 'GET /api/courses': () => json({ docs: [], totalDocs: 0, limit: 12, offset: 0 }) });
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
  });
});

const template = (id: string, title: string) => ({
  _id: id,
  title,
  description: '',
  courseId: null,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  kind: 'One-to-One',
  sectionsCount: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('course templates page', () => {
  it('puts a new template on top and takes a deleted one away, keeping the count', async () => {
    const { fetchMock } = renderAs(ADMIN, '/portal/admin/course-templates', {
      'GET /api/admin/course-templates': () => json({ docs: [template('t1', 'IGCSE Maths starter')], totalDocs: 1, limit: 20, offset: 0 }),
      'GET /api/admin/courses': () => json({ docs: [course()], totalDocs: 1, limit: 100, offset: 0 }),
      'POST /api/admin/course-templates': () => json(template('t2', 'Maths copy'), 201),
      'DELETE /api/admin/course-templates/t1': () => json({ _id: 't1' }),
    });
    expect(await screen.findByRole('heading', { name: 'IGCSE Maths starter' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course template' });
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Maths copy');
    await userEvent.selectOptions(await within(dialog).findByLabelText('Copy the sections of'), 'course_1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Course template created!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/course-templates' && c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({ title: 'Maths copy', fromCourseId: 'course_1', subject: 'Mathematics', kind: 'One-to-One' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Maths copy', 'IGCSE Maths starter']));
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete IGCSE Maths starter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Course template deleted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'IGCSE Maths starter' })).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });
});

describe('opening a course template', () => {
  const tree = [
    { kind: 'SECTION', title: 'Week 1', sections: [{ kind: 'ZOOM', title: 'Kick-off', duration: 60 }] },
    { kind: 'HOMEWORK', title: 'Warm-up sheet' },
  ];
  const full = { ...template('t1', 'IGCSE Maths starter'), sections: tree };

  it("opens a template's details and items, and saves a renamed item and a removed one", async () => {
    const { fetchMock } = renderAs(ADMIN, '/portal/admin/course-templates', {
      'GET /api/admin/course-templates': () => json({ docs: [template('t1', 'IGCSE Maths starter')], totalDocs: 1, limit: 20, offset: 0 }),
      'GET /api/admin/course-templates/t1': () => json(full),
      'PUT /api/admin/course-templates/t1': ({ json: body }) => json({ ...full, ...(body as object), sectionsCount: 2 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit IGCSE Maths starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template: IGCSE Maths starter' });
    expect(await within(dialog).findByLabelText('Zoom meeting')).toHaveValue('Kick-off');
    await userEvent.clear(within(dialog).getByLabelText(/^Title/));
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'IGCSE Maths, term 1');
    await userEvent.clear(within(dialog).getByLabelText('Zoom meeting'));
    await userEvent.type(within(dialog).getByLabelText('Zoom meeting'), 'First lesson');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Warm-up sheet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Course template saved!')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/course-templates/t1' && c[1]?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({
      title: 'IGCSE Maths, term 1',
      subject: 'Mathematics',
      sections: [{ kind: 'SECTION', title: 'Week 1', sections: [{ kind: 'ZOOM', title: 'First lesson', duration: 60 }] }],
    });
    expect(await screen.findByRole('heading', { name: 'IGCSE Maths, term 1' })).toBeInTheDocument();
  });

  it('shows a template read-only to an admin who may view templates but not edit them', async () => {
    renderAs(ADMIN, '/portal/admin/course-templates', {
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: { ...fullAdminPermissions, adminCourse: ['view'] } }),
      'GET /api/admin/course-templates': () => json({ docs: [template('t1', 'IGCSE Maths starter')], totalDocs: 1, limit: 20, offset: 0 }),
      'GET /api/admin/course-templates/t1': () => json(full),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'View IGCSE Maths starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template: IGCSE Maths starter' });
    expect(await within(dialog).findByText('Kick-off')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save template' })).toBeNull();
  });
});

describe('course page', () => {
  const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false }, timezone: 'Europe/London' });
  const view = (tutorPermissions: object | null) => ({ ...course(), enrolment: null, asTutor: Boolean(tutorPermissions), tutorPermissions, nextLesson: null });

  it('lets a course tutor whose role allows COURSE edit rename the course', async () => {
    const { fetchMock } = renderAs(THEO, '/portal/courses/course_1', {
      'GET /api/courses/course_1': () => json(view({ COURSE: ['view', 'edit'] })),
      'PUT /api/courses/course_1': ({ json: body }) => json(course(body as object)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course details' });
    const title = within(dialog).getByLabelText(/Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Maths with Theo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Maths with Theo', level: 1 })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find((c) => c[0] === '/api/courses/course_1' && c[1]?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ title: 'Maths with Theo', description: '' });
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('offers no edit to a tutor whose role only views', async () => {
    renderAs(THEO, '/portal/courses/course_1', { 'GET /api/courses/course_1': () => json(view({ COURSE: ['view'] })) });
    expect(await screen.findByRole('heading', { name: 'IGCSE Mathematics with Theo', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
  });
});

describe('course people (admin)', () => {
  const person = { _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', email: 'tutor@studyhall.test', avatar: null };
  const tutorRow = {
    _id: 'ct1',
    course: 'course_1',
    courseTitle: 'IGCSE Mathematics with Theo',
    user: person,
    type: 'PRIMARY',
    status: 'ENABLE',
    tutorRoleId: 'r',
    groupClassId: null,
    createdAt: '',
    updatedAt: '',
  };
  const studentRow = {
    _id: 'cs1',
    course: 'course_1',
    courseTitle: 'IGCSE Mathematics with Theo',
    user: { ...person, _id: 'user_student', firstname: 'Sam', lastname: 'Student' },
    status: 'ENROLLED',
    paymentType: 'CREDIT',
    createdAt: '',
    updatedAt: '',
  };

  function renderPeople(extra: Parameters<typeof mockApi>[0]) {
    return renderAs(ADMIN, '/portal/courses/course_1', {
      'GET /api/admin/courses/course_1': () => json(course()),
      'GET /api/admin/course-students': () => json({ docs: [studentRow], totalDocs: 1, limit: 100, offset: 0 }),
      'GET /api/admin/course-tutors': () => json({ docs: [tutorRow], totalDocs: 1, limit: 100, offset: 0 }),
      ...extra,
    });
  }

  it('explains why the only tutor cannot be disabled, and offers no way to do it', async () => {
    const { fetchMock } = renderPeople({
      'GET /api/admin/course-tutors/verify-delete/ct1': () =>
        json({
          canDelete: false,
          upcomingLessons: 3,
          message: 'Theo Tutor is the only tutor of "IGCSE Mathematics with Theo", which has 3 upcoming lessons. Add another tutor first.',
        }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'People' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Theo Tutor?' });
    expect(await within(dialog).findByText(/the only tutor/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    const verify = fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/admin/course-tutors/verify-delete/ct1'))!;
    expect(String(verify[0])).toContain('type=DISABLE');
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'PUT')).toBe(false);
  });

  it('removes a student after the check, and the count drops', async () => {
    renderPeople({
      'GET /api/admin/course-students/verify-delete/cs1': () =>
        json({ canDelete: true, upcomingLessons: 2, message: 'Sam Student will be removed from "IGCSE Mathematics with Theo", which has 2 upcoming lessons.' }),
      'DELETE /api/admin/course-students/cs1': () => json({ _id: 'cs1' }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('heading', { name: 'Students (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sam Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Student?' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Student removed!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Students (0)' })).toBeInTheDocument();
    expect(screen.getByText('No students yet.')).toBeInTheDocument();
  });

  it('finds the student to add by name on the server, twenty at a time with Show more, and adds the one chosen', async () => {
    const students = Array.from({ length: 25 }, (_, n) => ({ _id: `s${n}`, firstname: `Student${n}`, lastname: 'Learner', email: `s${n}@studyhall.test` }));
    const asked: string[] = [];
    const added: unknown[] = [];
    renderPeople({
      'GET /api/admin/users/dropdown-list': ({ url }) => {
        const query = new URL(url, 'http://x').searchParams;
        asked.push(`${query.get('name') ?? ''}@${query.get('offset')}`);
        const name = query.get('name') ?? '';
        const matches = students.filter((s) => `${s.firstname} ${s.lastname}`.includes(name));
        const offset = Number(query.get('offset'));
        return json(matches.slice(offset, offset + Number(query.get('limit'))));
      },
      'POST /api/admin/course-students': ({ json: body }) => {
        added.push(body);
        return json({ _id: 'cs2' }, 201);
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'People' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a student' });
    const list = within(dialog).getByLabelText('Student', { selector: 'select' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(21));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show more students' }));
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(26));
    expect(within(dialog).queryByRole('button', { name: 'Show more students' })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'Student12');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose…', 'Student12 Learner (s12@studyhall.test)']),
    );
    expect(asked).toEqual(['@0', '@20', 'Student12@0']);
    await userEvent.selectOptions(list, 's12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(added).toEqual([{ course: 'course_1', user: 's12', paymentType: 'CREDIT' }]));

    await userEvent.click(await screen.findByRole('button', { name: 'Add student' }));
    await userEvent.type(within(await screen.findByRole('dialog', { name: 'Add a student' })).getByRole('searchbox', { name: 'Search' }), 'Nobody');
    expect(await screen.findByRole('option', { name: 'No student matches “Nobody”' })).toBeInTheDocument();
  });

  it('lets an admin add lessons once a tutor is added, without reloading the page', async () => {
    let tutors: unknown[] = [];
    const { fetchMock } = renderPeople({
      'GET /api/admin/courses/course_1': () => json(course({ tutors })),
      'GET /api/admin/sections': () => json([]),
      'GET /api/admin/sections/access': () => json({ SECTION: ['create'], TEAMS: ['create'] }),
      'GET /api/admin/users/dropdown-list': () => json([person]),
      // As the API answers an empty form: each field's problem in the schema's words.
      'POST /api/team-meetings': () =>
        json(
          {
            message: 'Title is required.',
            errors: [
              { path: 'title', message: 'is required' },
              { path: 'start', message: 'must be a date and time' },
            ],
          },
          400,
        ),
      'POST /api/admin/course-tutors': () => {
        tutors = [{ ...tutorRow, user: person }];
        return json(tutorRow, 201);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add lesson' }));
    expect(within(screen.getByRole('dialog', { name: 'Add lesson' })).getByRole('alert')).toHaveTextContent('This course has no tutor yet');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add tutor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tutor' });
    const list = within(dialog).getByLabelText('Tutor', { selector: 'select' });
    await waitFor(() => expect(list).toBeEnabled());
    await userEvent.selectOptions(list, 'user_tutor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Tutor added!')).toBeInTheDocument();

    // The page reads the course again, quietly, to learn its tutors.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/courses/course_1')).length).toBe(2));
    await userEvent.click(screen.getByRole('tab', { name: 'Lessons & materials' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add lesson' }));
    const adding = screen.getByRole('dialog', { name: 'Add lesson' });
    expect(within(adding).queryByRole('alert')).not.toBeInTheDocument();
    const kinds = within(within(adding).getByLabelText('Lesson kind')).getAllByRole('option');
    expect(kinds.map((o) => o.textContent)).toEqual(['Lesson', 'Trial']);
    await userEvent.click(within(adding).getByRole('button', { name: 'Add lesson' }));
    expect(await within(adding).findByText('Title is required.')).toBeInTheDocument();
    expect(within(adding).getByText('Start must be a date and time.')).toBeInTheDocument();
  });
});
