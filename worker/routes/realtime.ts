import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import { CHAT_CONNECTION_HEADER, encodeChatConnection } from '../../platform/realtime/chat-connection';
import { DOC_CONNECTION_HEADER, encodeDocConnection } from '../../platform/realtime/doc-connection';
import { INBOX_TEAM_HEADER } from '../../platform/realtime/inbox-connection';
import { adminRoomObject, chatAdminRoom, chatCourseRoom, courseRoomObject, inboxObject, inboxRoom } from '../../schema/contracts/chat';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { docRoomName, rtTicketRequest, waitingRoomName } from '../../schema/contracts/realtime';
import { TEAM_INBOX_PERMISSION } from '../../schema/contracts/team-inbox';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { checkTicket, handOff, issueTicket, ticketActor, upgradeRequired } from '../lib/realtime/gateway';
import { adminChatConnection, courseChatConnection, docConnection, openWaitingRoom } from '../lib/realtime/membership';
import { tenantDb } from '../lib/tenant-db';
import { waitingRoomStub } from '../lib/waiting-room/lesson';
import { authOf, requireAuth } from '../middleware/auth';
import { parseJson } from '../middleware/validate';

const upgradeOnly = createMiddleware<AppBindings>(async (c, next) => upgradeRequired(c.req.raw) ?? next());

/** The ticket in the query, checked for `room` before anything else is read. */
const ticketOf = (c: Context<AppBindings>, room: string | ((userId: string) => string)) =>
  checkTicket({ secret: c.env.TOKEN_SECRET, tenantId: c.get('tenant')._id, ticket: c.req.query('ticket') ?? '', room });

/**
 * Every live connection: the ticket a signed-in client trades its access token for, and one socket route per kind
 * of room (chat, inbox, documents, waiting room). Each checks the upgrade, the ticket and the caller's membership,
 * then hands the socket to its object (worker/lib/realtime).
 */
export const realtimeRoutes = new Hono<AppBindings>()
  .post('/rt/tickets', requireAuth, async (c) => {
    const actor = authOf(c);
    if (actor.isGuest) throw new ApiError(403, 'Sign in to join live rooms');
    const { room } = await parseJson(c, rtTicketRequest);
    return c.json({ ticket: await issueTicket(tenantDb(c), actor, { room, secret: c.env.TOKEN_SECRET }) });
  })
  .get('/rt/chat/course/:courseId', upgradeOnly, async (c) => {
    const courseId = c.req.param('courseId');
    const tdb = tenantDb(c);
    const ticket = await ticketOf(c, chatCourseRoom(courseId));
    const input = { courseId, tenantPermissions: c.get('tenant').permissions, editMode: c.req.query('editMode') === '1' };
    const connection = await courseChatConnection(tdb, ticketActor(ticket), input);
    const room = c.env.CHAT_ROOM.get(c.env.CHAT_ROOM.idFromName(courseRoomObject(tdb.tenantId, courseId)));
    return handOff(room, ticket, { [CHAT_CONNECTION_HEADER]: encodeChatConnection(connection) });
  })
  .get('/rt/chat/admin/:userId', upgradeOnly, async (c) => {
    const userId = c.req.param('userId');
    const tdb = tenantDb(c);
    const ticket = await ticketOf(c, chatAdminRoom(userId));
    const asAdmin = ticket.sub !== userId && ticket.role === 'ADMIN';
    const granted = asAdmin ? await adminPermissions(tdb.db, tdb.tenantId, ticket.sub) : null;
    const connection = await adminChatConnection(tdb, ticketActor(ticket), { userId, tenantPermissions: c.get('tenant').permissions, granted });
    const room = c.env.CHAT_ROOM.get(c.env.CHAT_ROOM.idFromName(adminRoomObject(tdb.tenantId, userId)));
    return handOff(room, ticket, { [CHAT_CONNECTION_HEADER]: encodeChatConnection(connection) });
  })
  .get('/rt/inbox', upgradeOnly, async (c) => {
    const ticket = await ticketOf(c, inboxRoom);
    const tdb = tenantDb(c);
    const granted = ticket.role === 'ADMIN' ? await adminPermissions(tdb.db, tdb.tenantId, ticket.sub) : null;
    const team = granted !== null && hasTenantPermission(granted, c.get('tenant').permissions, TEAM_INBOX_PERMISSION);
    return handOff(c.env.USER_INBOX.get(c.env.USER_INBOX.idFromName(inboxObject(ticket.tid, ticket.sub))), ticket, { [INBOX_TEAM_HEADER]: team ? '1' : '0' });
  })
  .get('/rt/docs/:name', upgradeOnly, async (c) => {
    const name = c.req.param('name');
    const tdb = tenantDb(c);
    const ticket = await ticketOf(c, docRoomName(name));
    const connection = await docConnection(tdb, ticketActor(ticket), { name, tenantPermissions: c.get('tenant').permissions });
    const room = c.env.DOC_ROOM.get(c.env.DOC_ROOM.idFromName(`${tdb.tenantId}:${name}`));
    return handOff(room, ticket, { [DOC_CONNECTION_HEADER]: encodeDocConnection(connection) });
  })
  .get('/rt/waiting-room/:waitingId', upgradeOnly, async (c) => {
    const waitingId = c.req.param('waitingId');
    const tdb = tenantDb(c);
    const ticket = await ticketOf(c, waitingRoomName(waitingId));
    const room = waitingRoomStub(c.env, tdb.tenantId, waitingId);
    const input = { waitingId, tenantPermissions: c.get('tenant').permissions, origin: new URL(c.req.url).origin, room };
    await openWaitingRoom(tdb, ticketActor(ticket), input);
    return handOff(room, ticket);
  });
