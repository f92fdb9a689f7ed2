import { runScheduledOnce } from '../../scripts/run';

/** As `npm start` does: the cron jobs run once, so the seeded past lessons are in history before any journey. */
export default async function globalSetup() {
  await runScheduledOnce(`http://localhost:${process.env.E2E_PORT ?? '8799'}`);
}
