import { DurableObject } from 'cloudflare:workers';
import { listNotifications } from '../platform/chat/notifications';
import { teamWaiting } from '../platform/chat/team-waiting';
import { wantsChatPush } from '../platform/chat/wants-push';
import { pushSubscriptionsOf, pushToUser } from '../platform/push';
import { readInboxTeam } from '../platform/realtime/inbox-connection';
import { type InboxServerFrame, inboxClientFrame, type NewMessageNotice, NOTIFICATION_PAGE_SIZE, PRESENCE_GRACE_MS } from '../schema/contracts/chat';
import { chatPresence } from '../schema/tables';
import type { Env } from './env';
import { ChatDirectory } from './lib/chat-directory';
import { COMMAND_FRAMES, FrameRateLimit, SLOW_DOWN, withinFrameRate } from './lib/frame-rate';
import { acceptSocket, admit, attachmentOf, broadcast, enableHeartbeat, openSockets, parseFrame, send } from './lib/sockets';
import { UsedTickets } from './lib/used-tickets';

interface InboxSocketState {
  userId: string;
}

export interface Owner {
  tenantId: string;
  userId: string;
}

/** Storage keys: who this inbox belongs to, and when their last tab closed (while the grace runs). */
const OWNER = 'owner';
const LEFT_AT = 'leftAt';
const ONLINE = 'online';
const TEAM = 'team';

/**
 * One per user (`{tenantId}:inbox:{userId}`): every signed-in tab holds a socket here. It owns the user's presence
 * (online while any tab is open, offline once the last has been gone for the grace period, timed by an alarm), pushes
 * the notifications list and unseen badge to every tab so they agree, and sends Web Push when no tab is open.
 */
export class UserInbox extends DurableObject<Env> {
  private readonly usedTickets: UsedTickets;
  private readonly frames = new FrameRateLimit(COMMAND_FRAMES);
  private ownerSaved = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.usedTickets = new UsedTickets(ctx.storage.sql);
    enableHeartbeat(ctx);
  }

  /** Called by a chat room (typed RPC) when the user's counts changed, with the news for toasts and pushes. */
  async changed(owner: Owner, news: NewMessageNotice[]) {
    // A busy room calls several times a second; the owner never changes, so it is written once per wake.
    if (!this.ownerSaved) {
      await this.ctx.storage.put(OWNER, { tenantId: owner.tenantId, userId: owner.userId } satisfies Owner);
      this.ownerSaved = true;
    }
    if (openSockets(this.ctx).length === 0) {
      if (news.length === 0) return;
      // Subscriptions first: for someone with none (most people) that one read is all a message costs here.
      const subscriptions = await pushSubscriptionsOf(this.env, owner);
      if (subscriptions.length > 0 && (await wantsChatPush(new ChatDirectory(this.env, owner.tenantId).db, owner))) {
        for (const notice of news) await pushToUser(this.env, owner, notice, subscriptions);
      }
      return;
    }
    broadcastFirstPage(this.ctx, await this.page(owner, 0), news);
  }

  /** Called by the Worker (typed RPC) when a balance this user sees changed; no push: it matters to an open tab. */
  async creditsChanged(studentId: string) {
    broadcast(this.ctx, { type: 'creditsChanged', studentId } satisfies InboxServerFrame);
  }

  /** Called by the Worker (typed RPC) when the user has a new notice: open tabs read their notices again. */
  async notificationsChanged() {
    broadcast(this.ctx, { type: 'notificationsChanged' } satisfies InboxServerFrame);
  }

  override async fetch(request: Request): Promise<Response> {
    const admission = admit(request, this.usedTickets);
    if (!admission.ok) return admission.refusal;
    const owner: Owner = { tenantId: admission.identity.tenantId, userId: admission.identity.userId };
    await this.ctx.storage.put({ [OWNER]: owner, [TEAM]: readInboxTeam(request) });
    const { response } = acceptSocket(this.ctx, { userId: owner.userId } satisfies InboxSocketState);
    await this.cameOnline(owner);
    // Every tab gets the page, so a badge that drifted in another tab is corrected too.
    broadcastFirstPage(this.ctx, await this.page(owner, 0), []);
    return response;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (!withinFrameRate(this.frames, ws, () => send(ws, { type: 'error', message: SLOW_DOWN } satisfies InboxServerFrame))) return;
    const state = attachmentOf<InboxSocketState>(ws);
    const owner = await this.ctx.storage.get<Owner>(OWNER);
    if (!state || !owner) return;
    const parsed = parseFrame(inboxClientFrame, message);
    if (!parsed.ok) return send(ws, { type: 'error', message: parsed.message } satisfies InboxServerFrame);
    const page = await this.page(owner, parsed.frame.offset);
    const type = parsed.frame.type === 'chatLoadMoreNotificationData' ? 'receiveUserNotificationDataLoadMore' : 'receiveAdminUserNotificationDataLoadMore';
    send(ws, { type, notifications: page.docs, totalDocs: page.totalDocs, offset: parsed.frame.offset } satisfies InboxServerFrame);
  }

  override async webSocketClose(ws: WebSocket) {
    await this.left(ws);
  }

  override async webSocketError(ws: WebSocket) {
    await this.left(ws);
  }

  /** The grace ran out: offline unless a tab came back meanwhile. */
  override async alarm() {
    const owner = await this.ctx.storage.get<Owner>(OWNER);
    const leftAt = await this.ctx.storage.get<number>(LEFT_AT);
    if (!owner || leftAt === undefined || openSockets(this.ctx).length > 0) return;
    await this.ctx.storage.delete(LEFT_AT);
    await this.ctx.storage.put(ONLINE, false);
    await this.announce(owner, false, leftAt);
  }

  private async left(ws: WebSocket) {
    if (openSockets(this.ctx, ws).length > 0) return;
    const now = Date.now();
    await this.ctx.storage.put(LEFT_AT, now);
    await this.ctx.storage.setAlarm(now + PRESENCE_GRACE_MS);
  }

  private async cameOnline(owner: Owner) {
    if ((await this.ctx.storage.get<number>(LEFT_AT)) !== undefined) {
      await this.ctx.storage.delete(LEFT_AT);
      await this.ctx.storage.deleteAlarm();
    }
    if ((await this.ctx.storage.get<boolean>(ONLINE)) === true) return;
    await this.ctx.storage.put(ONLINE, true);
    await this.announce(owner, true, Date.now());
  }

  /** Records the change in D1 and tells every room the user chats in. */
  private async announce(owner: Owner, isOnline: boolean, at: number) {
    const directory = new ChatDirectory(this.env, owner.tenantId);
    const lastSeen = new Date(at);
    await directory.db
      .insert(chatPresence)
      .values({ userId: owner.userId, tenantId: owner.tenantId, isOnline, lastSeen })
      .onConflictDoUpdate({ target: chatPresence.userId, set: { isOnline, lastSeen } });
    const rooms = await directory.roomsOf(owner.userId);
    const presence = { user: owner.userId, isOnline, lastSeen: lastSeen.toISOString() };
    const results = await Promise.allSettled(rooms.map((name) => this.env.CHAT_ROOM.get(this.env.CHAT_ROOM.idFromName(name)).presence(presence)));
    for (const result of results) {
      if (result.status === 'rejected') console.error('inbox: presence fan-out failed', result.reason);
    }
  }

  private async page(owner: Owner, offset: number): Promise<InboxPage> {
    const { db } = new ChatDirectory(this.env, owner.tenantId);
    const team = (await this.ctx.storage.get<boolean>(TEAM)) === true;
    const [page, waiting] = await Promise.all([
      listNotifications(db, owner.tenantId, owner.userId, { limit: NOTIFICATION_PAGE_SIZE, offset }, team),
      team ? teamWaiting(db, owner.tenantId) : undefined,
    ]);
    return { ...page, teamWaiting: waiting };
  }
}

type InboxPage = Awaited<ReturnType<typeof listNotifications>> & { teamWaiting: number | undefined };

function broadcastFirstPage(ctx: DurableObjectState, page: InboxPage, news: NewMessageNotice[]) {
  broadcast(ctx, {
    type: 'receiveUserNotificationData',
    notifications: page.docs,
    totalDocs: page.totalDocs,
    offset: 0,
    totalUnseen: page.totalUnseen,
    news,
    ...(page.teamWaiting === undefined ? {} : { teamWaiting: page.teamWaiting }),
  } satisfies InboxServerFrame);
}
