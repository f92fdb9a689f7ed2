import { z } from 'zod';
import type { Env } from '../../../platform/env';
import { type AvConfig, avConfig } from '../../../schema/contracts/av-signal';

/** Cloudflare's own STUN service, which its SFU documents: used with the SFU when no ICE servers are configured. */
export const CLOUDFLARE_STUN = 'stun:stun.cloudflare.com:3478';

const iceServers = z.array(avConfig.shape.iceServers.element).max(8);

/**
 * How the lesson room carries media, from configuration only. No public STUN server is assumed: without
 * AV_ICE_SERVERS a mesh uses host candidates, which is what local development needs and leaks no address to a
 * third party; production sets STUN and TURN explicitly. A malformed AV_ICE_SERVERS is treated as unset and logged.
 */
export function avConfigFor(env: Pick<Env, 'AV_ICE_SERVERS' | 'REALTIME_APP_ID' | 'REALTIME_APP_TOKEN'>): AvConfig {
  const sfu = Boolean(env.REALTIME_APP_ID && env.REALTIME_APP_TOKEN);
  let servers: AvConfig['iceServers'] = [];
  if (env.AV_ICE_SERVERS) {
    try {
      servers = iceServers.parse(JSON.parse(env.AV_ICE_SERVERS));
    } catch {
      console.error('AV_ICE_SERVERS is not a JSON array of ICE servers; using none');
    }
  }
  if (sfu && servers.length === 0) servers = [{ urls: CLOUDFLARE_STUN }];
  return { mode: sfu ? 'sfu' : 'mesh', iceServers: servers };
}
