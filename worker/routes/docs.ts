import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { DOC_CONNECTION_HEADER, encodeDocConnection } from '../../durable-objects/lib/doc-connection';
import { encodeIdentity, IDENTITY_HEADER } from '../../durable-objects/lib/identity';
import { hasPermission } from '../../schema/contracts/permissions';
import { docRoomName, parseDocName } from '../../schema/contracts/realtime';
import { sections } from '../../schema/tables';
import type { AppBindings, AuthState } from '../env';
import { courseAccess } from '../lib/courses/access';
import { tenantDb } from '../lib/tenant-db';
import { verifyTicket } from '../lib/tickets';
import { ApiError } from '../../platform/errors';

const notFound = () => new ApiError(404, 'Document not found');

/**
 * Shared Yjs documents over the y-websocket protocol. The Worker checks the single-use ticket and the caller's
 * membership before any Durable Object sees the socket; the room only enforces what it is told (read-only).
 */
export const docRoutes = new Hono<AppBindings>().get('/rt/docs/:name', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ message: 'Expected a WebSocket upgrade', errors: [] }, 426);
  }
  const tenant = c.get('tenant');
  const name = c.req.param('name');
  const ticket = await verifyTicket(c.env.TOKEN_SECRET, c.req.query('ticket') ?? '');
  if (!ticket || ticket.tid !== tenant._id || ticket.room !== docRoomName(name)) {
    throw new ApiError(401, 'This live connection needs a fresh ticket. Please reconnect.');
  }
  const doc = parseDocName(name);
  if (!doc) throw notFound();

  const tdb = tenantDb(c);
  const section = await tdb.db
    .select({ courseId: sections.courseId })
    .from(sections)
    .where(tdb.where(sections, and(eq(sections._id, doc.sectionId), isNull(sections.deletedAt))))
    .get();
  if (!section) throw notFound();
  // The ticket stands for the signed-in user; a parent acting for a child gets a ticket of their own and no seat.
  const auth: AuthState = { userId: ticket.sub, actingUserId: ticket.sub, role: ticket.role, sessionId: '', isGuest: false };
  const access = await courseAccess(tdb, tenant.permissions, auth, section.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? notFound() : error;
  });
  const readOnly = !access.enrolled && !access.tutorPermissions && !hasPermission(access.asAdmin, { adminCourse: ['edit'] });

  const namespace = c.env.DOC_ROOM;
  const stub = namespace.get(namespace.idFromName(`${tenant._id}:${name}`));
  const identity = encodeIdentity({
    userId: ticket.sub,
    tenantId: ticket.tid,
    role: ticket.role,
    name: ticket.name,
    ticketId: ticket.jti,
    ticketExp: ticket.exp,
  });
  // A fresh request, so nothing the client sent (least of all an identity header) reaches the object.
  return stub.fetch('https://doc-room/connect', {
    headers: { upgrade: 'websocket', [IDENTITY_HEADER]: identity, [DOC_CONNECTION_HEADER]: encodeDocConnection({ name, readOnly }) },
  });
});
