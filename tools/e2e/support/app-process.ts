import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface AppProcess {
  readonly name: string;
  readonly pid: number;
  readonly output: string[];
  /** Still running (not exited, not killed). */
  alive(): boolean;
  /** `kill -9`: no shutdown hook runs, in-flight requests are abandoned, as when a node dies. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** Runs a compiled app (`apps/<name>/dist/main.js`) as its own process, as distributed mode does. */
/** The gateway app refuses to start without a portal link secret; tests that do not set one get this. */
const TEST_APP_SECRETS: Readonly<Record<string, Record<string, string>>> = {
  gateway: { PORTAL_LINK_SECRET: 'portal-link-secret-for-spawned-test-gateways' },
};

export function spawnApp(name: string, env: Record<string, string>, label = name): AppProcess {
  const main = `${ROOT}apps/${name}/dist/main.js`;
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build:server\` first`);
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'test', ...TEST_APP_SECRETS[name], ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    name: label,
    pid: child.pid ?? -1,
    output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async waitForOutput(pattern, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.some((line) => pattern.test(line))) {
        if (child.exitCode !== null)
          throw new Error(`${label} exited (${child.exitCode}):\n${output.join('\n')}`);
        if (Date.now() > deadline)
          throw new Error(
            `${label}: no output matching ${pattern} after ${timeoutMs} ms:\n${output.join('\n')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Polls `probe` until it returns true (bounded; no fixed sleeps in tests). */
export async function eventually(
  probe: () => Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
