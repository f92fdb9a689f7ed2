import type { Env } from '../env';

/**
 * A tenant's origin where no request gives one (a scheduled job's mail links). Deployed, every tenant domain is served
 * over https; locally `wrangler dev` serves plain http on its port, which `LOCAL_PORT` names when it is not 8787.
 */
export function tenantOrigin(env: Pick<Env, 'APP_ENV'> & { LOCAL_PORT?: string }, domain: string) {
  if (env.APP_ENV === 'local' || env.APP_ENV === 'test') return `http://${domain}:${env.LOCAL_PORT ?? '8787'}`;
  return `https://${domain}`;
}
