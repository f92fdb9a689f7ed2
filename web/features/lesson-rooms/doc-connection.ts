import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as syncProtocol from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { DOC_MESSAGE_NOTICE, type DocNotice, docNotice } from '../../../schema/contracts/realtime';
import { ticketedSocket } from '../../lib/realtime/ticketed-socket';
import { Subscribers } from '../../lib/subscribers';
import { takeEarlyDoc } from './device-docs';
import { keepEarlyAvFrames } from './media/early-frames';

const MESSAGE_SYNC = 0;
/** Edits are confirmed in small batches, not one round trip per stroke point. */
const CONFIRM_AFTER_MS = 250;

export type DocStatus = 'connecting' | 'connected' | 'offline';

export interface DocState {
  status: DocStatus;
  /** The document has been read from this device (or there was nothing to read). */
  loaded: boolean;
  /** Local changes the server has not confirmed as stored: "N changes kept on this device, not yet synced". */
  pending: number;
  readOnly: boolean;
  sizeWarning: { bytes: number; limit: number } | null;
  /** Set when the server closed for good (a full document); the provider stops retrying. */
  closedReason: string | null;
}

export interface LocalStore {
  whenSynced: Promise<unknown>;
  destroy(): Promise<void> | void;
}

export interface DocConnectionOptions {
  name: string;
  /** e.g. `wss://host/api/rt/docs`; the provider appends the document name. */
  serverUrl: string;
  fetchTicket: () => Promise<string>;
  WebSocketImpl?: typeof WebSocket;
  /** The device copy; IndexedDB unless a test supplies its own. */
  localStore?: (name: string, doc: Y.Doc) => LocalStore;
  /** Where the unconfirmed count survives a reload (the edits themselves are in the local store). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** When to make the first connection; at once unless given (the room waits until its first frame is painted). */
  connectWhen?: Promise<unknown>;
}

const pendingKey = (name: string) => `studyhall.doc-pending.${name}`;

/**
 * One shared document on this device: the Y.Doc, its IndexedDB copy, the y-websocket provider with a fresh ticket
 * per connection, and the count of local changes the server has not yet confirmed.
 *
 * Confirmation rides on the sync protocol: the room stores an update before it handles the next message, so a sync
 * step 1 sent after our edits is answered with a step 2 only once they are stored. Each such "marker" remembers the
 * last local change sent before it; its answer confirms everything up to there.
 */
export class DocConnection {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  private readonly local: LocalStore;
  private readonly storage: DocConnectionOptions['storage'];
  private readonly name: string;
  private readonly subscribers = new Subscribers();
  private state: DocState = { status: 'connecting', loaded: false, pending: 0, readOnly: false, sizeWarning: null, closedReason: null };
  /** Sequence numbers of unconfirmed local changes, oldest first. */
  private unconfirmed: number[] = [];
  private nextSeq = 1;
  /** Watermarks of markers sent on the current connection and not yet answered, in order. */
  private markers: number[] = [];
  private markerTimer: ReturnType<typeof setTimeout> | null = null;
  private everConnected = false;
  /** Connection attempts made, the first one included. */
  private attempts = 0;
  private destroyed = false;
  private readonly onOnline = () => this.provider.connect();
  private readonly onOffline = () => this.provider.disconnect();

  constructor(options: DocConnectionOptions) {
    this.name = options.name;
    this.storage = options.storage ?? globalThis.localStorage;
    const carried = Number(this.storage?.getItem(pendingKey(options.name)) ?? 0);
    for (let i = 0; i < carried; i++) this.unconfirmed.push(this.nextSeq++);
    this.state.pending = this.unconfirmed.length;

    // A reload into the room may have started reading the device copy already (device-docs.ts); it is taken over.
    const early = options.localStore ? null : takeEarlyDoc(options.name);
    this.doc = early?.doc ?? new Y.Doc();
    this.local = early?.local ?? (options.localStore ?? ((name, doc) => new IndexeddbPersistence(name, doc)))(options.name, this.doc);
    void this.local.whenSynced.then(() => this.patch({ loaded: true }));

    this.provider = new WebsocketProvider(options.serverUrl, options.name, this.doc, {
      WebSocketPolyfill: ticketedSocket(options.fetchTicket, options.WebSocketImpl),
      disableBc: true,
      connect: false,
    });
    this.wrapSyncHandler();
    this.provider.messageHandlers[DOC_MESSAGE_NOTICE] = (_encoder, decoder) => this.onNotice(decoding.readVarString(decoder));
    keepEarlyAvFrames(this.provider);
    this.provider.on('status', ({ status }) => {
      this.markers = [];
      if (status === 'connected') this.everConnected = true;
      if (status === 'connecting') this.attempts += 1;
      // "Connecting" is only the first attempt: retries after a lost or failed connection stay "offline" until one
      // succeeds. y-websocket announces a retry after a failed first attempt only as another "connecting", so a
      // browser that says it is online when nothing gets through (a Wi-Fi without internet, a page reloaded
      // offline) would otherwise say "Connecting" for ever.
      const first = !this.everConnected && this.attempts <= 1;
      this.patch({ status: status === 'connected' ? 'connected' : status === 'connecting' && first ? 'connecting' : 'offline' });
    });
    this.provider.on('sync', (synced) => {
      if (synced) this.scheduleMarker();
    });
    this.provider.on('closed', ({ reason }) => this.patch({ status: 'offline', closedReason: reason || 'The document is closed' }));
    this.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === this.provider || origin === this.local) return;
      this.unconfirmed.push(this.nextSeq++);
      this.savePending();
      this.scheduleMarker();
    });

    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) this.patch({ status: 'offline' });
    else if (options.connectWhen) void options.connectWhen.then(() => this.connectIfOnline());
    else this.provider.connect();
  }

  private connectIfOnline() {
    if (!this.destroyed && (typeof navigator === 'undefined' || navigator.onLine !== false)) this.provider.connect();
  }

  get awareness() {
    return this.provider.awareness;
  }

  getState = () => this.state;

  subscribe = this.subscribers.subscribe;

  destroy() {
    this.destroyed = true;
    if (this.markerTimer) clearTimeout(this.markerTimer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    this.provider.destroy();
    void this.local.destroy();
    this.doc.destroy();
    this.subscribers.clear();
  }

  private patch(change: Partial<DocState>) {
    this.state = { ...this.state, ...change };
    this.subscribers.notify();
  }

  private savePending() {
    const pending = this.unconfirmed.length;
    if (pending === 0) this.storage?.removeItem(pendingKey(this.name));
    else this.storage?.setItem(pendingKey(this.name), String(pending));
    if (pending !== this.state.pending) this.patch({ pending });
  }

  private scheduleMarker() {
    if (this.markerTimer || this.unconfirmed.length === 0) return;
    this.markerTimer = setTimeout(() => {
      this.markerTimer = null;
      this.sendMarker();
    }, CONFIRM_AFTER_MS);
  }

  private sendMarker() {
    const ws = this.provider.ws;
    const last = this.unconfirmed.at(-1);
    if (last === undefined || !this.provider.synced || !ws || ws.readyState !== 1) return;
    if (this.markers.length > 0 && this.markers.at(-1)! >= last) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    ws.send(encoding.toUint8Array(encoder));
    this.markers.push(last);
  }

  /** Sees each sync message before the provider: a step 2 on a synced connection answers our oldest marker. */
  private wrapSyncHandler() {
    const handle = this.provider.messageHandlers[MESSAGE_SYNC]!;
    this.provider.messageHandlers[MESSAGE_SYNC] = (encoder, decoder, provider, emitSynced, messageType) => {
      const peek = decoding.clone(decoder);
      const syncType = decoding.readVarUint(peek);
      const wasSynced = provider.synced;
      handle(encoder, decoder, provider, emitSynced, messageType);
      if (syncType === syncProtocol.messageYjsSyncStep2 && wasSynced) this.confirm();
    };
  }

  private confirm() {
    const watermark = this.markers.shift();
    if (watermark === undefined) return;
    this.unconfirmed = this.unconfirmed.filter((seq) => seq > watermark);
    this.savePending();
    this.scheduleMarker();
  }

  private onNotice(text: string) {
    let notice: DocNotice;
    try {
      notice = docNotice.parse(JSON.parse(text));
    } catch {
      return;
    }
    if (notice.type === 'docReadOnly') this.patch({ readOnly: true });
    else this.patch({ sizeWarning: { bytes: notice.bytes, limit: notice.limit } });
  }
}

/** The document rooms' address on this page's host. */
export const docServerUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/rt/docs`;
