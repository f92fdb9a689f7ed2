// Wrangler's own Miniflare, as in bench/lib/workerd-server.ts.
import { convertV4MiniflareOptions, Miniflare } from '../../node_modules/wrangler/node_modules/miniflare/dist/src/index.js';

/**
 * The floor on workerd: a Durable Object room that stores nothing, validates nothing and sends every frame it
 * receives to every socket, with the hibernation API and the product's compatibility date and flags. Beside the raw
 * `ws` floor it separates what the runtime costs from what ChatRoom adds. `tsx bench/chat/workerd-floor.ts PORT`.
 */
const script = `
import { DurableObject } from 'cloudflare:workers';
export class Room extends DurableObject {
  async fetch() {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(_ws, message) {
    for (const ws of this.ctx.getWebSockets()) ws.send(message);
  }
}
export default {
  fetch(request, env) {
    return env.ROOM.get(env.ROOM.idFromName('room')).fetch(request);
  },
};`;

const [port] = process.argv.slice(2) as [string];
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script,
    durableObjects: { ROOM: 'Room' },
    compatibilityDate: '2026-10-19',
    compatibilityFlags: ['no_web_socket_compression'],
    port: Number(port),
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);
await miniflare.ready;
console.log('ready');
process.on('SIGTERM', () => void miniflare.dispose().then(() => process.exit(0)));
