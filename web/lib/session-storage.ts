import type { PublicUser } from '../../schema/contracts/auth';

/** What the browser remembers between visits: the token, the user it belongs to, and whom calls act for. */
export interface StoredSession {
  token: string;
  user: PublicUser;
  /** Sent as `x-user-id`: the user themselves, or a student a parent is acting for. */
  actingUserId: string;
}

const TOKEN_KEY = 'studyhall.token';
const USER_KEY = 'studyhall.user';
const ACTING_USER_KEY = 'studyhall.actingUserId';

export function readStoredSession(): StoredSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as PublicUser;
    return { token, user, actingUserId: localStorage.getItem(ACTING_USER_KEY) ?? user._id };
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession) {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  localStorage.setItem(ACTING_USER_KEY, session.actingUserId);
}

/** The lesson room's picture for a reload (web/features/lesson-rooms/room-snapshot.ts) goes with the session. */
export const ROOM_SNAPSHOT_KEY = 'studyhall.room-snapshot';

export function clearStoredSession() {
  localStorage.removeItem(ROOM_SNAPSHOT_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(ACTING_USER_KEY);
}

export function storedToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function storedActingUserId() {
  return localStorage.getItem(ACTING_USER_KEY);
}
