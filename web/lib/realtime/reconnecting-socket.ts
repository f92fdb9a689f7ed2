/** Connection states the chat shows: "reconnecting" whenever a connection that was wanted is down. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SocketOptions {
  /** Builds the address for one attempt: each attempt needs a fresh single-use ticket. */
  url: () => Promise<string>;
  onOpen: () => void;
  onText: (text: string) => void;
  onState: (state: ConnectionState) => void;
  WebSocketImpl?: typeof WebSocket;
  /** First retry after about this long, doubling up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** The wait before retry `attempt` (0-based): exponential, capped, with jitter so a room's clients do not return at once. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number) {
  const ceiling = Math.min(max, base * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** A WebSocket that comes back after drops until stopped. */
export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  state: ConnectionState = 'closed';

  constructor(private readonly options: SocketOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.setState('connecting');
    void this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'closed by the app');
    this.setState('closed');
  }

  /** False when the socket is not open: the caller decides whether that drops the frame or keeps it. */
  send(text: string): boolean {
    if (this.state !== 'open' || !this.ws) return false;
    this.ws.send(text);
    return true;
  }

  /** Marks the connection healthy (after the server confirmed it), so the next drop retries quickly again. */
  healthy() {
    this.attempt = 0;
  }

  private setState(state: ConnectionState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onState(state);
  }

  private async connect() {
    let url: string;
    try {
      url = await this.options.url();
    } catch (error) {
      console.error('chat: could not get a connection ticket', error);
      this.retry();
      return;
    }
    if (this.stopped) return;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const ws = new Impl(url);
    this.ws = ws;
    ws.addEventListener('open', () => {
      if (this.ws !== ws) return;
      this.setState('open');
      this.options.onOpen();
    });
    ws.addEventListener('message', (event: MessageEvent) => {
      if (this.ws === ws && typeof event.data === 'string') this.options.onText(event.data);
    });
    ws.addEventListener('error', (event) => console.error('chat: socket error', event));
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.retry();
    });
  }

  private retry() {
    if (this.stopped) return;
    this.setState('reconnecting');
    const delay = backoffDelay(this.attempt, this.options.baseDelayMs ?? 500, this.options.maxDelayMs ?? 15_000, this.options.random ?? Math.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }
}
