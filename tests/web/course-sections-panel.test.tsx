import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { dayAfter, dayLabel, todayIn } from '../../web/entities/availability/free-days';
import { slotTime } from '../../web/entities/availability/slot-times';
import CourseSectionsPanel from '../../web/features/sections/CourseSectionsPanel';
import Toaster from '../../web/ui/toast/Toaster';
import { storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const EDITOR = {
  COURSE: ['view', 'edit'],
  SECTION: ['create', 'edit', 'delete'],
  TEAMS: ['create', 'edit', 'delete'],
  ZOOM: ['create', 'edit', 'delete'],
  RESOURCE: ['create'],
};

function section(overrides: Partial<Section> & Pick<Section, '_id' | 'kind' | 'title'>): Section {
  return {
    course: 'c1',
    parent: null,
    sortingKey: 1,
    description: '',
    status: 'ACTIVE',
    start: null,
    duration: null,
    lessonKind: null,
    billingKind: null,
    joinUrl: null,
    series: null,
    cancelReason: null,
    link: null,
    dueAt: null,
    fileName: null,
    fileSize: null,
    contentType: null,
    download: null,
    attendees: [],
    sections: [],
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const lesson = section({
  _id: 'lesson',
  kind: 'TEAMS',
  title: 'Algebra',
  parent: 'unit',
  start: '2030-01-07T09:00:00.000Z',
  duration: 75,
  joinUrl: '/learning-portal/waiting-room/lesson',
});
const notes = section({
  _id: 'notes',
  kind: 'RESOURCE',
  title: 'Notes',
  parent: 'unit',
  sortingKey: 2,
  download: '/api/resources-and-homeworks/notes/download',
  fileName: 'notes-1.pdf',
  link: 'https://example.com/notes',
});
const homework = section({ _id: 'hw', kind: 'HOMEWORK', title: 'Exercises', parent: 'unit', sortingKey: 3, dueAt: '2030-01-10T17:00:00.000Z' });
const unit = section({ _id: 'unit', kind: 'SECTION', title: 'Unit 1', sections: [lesson, notes, homework] });

const THEO = { _id: 'theo', firstname: 'Theo' };

function renderPanel(
  mode: 'admin' | 'tutor' | 'learner',
  handlers: Parameters<typeof mockApi>[0],
  timezone = 'Europe/London',
  tutor: typeof THEO | null = THEO,
) {
  storeSession(user({ timezone }));
  const fetchMock = mockApi(handlers);
  render(
    <Provider store={createStore()}>
      <CourseSectionsPanel courseId="c1" mode={mode} tutor={tutor} />
      <Toaster />
    </Provider>,
  );
  return fetchMock;
}

/** happy-dom lays nothing out; dnd-kit needs row boxes to move between, so each row is 60 px below the last. */
function layOutRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-section-id]');
    const index = row ? [...row.parentElement!.children].indexOf(row) : 0;
    return { x: 0, y: index * 60, top: index * 60, left: 0, right: 600, bottom: index * 60 + 60, width: 600, height: 60, toJSON: () => ({}) } as DOMRect;
  });
}

/** The keyboard sensor starts listening a tick after activation, as in a browser between key presses. */
async function pressKeys(handle: HTMLElement, codes: string[]) {
  handle.focus();
  for (const code of codes) {
    await act(async () => {
      fireEvent.keyDown(handle, { code, key: code === 'Space' ? ' ' : code });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('course sections panel', () => {
  it('shows the nested tree with lesson times in the viewer’s zone, durations, due dates and no editing for learners', async () => {
    const fetchMock = renderPanel('learner', { 'GET /api/sections': () => json([unit]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading course content');
    expect(await screen.findByText('Unit 1')).toBeInTheDocument();
    const algebra = screen.getByText('Algebra').closest('li')!;
    // 09:00 UTC in January is 09:00 in London; 75 minutes reads "1 h 15 m".
    expect(within(algebra).getByText(/9:00/)).toHaveAttribute('dateTime', lesson.start);
    expect(algebra).toHaveTextContent('1 h 15 m');
    expect(algebra).toHaveTextContent('Upcoming');
    expect(within(algebra).getByRole('button', { name: /Join/ })).toBeDisabled();
    // When Join opens is said in text, not in a tooltip touch and keyboard users never see.
    expect(within(algebra).getByTestId('join-opens')).toHaveTextContent(/^Opens .*8:45/);
    const notesRow = screen.getByText('Notes').closest('li')!;
    expect(within(notesRow).getByRole('button', { name: /Download/ })).toBeInTheDocument();
    expect(within(notesRow).getByRole('link', { name: /Open link/ })).toHaveAttribute('href', 'https://example.com/notes');
    expect(screen.getByText('Exercises').closest('li')).toHaveTextContent('Due');
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/sections?course=c1']);
  });

  it('shows the same lesson in another viewer’s zone', async () => {
    renderPanel('learner', { 'GET /api/sections': () => json([unit]) }, 'Asia/Kolkata');
    const algebra = (await screen.findByText('Algebra')).closest('li')!;
    // 09:00 UTC is 14:30 in India, in the same 24-hour wording as the course header.
    expect(within(algebra).getByText(/14:30/)).toBeInTheDocument();
  });

  it('opens the join button from 15 minutes before the start', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(lesson.start!) - 10 * 60_000);
    renderPanel('learner', { 'GET /api/sections': () => json([unit]) });
    const algebra = (await screen.findByText('Algebra')).closest('li')!;
    expect(within(algebra).getByRole('link', { name: /Join/ })).toHaveAttribute('href', '/learning-portal/waiting-room/lesson');
  });

  it("offers the tutor's free times in the learner's zone, the next free day when the chosen one has none, and books one", async () => {
    const booked: unknown[] = [];
    const asked: string[] = [];
    const freeDay = dayAfter(todayIn('Europe/London'));
    const start = `${freeDay}T16:00:00.000Z`;
    renderPanel('learner', {
      'GET /api/sections': () => json([unit]),
      'GET /api/user-availability/slots/theo': ({ url }) => {
        const query = new URL(url, 'http://x').searchParams;
        asked.push(`${query.get('date')} ${query.get('timezone')}`);
        return json(query.get('date') === freeDay ? [{ user: 'theo', start, end: `${freeDay}T17:00:00.000Z` }] : []);
      },
      'POST /api/team-meetings/course-meeting-book': ({ json: body }) => {
        booked.push(body);
        return json(lesson, 201);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a lesson' }));
    expect(await screen.findByText('No slots are available')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: `Next free day: ${dayLabel(freeDay)}` }));
    await userEvent.click(await screen.findByRole('button', { name: slotTime(start, 'Europe/London') }));
    await userEvent.click(screen.getByRole('button', { name: 'Book lesson' }));
    await waitFor(() => expect(booked).toEqual([{ course: 'c1', start, duration: 60 }]));
    expect(asked).toContain(`${freeDay} Europe/London`);
  });

  it('marks the days with free times and stops the calendar at the booking window, saying why', async () => {
    const freeDay = dayAfter(todayIn('Europe/London'));
    const last = dayAfter(freeDay);
    const asked: string[] = [];
    renderPanel('learner', {
      'GET /api/sections': () => json([unit]),
      'GET /api/user-availability/slots/theo': () => json([]),
      'GET /api/user-availability/free-days/theo': ({ url }) => {
        const query = new URL(url, 'http://x').searchParams;
        asked.push(`${query.get('from')} ${query.get('timezone')} ${query.get('duration')}`);
        return json({ freeDays: [freeDay], lastBookableDay: last, maxDaysAhead: 2 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Book a lesson' });
    expect(await within(dialog).findByTestId('date-note')).toHaveTextContent(
      `Lessons can be booked up to 2 days ahead, until ${dayLabel(last)}. Days in bold with a dot have free times.`,
    );
    expect(asked[0]).toBe(`${todayIn('Europe/London')} Europe/London 60`);
    const marked = within(dialog).getAllByRole('button', { name: /, free times$/ });
    expect(marked).toHaveLength(1);
    expect(marked[0]!.closest('[data-day]')).toHaveAttribute('data-day', freeDay);
    // Every day after the window's last one is closed to choosing.
    const after = within(dialog)
      .queryAllByRole('gridcell')
      .filter((cell) => (cell.getAttribute('data-day') ?? '') > last);
    for (const cell of after) expect(cell.querySelector('button:not([disabled])')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Next Month/i })
        .every((b) => b.hasAttribute('disabled') || b.getAttribute('aria-disabled') === 'true'),
    ).toBe(last.slice(0, 7) === todayIn('Europe/London').slice(0, 7));
  });

  it("shows the server's refusal as it says it", async () => {
    const freeDay = todayIn('Europe/London');
    const start = `${freeDay}T23:00:00.000Z`;
    renderPanel('learner', {
      'GET /api/sections': () => json([unit]),
      'GET /api/user-availability/slots/theo': () => json([{ user: 'theo', start, end: start }]),
      'POST /api/team-meetings/course-meeting-book': () => json({ message: "Lessons need 12 hours' notice", errors: [] }, 409),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a lesson' }));
    await userEvent.click(await screen.findByRole('button', { name: slotTime(start, 'Europe/London') }));
    await userEvent.click(screen.getByRole('button', { name: 'Book lesson' }));
    expect(await screen.findByText("Lessons need 12 hours' notice")).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    renderPanel('tutor', { 'GET /api/sections': () => json([]), 'GET /api/sections/access': () => json(EDITOR) });
    expect(await screen.findByText('No content yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add section' })).toBeInTheDocument();
  });

  it('hides the editing tools from a tutor whose course role only views', async () => {
    renderPanel('tutor', { 'GET /api/sections': () => json([unit]), 'GET /api/sections/access': () => json({ COURSE: ['view'] }) });
    await screen.findByText('Unit 1');
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('moves a row up from the keyboard and saves the new order through update-sorting-keys', async () => {
    layOutRows();
    const saved: unknown[] = [];
    const reordered = { ...unit, sections: [{ ...notes, sortingKey: 1 }, { ...lesson, sortingKey: 2 }, homework] };
    renderPanel('admin', {
      'GET /api/admin/sections': () => json([unit]),
      'GET /api/admin/sections/access': () => json(EDITOR),
      'PUT /api/admin/sections/update-sorting-keys': ({ json: body }) => {
        saved.push(body);
        return json([reordered]);
      },
    });
    const handle = await screen.findByRole('button', { name: 'Move Notes' });
    await pressKeys(handle, ['Space', 'ArrowUp', 'Space']);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      course: 'c1',
      items: [
        { _id: 'notes', parent: 'unit', sortingKey: 1 },
        { _id: 'lesson', parent: 'unit', sortingKey: 2 },
        { _id: 'hw', parent: 'unit', sortingKey: 3 },
      ],
    });
    const rows = screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(rows).toEqual(['Unit 1', 'Notes', 'Algebra', 'Exercises']);
  });

  it('shows the drop at once and rolls it back when saving fails', async () => {
    layOutRows();
    let refuse: (response: Response) => void = () => {};
    renderPanel('admin', {
      'GET /api/admin/sections': () => json([unit]),
      'GET /api/admin/sections/access': () => json(EDITOR),
      'PUT /api/admin/sections/update-sorting-keys': () => new Promise<Response>((resolve) => (refuse = resolve)),
    });
    const titles = () => screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    await pressKeys(await screen.findByRole('button', { name: 'Move Notes' }), ['Space', 'ArrowUp', 'Space']);
    await waitFor(() => expect(titles()).toEqual(['Unit 1', 'Notes', 'Algebra', 'Exercises']));
    await act(async () => refuse(json({ message: 'items.0.parent: must be a section of the same course', errors: [] }, 400)));
    await waitFor(() => expect(titles()).toEqual(['Unit 1', 'Algebra', 'Notes', 'Exercises']));
  });

  it('lists lessons by date, upcoming first and ended ones after, while sections and materials keep their place', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-01-05T12:00:00.000Z'));
    const at = (id: string, title: string, start: string, sortingKey: number) =>
      section({ _id: id, kind: 'TEAMS', title, start, duration: 60, sortingKey, joinUrl: `/learning-portal/waiting-room/${id}` });
    // Saved in the order they were booked: the 3rd was booked after the 20th, and the 1st has ended.
    const tree = [
      at('b', 'Booked for the 20th', '2030-01-20T09:00:00.000Z', 1),
      section({ _id: 'intro', kind: 'RESOURCE', title: 'Welcome notes', sortingKey: 2 }),
      at('a', 'First lesson', '2030-01-01T09:00:00.000Z', 3),
      at('c', 'Booked for the 8th', '2030-01-08T09:00:00.000Z', 4),
      at('d', 'Booked for the 3rd', '2030-01-03T09:00:00.000Z', 5),
      at('e', 'Booked for the 9th', '2030-01-09T09:00:00.000Z', 6),
    ];
    renderPanel('learner', { 'GET /api/sections': () => json(tree) });
    await screen.findByText('Welcome notes');
    const titles = screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(titles).toEqual(['Booked for the 8th', 'Welcome notes', 'Booked for the 9th', 'Booked for the 20th', 'Booked for the 3rd', 'First lesson']);
  });

  it('tells a student before booking that the course has no tutor yet, with booking turned off', async () => {
    const fetchMock = renderPanel('learner', { 'GET /api/sections': () => json([unit]) }, 'Europe/London', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Book a lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Book a lesson' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Your course has no tutor yet, so lessons can't be booked.");
    expect(within(dialog).getByRole('button', { name: 'Book lesson' })).toBeDisabled();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/sections?course=c1']);
  });

  it('tells an admin adding a lesson that the course needs a tutor first, with the save turned off', async () => {
    renderPanel('admin', { 'GET /api/admin/sections': () => json([unit]), 'GET /api/admin/sections/access': () => json(EDITOR) }, 'Europe/London', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Add lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lesson' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent("This course has no tutor yet, so lessons can't be booked. Add a tutor first.");
    expect(within(dialog).getByRole('button', { name: 'Add lesson' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(within(screen.getByRole('dialog', { name: 'Add section' })).queryByRole('alert')).not.toBeInTheDocument();
  });
});
