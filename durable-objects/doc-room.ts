import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../worker/env';

/** One Yjs document (named `${tenantId}:${docName}`), served over the y-websocket protocol; built with issue 7. */
export class DocRoom extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return Response.json({ message: 'Not built yet', errors: [] }, { status: 501 });
  }
}
