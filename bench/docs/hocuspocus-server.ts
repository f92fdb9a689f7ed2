import { Server } from '@hocuspocus/server';

/** The peer for bench/docs/run.ts: a stock Hocuspocus server in its own process, documents in memory. */
const port = Number(process.argv[2]);
const server = new Server({ port, quiet: true });
await server.listen();
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.destroy().then(() => process.exit(0)));
