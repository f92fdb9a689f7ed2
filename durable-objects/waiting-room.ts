import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../worker/env';

export class WaitingRoom extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/health') return Response.json({ ok: true });
    return new Response('Not found', { status: 404 });
  }
}
