import type { Env } from '../durable-objects/env';
import type { Db } from '../platform/env';
import type { Tenant } from '../schema/tables';
import type { SignedIn } from './middleware/signed-in';

export type { Env } from '../durable-objects/env';
export type { Db } from '../platform/env';

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
    /** Set by the tenant middleware when the bearer token is valid: its claims and the session it names. */
    signedIn?: SignedIn;
  };
}
