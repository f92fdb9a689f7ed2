import { drizzle } from 'drizzle-orm/d1';
import { getPlatformProxy } from 'wrangler';
import { seed } from '../schema/seed';

/**
 * Seeds the local D1 that `wrangler dev` and `wrangler d1 … --local` use. Like wrangler, `--persist-to <dir>`
 * (or PERSIST_TO) names the state directory; wrangler keeps its data in `<dir>/v3`, so that is what we open.
 */
function persistPath() {
  const flag = process.argv.indexOf('--persist-to');
  const dir = flag >= 0 ? process.argv[flag + 1] : process.env.PERSIST_TO;
  if (flag >= 0 && !dir) throw new Error('--persist-to needs a directory');
  return dir ? `${dir}/v3` : '.wrangler/state/v3';
}

const proxy = await getPlatformProxy<{ DB: Parameters<typeof drizzle>[0] }>({ configPath: 'wrangler.toml', persist: { path: persistPath() } });
try {
  await seed(drizzle(proxy.env.DB));
  const { results } = await proxy.env.DB.prepare(
    "select (select count(*) from tenants) as tenants, (select count(*) from users where role != 'GUEST') as users, (select count(*) from curricula) as curricula",
  ).all<{ tenants: number; users: number; curricula: number }>();
  const counts = results[0];
  console.log(`Seeded demo data: ${counts?.tenants} tenants, ${counts?.users} users, ${counts?.curricula} curricula.`);
} finally {
  await proxy.dispose();
}
