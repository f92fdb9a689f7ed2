import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeCurriculum } from '../../schema/contracts/learning';
import HomePage from '../../web/pages/HomePage';

const CURRICULA: HomeCurriculum[] = [
  {
    _id: 'c1',
    curriculum: 'Cambridge IGCSE',
    slug: 'cambridge-igcse',
    description: 'International GCSEs from Cambridge.',
    subjects: [
      {
        _id: 's1',
        subject: 'Mathematics',
        slug: 'maths',
        grade: [
          { _id: 'g1', grade: 'Grade 9' },
          { _id: 'g2', grade: 'Grade 10' },
        ],
      },
      { _id: 's2', subject: 'Physics', slug: 'physics', grade: [] },
    ],
  },
  {
    _id: 'c2',
    curriculum: 'AQA GCSE',
    slug: 'aqa-gcse',
    description: 'GCSEs from AQA.',
    subjects: [{ _id: 's3', subject: 'Combined Science', slug: 'combined-science', grade: [] }],
  },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('renders curricula as tabs and subjects as links from the API', async () => {
    fetchMock.mockResolvedValue(json(CURRICULA));
    const user = userEvent.setup();
    renderHome();

    expect(screen.getByRole('status')).toHaveTextContent('Loading curricula');
    const igcse = await screen.findByRole('tab', { name: 'Cambridge IGCSE' });
    expect(fetchMock).toHaveBeenCalledWith('/api/curriculums/getCurriculumsForHomePage', expect.anything());
    expect(igcse).toHaveAttribute('aria-selected', 'true');

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Cambridge IGCSE' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Mathematics/ })).toHaveAttribute('href', '/cambridge-igcse/maths');
    expect(within(panel).getByText('Grade 9 · Grade 10')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Physics/ })).toHaveAttribute('href', '/cambridge-igcse/physics');

    await user.click(screen.getByRole('tab', { name: 'AQA GCSE' }));
    const aqaPanel = screen.getByRole('tabpanel');
    expect(within(aqaPanel).getByRole('link', { name: /Combined Science/ })).toHaveAttribute('href', '/aqa-gcse/combined-science');

    // Headless UI tabs follow the WAI-ARIA pattern: arrow keys move between curricula.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cambridge IGCSE' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: /Mathematics/ })).toBeInTheDocument();
  });

  it('shows an empty state when no curricula are published', async () => {
    fetchMock.mockResolvedValue(json([]));
    renderHome();
    expect(await screen.findByRole('heading', { name: 'No curricula published yet' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows an error with a Retry that fetches again', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Internal error' }, 500)).mockResolvedValueOnce(json(CURRICULA));
    const user = userEvent.setup();
    renderHome();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the curricula");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('tab', { name: 'Cambridge IGCSE' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('opens and closes the free-trial dialog, and links sign-in to /login', async () => {
    fetchMock.mockResolvedValue(json(CURRICULA));
    const user = userEvent.setup();
    renderHome();

    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
    await user.click(screen.getAllByRole('button', { name: 'Book your FREE Class' })[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Book your FREE Class' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('We are with you on your learning journey, you are just one step closer to booking your free trial.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog's code loads on first open; a cold transform of the calendar can take a while on a busy machine.
  }, 20_000);
});
