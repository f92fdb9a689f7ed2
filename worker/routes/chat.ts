import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { CHAT_CONNECTION_HEADER, type ChatConnection, encodeChatConnection } from '../../durable-objects/lib/chat-connection';
import { encodeIdentity, IDENTITY_HEADER } from '../../durable-objects/lib/identity';
import {
  adminRoomObject,
  chatAdminRoom,
  chatCourseRoom,
  courseRoomObject,
  inboxObject,
  inboxRoom,
  NOTIFICATION_PAGE_SIZE,
  type PushConfig,
  pushSubscriptionBody,
} from '../../schema/contracts/chat';
import { hasPermission, hasTenantPermission } from '../../schema/contracts/permissions';
import { pushLog, pushSubscriptions, users } from '../../schema/tables';
import type { AppBindings, AuthState } from '../env';
import { listNotifications } from '../../platform/chat/notifications';
import { courseAccess } from '../lib/courses/access';
import { listQuery, paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { type VerifiedTicket, verifyTicket } from '../lib/tickets';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { adminPermissions, refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

type Ctx = Context<AppBindings>;

const refusedTicket = () => new ApiError(401, 'This live connection needs a fresh ticket. Please reconnect.');
const chatNotFound = () => new ApiError(404, 'Chat not found');

const isUpgrade = (c: Ctx) => c.req.header('upgrade')?.toLowerCase() === 'websocket';
const expectUpgrade = (c: Ctx) => c.json({ message: 'Expected a WebSocket upgrade', errors: [] }, 426);

/** Checks the single-use ticket for `room` before anything else is read. */
async function ticketFor(c: Ctx, room: string): Promise<VerifiedTicket> {
  const ticket = await verifyTicket(c.env.TOKEN_SECRET, c.req.query('ticket') ?? '');
  if (!ticket || ticket.tid !== c.get('tenant')._id || ticket.room !== room) throw refusedTicket();
  return ticket;
}

function identityOf(ticket: VerifiedTicket) {
  return encodeIdentity({ userId: ticket.sub, tenantId: ticket.tid, role: ticket.role, name: ticket.name, ticketId: ticket.jti, ticketExp: ticket.exp });
}

/** A fresh request to the object, so nothing the client sent (least of all an identity header) reaches it. */
function connectRoom<T extends Rpc.DurableObjectBranded>(namespace: DurableObjectNamespace<T>, objectName: string, ticket: VerifiedTicket, connection?: ChatConnection) {
  const headers: Record<string, string> = { upgrade: 'websocket', [IDENTITY_HEADER]: identityOf(ticket) };
  if (connection) headers[CHAT_CONNECTION_HEADER] = encodeChatConnection(connection);
  return namespace.get(namespace.idFromName(objectName)).fetch('https://chat/connect', { headers });
}

/** The stored edit-mode flag, as the client sends it on connect. */
const editModeQuery = (c: Ctx) => c.req.query('editMode') === '1';

/**
 * Course chat, admin chat and the per-user inbox (real-time), plus the notifications list and push subscriptions.
 * Membership and permissions are decided here, before the upgrade; the rooms enforce only what they are told.
 */
export const chatRoutes = new Hono<AppBindings>()
  .get('/rt/chat/course/:courseId', async (c) => {
    if (!isUpgrade(c)) return expectUpgrade(c);
    const courseId = c.req.param('courseId');
    const ticket = await ticketFor(c, chatCourseRoom(courseId));
    const tdb = tenantDb(c);
    // Tickets go only to signed-in non-guests, and a parent's ticket is their own: no seat in the child's chat.
    const auth: AuthState = { userId: ticket.sub, actingUserId: ticket.sub, role: ticket.role, sessionId: '', isGuest: false };
    const access = await courseAccess(tdb, c.get('tenant').permissions, auth, courseId).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? chatNotFound() : error;
    });
    const readAll = hasPermission(access.asAdmin, { courseChat: ['view'] });
    if (!access.enrolled && !access.tutorPermissions && !readAll) throw new ApiError(403, 'You do not have permission to do this (courseChat: view)');
    const editMode = readAll && editModeQuery(c) && hasPermission(access.asAdmin, { adminCourse: ['edit'] });
    const connection: ChatConnection = { mode: 'user', room: `course:${courseId}`, courseId, readAll, canJoin: editMode, editMode };
    return connectRoom(c.env.CHAT_ROOM, courseRoomObject(tdb.tenantId, courseId), ticket, connection);
  })
  .get('/rt/chat/admin/:userId', async (c) => {
    if (!isUpgrade(c)) return expectUpgrade(c);
    const userId = c.req.param('userId');
    const ticket = await ticketFor(c, chatAdminRoom(userId));
    const tdb = tenantDb(c);
    const tenant = c.get('tenant');
    let readAll = false;
    if (ticket.sub !== userId) {
      const granted = ticket.role === 'ADMIN' ? await adminPermissions(tdb.db, tdb.tenantId, ticket.sub) : null;
      if (!hasTenantPermission(granted, tenant.permissions, { adminCourseChat: ['view'] })) {
        throw new ApiError(403, 'You do not have permission to do this (adminCourseChat: view)');
      }
      const subject = await tdb.db
        .select({ _id: users._id })
        .from(users)
        .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
        .get();
      if (!subject) throw chatNotFound();
      readAll = true;
    }
    const connection: ChatConnection = { mode: 'admin', room: `admin:${userId}`, courseId: null, readAll, canJoin: readAll, editMode: false };
    return connectRoom(c.env.CHAT_ROOM, adminRoomObject(tdb.tenantId, userId), ticket, connection);
  })
  .get('/rt/inbox', async (c) => {
    if (!isUpgrade(c)) return expectUpgrade(c);
    const ticket = await verifyTicket(c.env.TOKEN_SECRET, c.req.query('ticket') ?? '');
    if (!ticket || ticket.tid !== c.get('tenant')._id || ticket.room !== inboxRoom(ticket.sub)) throw refusedTicket();
    return connectRoom(c.env.USER_INBOX, inboxObject(ticket.tid, ticket.sub), ticket);
  })
  .get(
    '/chat/notifications',
    requireAuth,
    requireAccount,
    validate('query', listQuery.safeExtend({ limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE) })),
    async (c) => {
      const query = c.req.valid('query');
      const auth = authOf(c);
      const { docs, totalDocs } = await listNotifications(c.get('db'), c.get('tenant')._id, auth.userId, query);
      return c.json(paged(docs, totalDocs, query));
    },
  )
  .get('/push/config', requireAuth, requireAccount, (c) => {
    // The public key alone is useless without the private one, so a half-configured deployment reports no push.
    const configured = c.env.VAPID_PUBLIC_KEY && c.env.VAPID_PRIVATE_KEY && c.env.VAPID_SUBJECT;
    const body: PushConfig = { vapidPublicKey: configured ? c.env.VAPID_PUBLIC_KEY! : null };
    return c.json(body);
  })
  // An admin acting as someone must not subscribe their own browser to that person's messages.
  .post('/fcm-token', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', pushSubscriptionBody), async (c) => {
    const tdb = tenantDb(c);
    const { token } = c.req.valid('json');
    const auth = authOf(c);
    // One row per browser: the endpoint is the browser's identity, so a re-subscription moves it to whoever signed in.
    const row = await tdb.db
      .insert(pushSubscriptions)
      .values(tdb.values(pushSubscriptions, { userId: auth.userId, endpoint: token.endpoint, p256dh: token.keys.p256dh, auth: token.keys.auth }))
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { tenantId: tdb.tenantId, userId: auth.userId, p256dh: token.keys.p256dh, auth: token.keys.auth, updatedAt: new Date() },
      })
      .returning({ _id: pushSubscriptions._id })
      .get();
    return c.json(row, 201);
  })
  .delete('/fcm-token/:id', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const removed = await tdb.db
      .delete(pushSubscriptions)
      .where(tdb.where(pushSubscriptions, eq(pushSubscriptions._id, c.req.param('id')), eq(pushSubscriptions.userId, authOf(c).userId)))
      .returning({ _id: pushSubscriptions._id })
      .get();
    if (!removed) throw new ApiError(404, 'Push subscription not found');
    return c.json(removed);
  })
  .get('/dev/push-log', requireAuth, validate('query', listQuery), async (c) => {
    if (!['local', 'test'].includes(c.env.APP_ENV)) throw new ApiError(404, `No route for GET ${new URL(c.req.url).pathname}`);
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(pushLog, eq(pushLog.userId, authOf(c).userId));
    const [docs, all] = await Promise.all([
      tdb.db.select().from(pushLog).where(and(where)).orderBy(desc(pushLog.createdAt), desc(pushLog._id)).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ _id: pushLog._id }).from(pushLog).where(where).all(),
    ]);
    return c.json(paged(docs, all.length, query));
  });
