import { freePort } from '@membolt/bus/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from '../../e2e/support/app-process.js';

/** The standalone product on loopback, started as often as a test kills it, always on the same data. */
export interface RestartableStandalone {
  readonly url: string;
  /** What the process runs with (the CLI given the same reads the same data). */
  readonly env: Readonly<Record<string, string>>;
  /** Spawns the process and waits until it answers (by answer, not log line: LOG_LEVEL=warn keeps output small). */
  start(): Promise<AppProcess>;
}

/**
 * A temporary DATA_DIR for a kill-and-restart test: `onFreePort` gives the process a port and its settings,
 * `cleanUp` (in afterAll) stops every process started and removes the data.
 */
export function standaloneOnOneDataDir(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const started: AppProcess[] = [];
  return {
    dataDir,
    async onFreePort(settings: Record<string, string>): Promise<RestartableStandalone> {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...settings,
      };
      return {
        url,
        env,
        async start() {
          const proc = spawnApp('standalone', env);
          started.push(proc);
          await eventually(
            async () => (await fetch(`${url}/api/plans`)).status === 200,
            120_000,
            'standalone',
          );
          return proc;
        },
      };
    },
    async cleanUp(): Promise<void> {
      await Promise.all(started.map((proc) => proc.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
