import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The CI machine is shared and slow at times: a screen that renders after a second is still a screen that renders.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});

// Component tests never reach a network: a request that outlives its test's mockApi (a page's meta-tag lookup
// finishing after cleanup) would otherwise go out through happy-dom to its default origin.
const offline = async (input: RequestInfo | URL) =>
  new Response(JSON.stringify({ message: `no mock for ${String(input)}`, errors: [] }), { status: 404, headers: { 'content-type': 'application/json' } });
globalThis.fetch = offline as typeof fetch;
window.fetch = offline as typeof fetch;
