import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** wrangler dev reads secrets from .dev.vars; a random TOKEN_SECRET is made once per checkout and kept. */
export function ensureDevVars(path = '.dev.vars') {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (/^TOKEN_SECRET=.+$/m.test(current)) return;
  const line = `TOKEN_SECRET=${randomBytes(32).toString('hex')}\n`;
  writeFileSync(path, current && !current.endsWith('\n') ? `${current}\n${line}` : current + line);
}
