import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { type RawData, WebSocketServer } from 'ws';

export interface Faults {
  /** The chance that a frame, in either direction, is lost: the link breaks there, as TCP would report it. */
  dropRate: number;
  /** Each frame is held this long (uniform), in order: TCP never reorders. */
  jitterMs: [number, number];
}

export const NO_FAULTS: Faults = { dropRate: 0, jitterMs: [0, 0] };

interface Link {
  client: WebSocket;
  upstream: WebSocket;
}

/**
 * A WebSocket proxy between the clients and the dev server that makes the link lossy. It speaks WebSocket on both
 * sides, so it sees whole frames:
 * - a lost frame ends the connection, both halves at once and without a close frame (`terminate()`), and whatever
 *   it still held is lost with it. A frame cannot go missing from the middle of a TCP stream that keeps going: the
 *   stream retransmits it (that is the jitter) or breaks, and the break is what a client must survive;
 * - every frame waits 50–300 ms (by default) before it is passed on, after the one before it in the same direction.
 * `cutAll()` breaks every link at once: the reconnect storm.
 */
export class FaultProxy {
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly links = new Set<Link>();
  faults: Faults = NO_FAULTS;
  framesPassed = 0;
  framesDropped = 0;
  linksCut = 0;

  constructor(
    private readonly port: number,
    private readonly upstreamOrigin: string,
  ) {
    this.server = createServer((_req, res) => {
      res.writeHead(404).end();
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  get origin() {
    return `http://localhost:${this.port}`;
  }

  listen() {
    return new Promise<void>((resolve) => this.server.listen(this.port, 'localhost', resolve));
  }

  close() {
    this.cutAll();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  cutAll() {
    for (const link of [...this.links]) this.cut(link);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const upstream = new WebSocket(`${this.upstreamOrigin.replace(/^http/, 'ws')}${req.url}`, { perMessageDeflate: false });
    // The server's refusal (a used ticket, a 401) reaches the client as a failed upgrade, as it would directly.
    upstream.once('unexpected-response', (_r, response) => {
      socket.end(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\nConnection: close\r\n\r\n`);
      upstream.terminate();
    });
    upstream.once('error', () => socket.destroy());
    upstream.once('open', () => {
      this.wss.handleUpgrade(req, socket, head, (client) => {
        const link = { client, upstream };
        this.links.add(link);
        this.relay(link, client, upstream);
        this.relay(link, upstream, client);
      });
    });
  }

  /** Frames from `from` to `to`, each after its jitter and after the one before it; `from`'s close follows them. */
  private relay(link: Link, from: WebSocket, to: WebSocket) {
    let releaseAt = 0;
    const later = (action: () => void) => {
      const [min, max] = this.faults.jitterMs;
      const now = Date.now();
      releaseAt = Math.max(releaseAt, now + min + Math.random() * (max - min));
      if (releaseAt <= now) action();
      else setTimeout(action, releaseAt - now);
    };
    from.on('message', (data: RawData, isBinary: boolean) => {
      if (!this.links.has(link)) return;
      if (Math.random() < this.faults.dropRate) {
        this.framesDropped += 1;
        this.cut(link);
        return;
      }
      later(() => {
        if (!this.links.has(link) || to.readyState !== WebSocket.OPEN) return;
        this.framesPassed += 1;
        to.send(data, { binary: isBinary });
      });
    });
    // A close with a code (a room refusing a frame, a client leaving) is passed on; an abrupt end breaks the link.
    from.on('close', (code: number, reason: Buffer) => {
      if (!this.links.has(link)) return;
      if (!sendable(code)) return this.cut(link);
      later(() => {
        if (!this.links.delete(link)) return;
        if (to.readyState === WebSocket.OPEN) to.close(code, reason);
      });
    });
    from.on('error', () => this.cut(link));
  }

  /** A broken link: no close frame either way, and what it still held is lost. */
  private cut(link: Link) {
    if (!this.links.delete(link)) return;
    this.linksCut += 1;
    link.client.terminate();
    link.upstream.terminate();
  }
}

/** Codes a close frame may carry (1005 and 1006 only describe a close that had none). */
const sendable = (code: number) => code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
