import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as tables from '../schema/tables';

/**
 * The bindings and settings of wrangler.toml that the Worker and the Durable Objects both read. The object
 * namespaces are added in durable-objects/env.ts, where the classes they are typed by live.
 */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  APP_ENV: string;
  /** HMAC key for access tokens and real-time tickets; `npm start` writes a random one to .dev.vars. */
  TOKEN_SECRET: string;
  /** Mail provider key (Resend-compatible HTTP API); without it and EMAIL_FROM, mails stay in the dev mailbox. */
  EMAIL_API_KEY?: string;
  /** Sender address, e.g. `Studyhall <no-reply@studyhall.app>`. */
  EMAIL_FROM?: string;
  /** Base URL of a Resend-compatible API other than Resend itself. */
  EMAIL_API_URL?: string;
  /** Stripe secret key; with STRIPE_WEBHOOK_SECRET it makes payments real, without it they are simulated (locally). */
  STRIPE_SECRET_KEY?: string;
  /** The webhook endpoint's signing secret (`whsec_…`); `npm start` writes a random one, which signs simulated events. */
  STRIPE_WEBHOOK_SECRET?: string;
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
  /**
   * The lesson room's audio and video. AV_ICE_SERVERS: a JSON array of RTCIceServer (STUN and TURN, with TURN
   * credentials); unset, browsers use host candidates only, which reach each other on one network. With
   * REALTIME_APP_ID and REALTIME_APP_TOKEN (a Cloudflare Realtime SFU app) media goes through the SFU.
   */
  AV_ICE_SERVERS?: string;
  REALTIME_APP_ID?: string;
  REALTIME_APP_TOKEN?: string;
}

export type Db = DrizzleD1Database<typeof tables>;
