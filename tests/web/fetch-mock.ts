import { vi } from 'vitest';
import { STUDYHALL_BRANDING } from '../../schema/contracts/branding-defaults';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (request: { url: string; init: RequestInit; form: URLSearchParams | null; json: unknown }) => Response | Promise<Response>;

/** Stubs global fetch with handlers keyed by "METHOD /path" (query ignored); unknown calls answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const body = typeof init.body === 'string' ? init.body : null;
    const contentType = new Headers(init.headers).get('content-type') ?? '';
    const handler = handlers[key];
    if (!handler) return json({ message: `no mock for ${key}`, errors: [] }, 404);
    return handler({
      url,
      init,
      form: body && contentType.includes('form') ? new URLSearchParams(body) : null,
      json: body && contentType.includes('json') ? JSON.parse(body) : undefined,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const TENANT = {
  _id: 't1',
  key: 'studyhall',
  domain: 'localhost',
  name: 'Studyhall',
  theme: { primary: '#01B8AF', primaryDark: '#0CD6CD' },
  permissions: {},
  isPartner: false,
  payments: 'simulated' as const,
  branding: { ...STUDYHALL_BRANDING, iconUrl: '/learning-portal/brand-icon?v=1', hasOwnIcon: false },
};

export function user(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    _id: 'user_student',
    firstname: 'Sam',
    lastname: 'Student',
    email: 'student@studyhall.test',
    role: { name: 'STUDENT', isGuest: false },
    timezone: 'Asia/Singapore',
    currency: 'USD',
    onboarded: true,
    userMapper: [],
    ...overrides,
  };
}

export const GUEST = user({ _id: 'guest_1', firstname: 'Guest', lastname: '', email: null, role: { name: 'GUEST', isGuest: true } });

export const tokenAnswer = (oauthUser: unknown, token = 'token-1') => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: 3600,
  oauthUser,
});

/** GET /user/{id} for `person` before they fill in anything of their profile. */
export const profileOf = (person: ReturnType<typeof user>) => ({
  ...person,
  phone: null,
  bio: '',
  country: null,
  avatar: null,
  curriculum: null,
  grade: null,
  pageGuides: {},
  experiences: [] as Record<string, unknown>[],
  qualifications: [] as Record<string, unknown>[],
  achievements: [] as Record<string, unknown>[],
  languages: [] as Record<string, unknown>[],
  subjects: [] as Record<string, unknown>[],
});
