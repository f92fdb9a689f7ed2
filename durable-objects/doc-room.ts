import { DurableObject } from 'cloudflare:workers';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as authProtocol from 'y-protocols/auth';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { databaseFor } from '../platform/database';
import { type AttendanceRef, recordJoin, recordLeave } from '../platform/ledger/attendance';
import { recordRaisedHand } from '../platform/ledger/raised-hands';
import { readDocConnection } from '../platform/realtime/doc-connection';
import { encodeHistory, historyKey } from '../platform/realtime/doc-history';
import { AV_MESSAGE_SIGNAL } from '../schema/contracts/av-signal';
import { type ControlNotice, controlRequest, DOC_MESSAGE_CONTROL } from '../schema/contracts/lesson-controls';
import type { ConsentRecord, RecordingFrame } from '../schema/contracts/lesson-recordings';
import {
  DOC_CLOSE_FULL,
  DOC_FULL_REASON,
  DOC_LIMIT_BYTES,
  DOC_MESSAGE_NOTICE,
  DOC_MESSAGE_RECORDING,
  DOC_WARN_BYTES,
  type DocNotice,
} from '../schema/contracts/realtime';
import { parseDocName } from '../schema/contracts/room-names';
import type { Env } from './env';
import { type AvSocketState, leaveAv, newPeerId, onAvFrame, rosterAv } from './lib/av-relay';
import { applyControl, type ControlActor } from './lib/controls-apply';
import { ControlsGuard } from './lib/controls-guard';
import { type AwarenessEntry, awarenessRemoval, readAwarenessUpdate, writeAwarenessUpdate } from './lib/doc-awareness';
import { type DocOutline, docOutline } from './lib/doc-outline';
import { DocStore, type LogStats, type NewUpdate } from './lib/doc-store';
import { DOCUMENT_FRAMES, FrameRateLimit, withinFrameRate } from './lib/frame-rate';
import { RecordingConsent } from './lib/recording-consent';
import { acceptSocket, admit, attachmentOf, enableHeartbeat, openSockets, parseFrame } from './lib/sockets';
import { UsedTickets } from './lib/used-tickets';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_QUERY_AWARENESS = 3;

/**
 * The log is folded into the snapshot once it holds this many updates or bytes and the room has been quiet for
 * COMPACT_QUIET_MS, and whenever the room empties. Folding rewrites the whole document and archives the log, so doing
 * it mid-flow stalled everyone typing (measured: it doubled the typing p99 of 30 collaborators).
 */
export const COMPACT_AT_UPDATES = 500;
export const COMPACT_AT_BYTES = 1024 * 1024;
export const COMPACT_QUIET_MS = 2000;
/** A room that never pauses is folded anyway at this many times the thresholds, so a wake never replays a huge log. */
const COMPACT_ANYWAY_FACTOR = 20;

/** Attachments are capped at 2 KB; a client has one awareness id, a few more are tolerated. */
const MAX_AWARENESS_IDS = 8;

export const READ_ONLY_REASON = 'This document is read-only for you';

interface DocSocketState {
  userId: string;
  readOnly: boolean;
  /** awareness client id → the last clock it announced, so its departure can be told after a hibernation */
  awareness: Record<string, number>;
  /** Set on a lesson's board: who is in the lesson, reported to its attendance (one of the lesson's two documents counts). */
  attendance?: AttendanceRef;
  /** Set on a lesson's board: who may change the tutor's controls, and whose updates are checked against them. */
  controls?: ControlActor;
  /** Set on a lesson's board: this socket as a peer of the lesson's audio and video. */
  av?: AvSocketState;
}

const logOver = (log: LogStats, factor = 1) => log.count >= COMPACT_AT_UPDATES * factor || log.bytes >= COMPACT_AT_BYTES * factor;

/** What an update needs from its socket's attachment: none of it changes after the upgrade. */
type Writer = Pick<DocSocketState, 'userId' | 'readOnly' | 'controls'>;

interface PendingUpdate extends NewUpdate {
  ws: WebSocket;
}

interface LoadedDoc {
  doc: Y.Doc;
  /** an upper bound of the encoded document: exact after a load or compaction, plus each stored update since */
  bytes: number;
  log: LogStats;
  /**
   * The whole document encoded, kept until it changes: everyone opening a lesson at once (an empty state vector)
   * gets the same bytes, and compaction reuses them.
   */
  encoded: Uint8Array | null;
  /** A lesson board's check of students' updates against the controls, made with the first one. */
  guard: ControlsGuard | null;
}

function frame(type: number, write: (encoder: encoding.Encoder) => void) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const noticeFrame = (notice: DocNotice) => frame(DOC_MESSAGE_NOTICE, (e) => encoding.writeVarString(e, JSON.stringify(notice)));
const updateFrame = (update: Uint8Array) => frame(MESSAGE_SYNC, (e) => syncProtocol.writeUpdate(e, update));
const awarenessFrame = (update: Uint8Array) => frame(MESSAGE_AWARENESS, (e) => encoding.writeVarUint8Array(e, update));
const controlFrame = (notice: ControlNotice) => frame(DOC_MESSAGE_CONTROL, (e) => encoding.writeVarString(e, JSON.stringify(notice)));
const refusedFrame = (message: string) => controlFrame({ type: 'refused', message });

/**
 * Whether an awareness entry tells the room something: a client it does not know, a newer clock, or at the same clock a
 * departure of a client it holds or the return of one that left (a reconnect announces the clock it had). Otherwise an
 * equal clock is the same state: Yjs bumps the clock on every change.
 */
const isNews = (known: AwarenessEntry | undefined, entry: AwarenessEntry) =>
  !known || entry.clock > known.clock || (entry.clock === known.clock && (entry.state === 'null') !== (known.state === 'null'));

function sendBytes(ws: WebSocket, bytes: Uint8Array) {
  try {
    ws.send(bytes);
  } catch {
    // The peer went away mid-send; its close handler tidies up.
  }
}

/**
 * One Yjs document (named `${tenantId}:${docName}`), served over the y-websocket protocol so the stock
 * WebsocketProvider is the client. Nothing here keeps the object awake: sockets are hibernatable, presence lives
 * in their attachments, and the Y.Doc is rebuilt from SQLite on the first message after a wake.
 */
export class DocRoom extends DurableObject<Env> {
  private readonly usedTickets: UsedTickets;
  private readonly frames = new FrameRateLimit(DOCUMENT_FRAMES);
  private readonly store: DocStore;
  private loaded: LoadedDoc | null = null;
  /** Awareness states seen since the last wake; after one, peers are asked again when someone joins. */
  private readonly awareness = new Map<number, AwarenessEntry>();
  private compacting: Promise<void> | null = null;
  private readonly left = new WeakSet<WebSocket>();
  /** Applied in memory, not yet stored nor sent: the next `flush()` takes them all. */
  private readonly pending: PendingUpdate[] = [];
  /** A lesson board's recording consent; made on first use, so other documents never create its tables. */
  private consent: RecordingConsent | null = null;
  /** Each socket's writer, read once per wake: decoding the attachment on every keystroke was a tenth of the room's time. */
  private readonly writers = new WeakMap<WebSocket, Writer | null>();
  /** When the last change was stored, and the pending fold that waits for the room to go quiet. */
  private lastChangeAt = 0;
  private quietFold: ReturnType<typeof setTimeout> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.usedTickets = new UsedTickets(ctx.storage.sql);
    this.store = new DocStore(ctx.storage.sql, ctx.storage);
    enableHeartbeat(ctx);
  }

  override async fetch(request: Request): Promise<Response> {
    const admission = admit(request, this.usedTickets, readDocConnection);
    if (!admission.ok) return admission.refusal;
    const { identity, connection } = admission;
    this.store.remember(identity.tenantId, connection.name);
    const lesson = parseDocName(connection.name);
    const attendance = lesson?.part === 'board' ? { tenantId: identity.tenantId, sectionId: lesson.sectionId, userId: identity.userId } : undefined;
    const controls = attendance ? { userId: identity.userId, name: identity.name, leads: connection.leads } : undefined;
    const av = attendance ? { peerId: newPeerId(), name: identity.name, watching: connection.readOnly } : undefined;
    const state: DocSocketState = { userId: identity.userId, readOnly: connection.readOnly, awareness: {}, attendance, controls, av };
    if (attendance) await recordJoin(databaseFor(this.env.DB), attendance, new Date());
    const { socket, response } = acceptSocket(this.ctx, state);
    this.greet(socket, state);
    if (attendance) {
      this.recording().meet(identity.userId, identity.name);
      this.tellRecording(socket);
    }
    return response;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (!withinFrameRate(this.frames, ws)) return;
    // Text frames are heartbeats, answered by the runtime; the protocol is binary.
    if (typeof message === 'string') return;
    const writer = this.writerOf(ws);
    if (!writer) return;
    try {
      const decoder = decoding.createDecoder(new Uint8Array(message));
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE_SYNC) return this.onSync(ws, writer, decoder);
      const state = attachmentOf<DocSocketState>(ws);
      if (!state) return;
      switch (type) {
        case MESSAGE_AWARENESS:
          return this.onAwareness(ws, state, decoding.readVarUint8Array(decoder));
        case MESSAGE_QUERY_AWARENESS:
          return this.sendKnownAwareness(ws, [...this.awareness.keys()]);
        case DOC_MESSAGE_CONTROL:
          return await this.onControl(ws, state, decoding.readVarString(decoder));
        case AV_MESSAGE_SIGNAL:
          return await onAvFrame(this.ctx, databaseFor(this.env.DB), ws, state, decoding.readVarString(decoder));
      }
    } catch {
      // A malformed frame may have half-applied: store the others' queued changes (each whole and valid), then
      // forget the in-memory document so the next frame reloads it.
      this.flush();
      this.unload();
      ws.close(1003, 'Malformed message');
    }
  }

  override async webSocketClose(ws: WebSocket) {
    await this.leave(ws);
  }

  override async webSocketError(ws: WebSocket) {
    await this.leave(ws);
  }

  /** What a lesson report drafts from this document (RPC from the Worker). */
  async outline(): Promise<DocOutline> {
    return docOutline(this.doc().doc);
  }

  /** The tutor asks to record (or stops); RPC from the Worker, which has checked who leads. */
  async recordingSwitch(userId: string, on: boolean): Promise<RecordingFrame> {
    if (on) this.recording().ask(userId, Date.now(), this.present());
    else this.recording().stop(Date.now());
    return this.tellRecording();
  }

  /** A member agrees or says no; null when nobody has asked to record. */
  async recordingDecide(userId: string, agree: boolean): Promise<RecordingFrame | null> {
    if (!this.recording().decide(userId, agree, Date.now(), this.present())) return null;
    return this.tellRecording();
  }

  /** Whether this person's recording chunk may be stored now: asked for by the upload route before it stores anything. */
  async recordingAllows(userId: string): Promise<boolean> {
    return this.recording().mayRecord(userId, Date.now());
  }

  async recordingConsents(): Promise<ConsentRecord[]> {
    return this.recording().log();
  }

  private recording() {
    this.consent ??= new RecordingConsent(this.ctx.storage.sql);
    return this.consent;
  }

  /**
   * The people in the room now who could be recorded (each once, whatever their tabs), leaving out a socket on its way
   * out. Those who only watch are neither asked nor recorded.
   */
  private present(except?: WebSocket) {
    return [...new Set(openSockets<DocSocketState>(this.ctx, except).flatMap((s) => (s.state.readOnly ? [] : [s.state.userId])))];
  }

  /**
   * Sends the recording's state to everyone. While nothing is recorded, an arrival hears it alone (so a tab back from
   * offline drops a recording stopped meanwhile) and a departure tells nobody.
   */
  private tellRecording(arrived?: WebSocket, leaving?: WebSocket): RecordingFrame {
    const state = this.recording().frame(this.present(leaving));
    if (leaving && state.state === 'off') return state;
    const bytes = frame(DOC_MESSAGE_RECORDING, (e) => encoding.writeVarString(e, JSON.stringify(state)));
    const to = arrived && state.state === 'off' ? [arrived] : openSockets(this.ctx, leaving).map((other) => other.ws);
    for (const ws of to) sendBytes(ws, bytes);
    return state;
  }

  private doc(): LoadedDoc {
    if (this.loaded) return this.loaded;
    const doc = new Y.Doc();
    const { snapshotBytes, log } = this.store.loadInto(doc);
    this.loaded = { doc, bytes: snapshotBytes + log.bytes, log, encoded: null, guard: null };
    return this.loaded;
  }

  /** Forgets the in-memory document; the next use reloads it from storage. */
  private unload() {
    this.loaded?.guard?.destroy();
    this.loaded = null;
  }

  /** The whole document as one update, encoded once per change. */
  private encoded(loaded: LoadedDoc): Uint8Array {
    loaded.encoded ??= Y.encodeStateAsUpdate(loaded.doc);
    return loaded.encoded;
  }

  /** The server's half of the handshake: its state vector (so the client sends what it has offline) and who is here. */
  private greet(ws: WebSocket, state: DocSocketState) {
    this.flush();
    const { doc, bytes } = this.doc();
    sendBytes(
      ws,
      frame(MESSAGE_SYNC, (e) => syncProtocol.writeSyncStep1(e, doc)),
    );
    if (state.readOnly) sendBytes(ws, noticeFrame({ type: 'docReadOnly' }));
    if (state.controls) sendBytes(ws, controlFrame({ type: 'clock', now: Date.now() }));
    rosterAv(this.ctx, ws, state);
    if (bytes >= DOC_WARN_BYTES) sendBytes(ws, noticeFrame({ type: 'docSizeWarning', bytes, limit: DOC_LIMIT_BYTES }));

    const others = openSockets<DocSocketState>(this.ctx, ws);
    const present = others.flatMap((o) => Object.keys(o.state.awareness).map(Number));
    // The answers to a query reach the newcomer only for states the room did not know, so the known ones go first.
    this.sendKnownAwareness(ws, present);
    if (present.every((id) => this.awareness.has(id))) return;
    // Woken without memory of their states: ask the others, whose answers reach everyone, the newcomer too.
    const query = frame(MESSAGE_QUERY_AWARENESS, () => undefined);
    for (const other of others) sendBytes(other.ws, query);
  }

  private sendKnownAwareness(ws: WebSocket, clientIds: number[]) {
    const entries = clientIds.flatMap((id) => this.awareness.get(id) ?? []).filter((entry) => entry.state !== 'null');
    if (entries.length > 0) sendBytes(ws, awarenessFrame(writeAwarenessUpdate(entries)));
  }

  private writerOf(ws: WebSocket): Writer | null {
    let writer = this.writers.get(ws);
    if (writer === undefined) {
      const state = attachmentOf<DocSocketState>(ws);
      writer = state && { userId: state.userId, readOnly: state.readOnly, controls: state.controls };
      this.writers.set(ws, writer);
    }
    return writer;
  }

  private onSync(ws: WebSocket, state: Writer, decoder: decoding.Decoder) {
    const syncType = decoding.readVarUint(decoder);
    if (syncType === syncProtocol.messageYjsSyncStep1) {
      // The answer carries the whole document, so queued changes are stored first.
      this.flush();
      const loaded = this.doc();
      const stateVector = decoding.readVarUint8Array(decoder);
      const empty = Y.decodeStateVector(stateVector).size === 0;
      sendBytes(
        ws,
        frame(MESSAGE_SYNC, (e) => {
          if (!empty) return syncProtocol.writeSyncStep2(e, loaded.doc, stateVector);
          encoding.writeVarUint(e, syncProtocol.messageYjsSyncStep2);
          encoding.writeVarUint8Array(e, this.encoded(loaded));
        }),
      );
      return;
    }
    if (syncType === syncProtocol.messageYjsSyncStep2 || syncType === syncProtocol.messageYjsUpdate) {
      this.onUpdate(ws, state, decoding.readVarUint8Array(decoder));
    }
  }

  /**
   * Applies an update in memory and queues what it changed. Nothing is sent here: the change reaches anyone only
   * from `flush()`, and its sender only after it is in SQLite.
   */
  private onUpdate(ws: WebSocket, state: Writer, update: Uint8Array) {
    const loaded = this.doc();
    if (state.readOnly) {
      // Every reconnect answers our state vector with an update; only one that would change something is refused.
      if (!Y.snapshotContainsUpdate(Y.snapshot(loaded.doc), update)) {
        sendBytes(
          ws,
          frame(MESSAGE_AUTH, (e) => authProtocol.writePermissionDenied(e, READ_ONLY_REASON)),
        );
      }
      return;
    }
    if (this.wouldOverflow(loaded, update)) {
      ws.close(DOC_CLOSE_FULL, DOC_FULL_REASON);
      return;
    }

    const refusal = this.change(loaded, ws, state.userId, () => {
      if (state.controls && !state.controls.leads) {
        loaded.guard ??= new ControlsGuard(loaded.doc);
        return loaded.guard.apply(update, ws);
      }
      Y.applyUpdate(loaded.doc, update, ws);
      return null;
    });
    if (refusal) sendBytes(ws, refusedFrame(refusal));
  }

  /**
   * Runs a change of the document and queues what it changed, as Yjs itself encodes it: nothing for a repeat, no
   * repeated delete sets in the log.
   */
  private change<T>(loaded: LoadedDoc, ws: WebSocket, user: string, run: () => T): T {
    const changes: Uint8Array[] = [];
    const capture = (change: Uint8Array) => changes.push(change);
    loaded.doc.on('update', capture);
    let result: T;
    try {
      result = run();
    } finally {
      loaded.doc.off('update', capture);
    }
    if (changes.length === 0) return result;
    loaded.encoded = null;
    const change = changes.length === 1 ? changes[0]! : Y.mergeUpdates(changes);
    loaded.bytes += change.byteLength;
    this.pending.push({ ws, user, at: Date.now(), change });
    // A zero-delay, one-shot deferral: updates that arrive together (the runtime delivers every queued frame
    // before it fires) share one commit and one broadcast frame. It never keeps an idle room awake.
    if (this.pending.length === 1) setTimeout(() => this.flush(), 0);
    return result;
  }

  /**
   * Group commit: stores every queued change (one row each, so history and compaction still count updates) and sends
   * them to everyone as one merged update, serialised once. The others hear it before it is stored, as a relay would;
   * its senders only after, since the output gate holds their copy (their acknowledgement) until the rows are durable.
   * An unstored change the others already hold is safe: its sender re-sends it until acknowledged, and a failed write
   * makes everyone reconnect and sync again.
   */
  private flush() {
    const batch = this.pending.splice(0);
    const loaded = this.loaded;
    if (batch.length === 0 || !loaded) return;
    const sockets = this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
    const senders = new Set(batch.map((c) => c.ws));
    const merged = batch.length === 1 ? batch[0]!.change : Y.mergeUpdates(batch.map((c) => c.change));
    const bytes = updateFrame(merged);
    for (const ws of sockets) if (!senders.has(ws)) sendBytes(ws, bytes);
    try {
      this.store.append(batch);
    } catch {
      this.unload();
      for (const ws of sockets) ws.close(1011, 'The change could not be saved. Reconnecting will send it again.');
      return;
    }
    for (const ws of sockets) if (senders.has(ws)) sendBytes(ws, bytes);
    const batchBytes = batch.reduce((sum, c) => sum + c.change.byteLength, 0);
    loaded.log = { count: loaded.log.count + batch.length, bytes: loaded.log.bytes + batchBytes };
    if (loaded.bytes - batchBytes < DOC_WARN_BYTES && loaded.bytes >= DOC_WARN_BYTES) {
      const warning = noticeFrame({ type: 'docSizeWarning', bytes: loaded.bytes, limit: DOC_LIMIT_BYTES });
      for (const ws of sockets) sendBytes(ws, warning);
    }
    this.lastChangeAt = Date.now();
    if (logOver(loaded.log, COMPACT_ANYWAY_FACTOR)) void this.compact();
    else if (logOver(loaded.log)) this.foldWhenQuiet();
  }

  /** One timer, pushed back while changes keep coming (not one per change): the fold runs once the room pauses. */
  private foldWhenQuiet(delay = COMPACT_QUIET_MS) {
    if (this.quietFold) return;
    this.quietFold = setTimeout(() => {
      this.quietFold = null;
      const quietFor = Date.now() - this.lastChangeAt;
      if (quietFor < COMPACT_QUIET_MS) this.foldWhenQuiet(COMPACT_QUIET_MS - quietFor);
      else if (this.loaded && logOver(this.loaded.log)) void this.compact();
    }, delay);
  }

  /**
   * A control frame (schema/contracts/lesson-controls.ts): applied into the board's `controls` map on the sender's
   * behalf, or refused with a notice to the sender alone. Only the lesson's leaders change controls; a student only
   * their own hand, which the lesson's attendance counts.
   */
  private async onControl(ws: WebSocket, state: DocSocketState, text: string) {
    if (!state.controls || state.readOnly) {
      sendBytes(ws, refusedFrame(state.readOnly ? READ_ONLY_REASON : "Controls belong to a lesson's board."));
      return;
    }
    const parsed = parseFrame(controlRequest, text);
    if (!parsed.ok) {
      sendBytes(ws, refusedFrame(parsed.message));
      return;
    }
    const loaded = this.doc();
    const actor = state.controls;
    const outcome = this.change(loaded, ws, state.userId, () => applyControl(loaded.doc, parsed.frame, actor, Date.now()));
    if ('refused' in outcome) sendBytes(ws, refusedFrame(outcome.refused));
    else if (outcome.handRaised && state.attendance) {
      try {
        await recordRaisedHand(databaseFor(this.env.DB), state.attendance);
      } catch (error) {
        // The hand is up for everyone; only the count on the lesson's record misses this one.
        console.error('doc room: raised hand not counted', error);
      }
    }
  }

  /** Cheap while the estimate has room; near the limit it measures the document with the update merged in. */
  private wouldOverflow(loaded: LoadedDoc, update: Uint8Array) {
    if (loaded.bytes + update.byteLength <= DOC_LIMIT_BYTES) return false;
    const current = this.encoded(loaded);
    loaded.bytes = current.byteLength;
    if (current.byteLength + update.byteLength <= DOC_LIMIT_BYTES) return false;
    return Y.mergeUpdates([current, update]).byteLength > DOC_LIMIT_BYTES;
  }

  private onAwareness(ws: WebSocket, state: DocSocketState, update: Uint8Array) {
    // Queued changes go first, so everyone sees a socket's frames in the order it sent them (a finished stroke
    // before the presence update that clears its draft).
    this.flush();
    const entries = readAwarenessUpdate(update);
    // y-websocket answers every change it hears with the same entries: passed on again, each change would cost the
    // room a frame per socket for every socket, and a crowd reconnecting at once would bury the room in echoes.
    const fresh = entries.filter((entry) => isNews(this.awareness.get(entry.clientId), entry));
    if (fresh.length === 0) return;
    const awareness = { ...state.awareness };
    for (const entry of fresh) {
      // A departure stays known, so the others' echoes of it are recognised too.
      this.awareness.set(entry.clientId, entry);
      if (entry.state === 'null') delete awareness[entry.clientId];
      else if (entry.clientId in awareness || Object.keys(awareness).length < MAX_AWARENESS_IDS) awareness[entry.clientId] = entry.clock;
    }
    ws.serializeAttachment({ ...state, awareness } satisfies DocSocketState);
    const bytes = awarenessFrame(fresh.length === entries.length ? update : writeAwarenessUpdate(fresh));
    for (const other of openSockets<DocSocketState>(this.ctx, ws)) sendBytes(other.ws, bytes);
  }

  /** Tells the others this socket's people left, and folds the log once nobody is left. */
  private async leave(ws: WebSocket) {
    const state = attachmentOf<DocSocketState>(ws);
    // An error and a close may both arrive for one socket: it leaves the lesson once.
    if (state?.attendance && !this.left.has(ws)) {
      this.left.add(ws);
      await leaveAv(this.ctx, databaseFor(this.env.DB), ws, state);
      await recordLeave(databaseFor(this.env.DB), state.attendance, new Date());
      // Someone who had not agreed leaving may be what the recording waited for.
      this.recording().settle(Date.now(), this.present(ws));
      this.tellRecording(undefined, ws);
    }
    if (state && Object.keys(state.awareness).length > 0) {
      const bytes = awarenessFrame(awarenessRemoval(state.awareness));
      for (const other of openSockets<DocSocketState>(this.ctx, ws)) sendBytes(other.ws, bytes);
      for (const [id, clock] of Object.entries(state.awareness)) this.awareness.set(Number(id), { clientId: Number(id), clock, state: 'null' });
    }
    if (openSockets(this.ctx, ws).length === 0) await this.compact();
  }

  /**
   * Archives the log to R2 (the replay's timeline), then swaps in a snapshot of the whole document and drops the
   * archived rows. Rows stored while the archive uploads stay in the log; the snapshot covering them too is harmless.
   */
  private compact(): Promise<void> {
    this.compacting ??= this.runCompaction()
      .catch((error: unknown) => {
        // The log stays as it was, so nothing is lost; the next threshold or departure tries again.
        console.error('doc room: compaction failed', error);
      })
      .finally(() => {
        this.compacting = null;
      });
    return this.compacting;
  }

  private async runCompaction() {
    this.flush();
    const rows = this.store.log();
    const last = rows.at(-1);
    const owner = this.store.owner();
    if (!last || !owner) return;
    await this.env.FILES.put(historyKey(owner.tenantId, owner.name, rows[0]!.seq, last.seq), encodeHistory(rows), {
      httpMetadata: { contentType: 'application/octet-stream' },
    });
    const loaded = this.doc();
    const snapshot = this.encoded(loaded);
    this.store.replaceSnapshot(snapshot, last.seq);
    loaded.log = this.store.logStats();
    loaded.bytes = snapshot.byteLength + loaded.log.bytes;
  }
}
