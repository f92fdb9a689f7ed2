import { renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurriculumListItem } from '../../schema/contracts/learning';
import { curriculumNames, gradesOf, gradesOfCurriculum, subjectsAtGrade, subjectsOf } from '../../web/entities/curricula/catalogue';
import { useCatalogue } from '../../web/entities/curricula/use-catalogue';
import { toastsAtom } from '../../web/ui/toast-atoms';
import { json, mockApi } from './fetch-mock';

const CATALOGUE = [
  {
    curriculum: 'Cambridge IGCSE',
    subjects: [
      { subject: 'Mathematics', grade: [{ grade: 'Year 10' }, { grade: 'Year 11' }] },
      { subject: 'Physics', grade: [{ grade: 'Year 11' }] },
    ],
  },
] as unknown as CurriculumListItem[];

function renderCatalogue(options?: { toastFailure?: boolean }) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(() => useCatalogue(options), { wrapper }) };
}

afterEach(() => vi.unstubAllGlobals());

/** The one useCatalogue: course and trial pickers and filters, and the profile and onboarding forms. */
describe('useCatalogue', () => {
  it('is null until the catalogue has loaded, then the catalogue', async () => {
    mockApi({ 'GET /api/curriculums/list-with-grades': () => json(CATALOGUE) });
    const { result } = renderCatalogue();
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual(CATALOGUE));
  });

  it('leaves a failed catalogue empty and says nothing, as the filters and pickers rely on', async () => {
    mockApi({ 'GET /api/curriculums/list-with-grades': () => json({ message: 'The catalogue is down', errors: [] }, 500) });
    const { result, store } = renderCatalogue();
    await waitFor(() => expect(result.current).toEqual([]));
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('says why in a toast when the form asks for it, as profile and onboarding do', async () => {
    mockApi({ 'GET /api/curriculums/list-with-grades': () => json({ message: 'The catalogue is down', errors: [] }, 500) });
    const { result, store } = renderCatalogue({ toastFailure: true });
    await waitFor(() => expect(result.current).toEqual([]));
    expect(store.get(toastsAtom)).toEqual([expect.objectContaining({ kind: 'error' })]);
  });
});

describe('the catalogue’s choices', () => {
  it('narrows curriculum → subject → grade, and lists a curriculum’s grades and a grade’s subjects', () => {
    expect(curriculumNames(CATALOGUE)).toEqual(['Cambridge IGCSE']);
    expect(subjectsOf(CATALOGUE, 'Cambridge IGCSE').map((s) => s.subject)).toEqual(['Mathematics', 'Physics']);
    expect(subjectsOf(CATALOGUE, 'IB')).toEqual([]);
    expect(gradesOf(CATALOGUE, 'Cambridge IGCSE', 'Mathematics')).toEqual(['Year 10', 'Year 11']);
    expect(gradesOf(CATALOGUE, 'Cambridge IGCSE', 'Chemistry')).toEqual([]);
    expect(gradesOfCurriculum(CATALOGUE, 'Cambridge IGCSE')).toEqual(['Year 10', 'Year 11']);
    expect(subjectsAtGrade(CATALOGUE, 'Cambridge IGCSE', 'Year 11')).toEqual(['Mathematics', 'Physics']);
  });
});
