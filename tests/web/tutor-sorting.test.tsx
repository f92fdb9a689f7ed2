import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { TUTOR_SORTING_UPDATED, type TutorSorting } from '../../schema/contracts/tutor-sortings';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const tutor = (id: string, firstname: string) => ({ _id: id, firstname, lastname: 'Tutor', email: null, availabilityState: null });
const SORTING: TutorSorting = {
  _id: null,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  tutors: [tutor('theo', 'Theo'), tutor('olivia', 'Olivia')],
};

function open(permissions = fullAdminPermissions) {
  storeSession(ADMIN);
  const puts: unknown[] = [];
  mockApi({
    ...signedInApi(ADMIN),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/curriculums/list-with-grades': () => json([]),
    'GET /api/admin/tutor-sortings': () => json({ docs: [SORTING], totalDocs: 1, limit: 10, offset: 0 }),
    'PUT /api/admin/tutor-sortings': ({ json: body }) => {
      puts.push(body);
      return json({ ...SORTING, _id: 's1', tutors: [SORTING.tutors[1], SORTING.tutors[0]] });
    },
  });
  renderApp('/portal/admin/tutor-sorting');
  return puts;
}

/** happy-dom lays nothing out; dnd-kit's keyboard moves need each row to have its own place, 40 px apart. */
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('li');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    return DOMRect.fromRect({ x: 0, y: index * 40, width: 300, height: 36 });
  });
});
afterEach(() => vi.restoreAllMocks());

const names = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('tutor sorting page', { timeout: 30_000 }, () => {
  it('reorders tutors from the keyboard and saves with the spec’s toast', async () => {
    const puts = open();
    const u = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Cambridge IGCSE · Mathematics · Grade 10' }, { timeout: 10_000 });
    expect(names(card)).toEqual(['1.Theo Tutor', '2.Olivia Tutor']);
    const save = within(card).getByRole('button', { name: 'Save order' });
    expect(save).toBeDisabled();

    within(card).getByRole('button', { name: 'Move Theo Tutor' }).focus();
    await u.keyboard('[Space]');
    await u.keyboard('[ArrowDown]');
    await u.keyboard('[Space]');
    await waitFor(() => expect(names(card)).toEqual(['1.Olivia Tutor', '2.Theo Tutor']));

    await u.click(save);
    expect(await screen.findByText(TUTOR_SORTING_UPDATED)).toBeInTheDocument();
    expect(puts).toEqual([{ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10', tutorIds: ['olivia', 'theo'] }]);
  });

  it('shows the order read-only without the edit permission', async () => {
    open({ tutorSorting: ['view'] });
    const card = await screen.findByRole('region', { name: 'Cambridge IGCSE · Mathematics · Grade 10' }, { timeout: 10_000 });
    expect(within(card).queryByRole('button', { name: 'Save order' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });
});
