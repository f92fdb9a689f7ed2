import { z } from 'zod';

/**
 * The identity the Worker verified from a ticket, handed to a room in one header.
 * Rooms trust it because they are reachable only through the Worker, which always overwrites it.
 */
export const IDENTITY_HEADER = 'x-studyhall-identity';

const identity = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  role: z.string().min(1),
  name: z.string(),
  ticketId: z.string().min(1),
  /** ticket expiry, seconds since the epoch */
  ticketExp: z.number(),
});
export type SocketIdentity = z.infer<typeof identity>;

/** Header values must be ByteStrings, and names are not always ASCII. */
export const encodeIdentity = (value: SocketIdentity) => encodeURIComponent(JSON.stringify(value));

export function readIdentity(request: Request): SocketIdentity | null {
  const raw = request.headers.get(IDENTITY_HEADER);
  if (!raw) return null;
  try {
    const parsed = identity.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
