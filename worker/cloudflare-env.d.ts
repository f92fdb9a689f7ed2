// Ties `env` and `exports` from "cloudflare:workers" to our own types (what `wrangler types` would generate).
type StudyhallEnv = import('./env').Env;

declare namespace Cloudflare {
  interface Env extends StudyhallEnv {
    /** Only in tests: the D1 migrations read by tests/vitest.workers.config.ts. */
    TEST_MIGRATIONS: import('@cloudflare/vitest-plugin').D1Migration[];
  }
  interface GlobalProps {
    mainModule: typeof import('./index');
    durableNamespaces: 'WaitingRoom' | 'DocRoom' | 'ChatRoom' | 'UserInbox';
  }
}
