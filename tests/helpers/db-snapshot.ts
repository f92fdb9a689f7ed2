import { env } from 'cloudflare:workers';

/** Every row of every table of ours, so "nothing changed" is checked on the data itself, not on counts. */
export async function snapshot() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name <> 'sign_in_attempts' ORDER BY name",
  ).all<{ name: string }>();
  const parts = await Promise.all(
    results.map(async ({ name }) => [name, (await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()).results] as const),
  );
  return JSON.stringify(parts);
}
