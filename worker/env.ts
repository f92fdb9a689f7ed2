import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as tables from '../schema/tables';
import type { Tenant } from '../schema/tables';

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  WAITING_ROOM: DurableObjectNamespace<import('../durable-objects/waiting-room').WaitingRoom>;
  DOC_ROOM: DurableObjectNamespace;
  CHAT_ROOM: DurableObjectNamespace;
  USER_INBOX: DurableObjectNamespace;
  APP_ENV: string;
  /** HMAC key for access tokens and real-time tickets; `npm start` writes a random one to .dev.vars. */
  TOKEN_SECRET: string;
  /** Mail provider key (Resend-compatible HTTP API); without it and EMAIL_FROM, mails stay in the dev mailbox. */
  EMAIL_API_KEY?: string;
  /** Sender address, e.g. `Studyhall <no-reply@studyhall.app>`. */
  EMAIL_FROM?: string;
  /** Base URL of a Resend-compatible API other than Resend itself. */
  EMAIL_API_URL?: string;
  /** Web Push (VAPID) keys; without all three, pushes are recorded in the dev push log instead of sent. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** `mailto:` or `https:` contact the push services see. */
  VAPID_SUBJECT?: string;
  /** Workers AI: add `[ai] binding = "AI"` to wrangler.toml (needs a Cloudflare login) to let it mark and hint. */
  AI?: Ai;
  /** An OpenAI-compatible chat endpoint (e.g. `https://api.openai.com/v1`) with OPENAI_API_KEY; used when AI is absent. */
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
}

export type Db = DrizzleD1Database<typeof tables>;

export interface AuthState {
  userId: string;
  /** The user the caller acts for: themselves, or a student linked to a parent. */
  actingUserId: string;
  role: string;
  sessionId: string;
  isGuest: boolean;
  /** The admin acting as this user (log-in-as-user), if any. */
  impersonatorId?: string;
}

/** Who a rule in lib/ acts for: the signed-in caller as the auth middleware established it. */
export type Actor = AuthState;

export interface AppBindings {
  Bindings: Env;
  Variables: {
    db: Db;
    tenant: Tenant;
    requestId: string;
    auth?: AuthState;
  };
}
