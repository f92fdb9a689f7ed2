import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { encodeIdentity, IDENTITY_HEADER } from '../../durable-objects/lib/identity';
import { rtTicketRequest, waitingRoomName } from '../../schema/contracts/realtime';
import { users } from '../../schema/tables';
import type { AppBindings, AuthState } from '../env';
import { tenantDb } from '../lib/tenant-db';
import { assertOpen, waitingLessonFor, waitingLessonOf, waitingRoomStub } from '../lib/waiting-room/lesson';
import { signTicket, verifyTicket } from '../lib/tickets';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { validate } from '../middleware/validate';

/**
 * Real-time entry points. Browsers cannot set headers on a WebSocket, so a signed-in client first trades its
 * access token for a short ticket naming one room, then connects with `?ticket=`. The Worker checks the ticket
 * before any Durable Object sees the request and hands the object the verified identity.
 */
export const realtimeRoutes = new Hono<AppBindings>()
  .post('/rt/tickets', requireAuth, validate('json', rtTicketRequest), async (c) => {
    const auth = authOf(c);
    if (auth.isGuest) throw new ApiError(403, 'Sign in to join live rooms');
    const tenant = c.get('tenant');
    const user = await c
      .get('db')
      .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(and(eq(users._id, auth.userId), eq(users.tenantId, tenant._id)))
      .get();
    if (!user) throw new ApiError(401, 'Your session has expired. Please sign in again.');
    const name = `${user.firstname} ${user.lastname}`.trim() || (user.email ?? '');
    const { room } = c.req.valid('json');
    const ticket = await signTicket(c.env.TOKEN_SECRET, { sub: auth.userId, tid: tenant._id, role: auth.role, name, room });
    return c.json({ ticket });
  })
  .get('/rt/waiting-room/:waitingId', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      return c.json({ message: 'Expected a WebSocket upgrade', errors: [] }, 426);
    }
    const tenant = c.get('tenant');
    const waitingId = c.req.param('waitingId');
    const ticket = await verifyTicket(c.env.TOKEN_SECRET, c.req.query('ticket') ?? '');
    if (!ticket || ticket.tid !== tenant._id || ticket.room !== waitingRoomName(waitingId)) {
      throw new ApiError(401, 'This live connection needs a fresh ticket. Please reconnect.');
    }
    // The ticket stands for the signed-in user; a parent acting for a child gets a ticket of their own and no seat.
    const auth: AuthState = { userId: ticket.sub, actingUserId: ticket.sub, role: ticket.role, sessionId: '', isGuest: false };
    const lesson = await waitingLessonFor(tenantDb(c), tenant.permissions, auth, waitingId);
    const stub = waitingRoomStub(c.env, tenant._id, waitingId);
    assertOpen(lesson.section, false);
    const status = await stub.arm(waitingLessonOf(lesson, tenant._id, new URL(c.req.url).origin));
    assertOpen(lesson.section, status.closed);
    const identity = encodeIdentity({
      userId: ticket.sub,
      tenantId: ticket.tid,
      role: ticket.role,
      name: ticket.name,
      ticketId: ticket.jti,
      ticketExp: ticket.exp,
    });
    // A fresh request, so nothing the client sent (least of all an identity header) reaches the object.
    return stub.fetch('https://waiting-room/connect', { headers: { upgrade: 'websocket', [IDENTITY_HEADER]: identity } });
  });
