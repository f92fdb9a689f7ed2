import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { prepareLocal } from '../../scripts/prepare-local';
import { waitFor } from '../../scripts/run';

/**
 * The real `wrangler dev` (its proxy worker and workerd, as `npm start` runs them) on a persist directory of its
 * own, in a process group of its own, so `kill9()` takes down wrangler and every workerd it started at once, the way
 * a crash or an OOM kill would, and `start()` brings it back on the same state.
 */
export class DevServer {
  private process: ChildProcess | null = null;
  readonly origin: string;

  constructor(
    private readonly port: number,
    private readonly inspectorPort: number,
    private readonly persist: string,
  ) {
    this.origin = `http://localhost:${port}`;
    // However this process ends, the detached server does not outlive it.
    process.on('exit', () => {
      if (this.process?.pid) process.kill(-this.process.pid, 'SIGKILL');
    });
  }

  /** Fresh local state: migrations and the demo data, as `npm start` prepares them. */
  async prepare() {
    // The rooms need no web app; wrangler dev only refuses a missing assets directory (a built app is used when present).
    if (!existsSync('dist/client')) mkdirSync('dist/client', { recursive: true });
    rmSync(this.persist, { recursive: true, force: true });
    await prepareLocal(this.persist);
  }

  async start() {
    const args = ['dev', '--port', String(this.port), '--inspector-port', String(this.inspectorPort), '--persist-to', this.persist];
    const child = spawn('wrangler', [...args, '--show-interactive-dev-session=false'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, CI: 'true' },
    });
    this.process = child;
    await waitFor(`${this.origin}/api/health`, 180_000);
  }

  /** SIGKILL to the whole group: nothing gets to flush, close sockets or say goodbye. */
  async kill9() {
    const child = this.process;
    if (!child?.pid) return;
    this.process = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    await this.untilGroupGone(child.pid);
  }

  async stop() {
    const child = this.process;
    if (!child?.pid) return;
    this.process = null;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await this.untilGroupGone(child.pid, 10_000).catch(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone between the check and the kill.
      }
    });
  }

  /** workerd is reaped by the kernel a moment after the signal; the port must be free before the restart. */
  private async untilGroupGone(pgid: number, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        process.kill(-pgid, 0);
      } catch {
        return;
      }
      if (Date.now() > deadline) throw new Error(`process group ${pgid} still alive after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
