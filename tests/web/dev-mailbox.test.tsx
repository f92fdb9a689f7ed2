import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkify } from '../../web/features/dev-mailbox/linkify';
import { json, mockApi } from './fetch-mock';
import { renderApp, startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

const RESET_LINK = 'http://localhost:8787/learning-portal/reset-password?email=sam%40example.com&token=abc';

const mail = (n: number) => ({
  _id: `m${n}`,
  to: 'sam@example.com',
  subject: `Mail ${n}`,
  text: `Hi Sam,\n\nOpen this link:\n${RESET_LINK}\n\nThanks`,
  html: '<p>ignored</p>',
  status: 'LOCAL',
  provider: 'dev-mailbox',
  error: null,
  createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4)).toISOString(),
  sentAt: null,
  attachments: [],
});

describe('linkify', () => {
  it('splits text and web addresses', () => {
    expect(linkify('Open https://a.test/x?y=1 now.\nOr http://b.test')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://a.test/x?y=1' },
      { kind: 'text', text: ' now.\nOr ' },
      { kind: 'link', href: 'http://b.test' },
    ]);
    expect(linkify('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
  });
});

describe('dev mailbox page', () => {
  it('shows the not-sent banner and the mails with clickable links', async () => {
    mockApi({ ...startup, 'GET /api/dev/mailbox': () => json({ docs: [mail(1)], totalDocs: 1, limit: 20, offset: 0 }) });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('Development mailbox — these e-mails were not sent.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mail 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RESET_LINK })).toHaveAttribute('href', RESET_LINK);
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('pages through older mails', async () => {
    const fetchMock = mockApi({
      ...startup,
      'GET /api/dev/mailbox': ({ url }) => {
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
        return json({ docs: offset === 0 ? Array.from({ length: 20 }, (_, i) => mail(i)) : [mail(20)], totalDocs: 21, limit: 20, offset });
      },
    });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('1–20 of 21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Newer/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Older/ }));
    expect(await screen.findByText('21–21 of 21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Older/ })).toBeDisabled();
    expect(fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/dev/mailbox'))).toContain('/api/dev/mailbox?limit=20&offset=20');
  });

  it('shows an empty state', async () => {
    mockApi({ ...startup, 'GET /api/dev/mailbox': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }) });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('No e-mails yet')).toBeInTheDocument();
  });

  it('says so when the server has no mailbox (a deployed app)', async () => {
    mockApi({ ...startup, 'GET /api/dev/mailbox': () => json({ message: 'No route', errors: [] }, 404) });
    renderApp('/dev/mailbox');
    await waitFor(() => expect(screen.getByText('The development mailbox is not available here.')).toBeInTheDocument());
  });
});
