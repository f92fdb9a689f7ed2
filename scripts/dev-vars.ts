import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * wrangler dev reads secrets from .dev.vars; a random TOKEN_SECRET and STRIPE_WEBHOOK_SECRET are made once per
 * checkout and kept. The webhook secret signs the simulated checkout's events, so payments work with no Stripe keys.
 */
export function ensureDevVars(path = '.dev.vars') {
  let current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const secrets: [string, () => string][] = [
    ['TOKEN_SECRET', () => randomBytes(32).toString('hex')],
    ['STRIPE_WEBHOOK_SECRET', () => `whsec_${randomBytes(24).toString('hex')}`],
  ];
  const missing = secrets.filter(([name]) => !new RegExp(`^${name}=.+$`, 'm').test(current));
  if (!missing.length) return;
  for (const [name, make] of missing) {
    current = `${current && !current.endsWith('\n') ? `${current}\n` : current}${name}=${make()}\n`;
  }
  writeFileSync(path, current);
}
