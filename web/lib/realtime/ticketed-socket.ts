type Handler<E> = ((event: E) => void) | null;

/**
 * A WebSocket that fetches a fresh ticket before it opens. y-websocket builds a new socket for every (re)connect
 * from one fixed URL, and a ticket opens one connection within 60 seconds, so the ticket cannot live in the URL
 * the provider holds: each socket asks for its own. A failed ticket request reads to the provider as a closed
 * socket, so it backs off and tries again.
 */
export function ticketedSocket(fetchTicket: () => Promise<string>, Base: typeof WebSocket = WebSocket): typeof WebSocket {
  class TicketedSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    binaryType: BinaryType = 'arraybuffer';
    onopen: Handler<Event> = null;
    onmessage: Handler<MessageEvent> = null;
    onclose: Handler<CloseEvent | { code: number; reason: string }> = null;
    onerror: Handler<Event> = null;
    private socket: WebSocket | null = null;
    private ended = false;

    constructor(url: string, protocols?: string | string[]) {
      fetchTicket().then(
        (ticket) => {
          if (this.ended) return;
          const target = new URL(url, location.href);
          target.protocol = target.protocol === 'https:' || target.protocol === 'wss:' ? 'wss:' : 'ws:';
          target.searchParams.set('ticket', ticket);
          const socket = new Base(target.toString(), protocols);
          socket.binaryType = this.binaryType;
          socket.onopen = (event) => this.onopen?.(event);
          socket.onmessage = (event) => this.onmessage?.(event);
          socket.onerror = (event) => this.onerror?.(event);
          socket.onclose = (event) => {
            this.ended = true;
            this.onclose?.(event);
          };
          this.socket = socket;
        },
        () => {
          if (this.ended) return;
          this.ended = true;
          this.onclose?.({ code: 1006, reason: 'No ticket (offline or signed out)' });
        },
      );
    }

    get readyState() {
      return this.socket?.readyState ?? (this.ended ? 3 : 0);
    }

    send(data: ArrayBufferLike | ArrayBufferView | Blob | string) {
      this.socket?.send(data as ArrayBuffer);
    }

    close(code?: number, reason?: string) {
      this.ended = true;
      this.socket?.close(code, reason);
    }
  }
  // Only the members y-websocket uses are provided; the provider never reaches for the rest.
  return TicketedSocket as unknown as typeof WebSocket;
}
