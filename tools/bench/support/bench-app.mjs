// The app a bench measures, for each build it compares: this checkout and, with a baseline, another built one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { benchEnv, createUserWithKey, ROOT, startStandalone, stopProcess } from './standalone-process.mjs';

/** The builds a bench measures: this checkout as `label`, then the `baseline` checkout (a root) if given. */
export function benchBuilds(baseline, label = 'this build') {
  return [{ label, root: ROOT }, ...(baseline ? [{ label: 'baseline', root: baseline }] : [])];
}

/**
 * Starts `root`'s built app on a new data directory with one user on the enterprise plan (no monthly limit:
 * the figures are of the request path, not of plan refusals) and an API key, made by that build's own CLI
 * before the start (the CLI migrates every store, and an older build refuses a newer one's data files).
 * `env` is added to the bench environment last (ports, limits). Answers the app (`server`, `base`, `ops`),
 * the user (`apiKey`, `userId`), `dataDir` and `stop()`, which ends the process and removes the data directory; a start
 * that fails is stopped and removed before the error is thrown.
 */
export async function startBenchApp({ root, userName, readyTimeoutMs, env = {}, loadShedding = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-bench-app-'));
  let server;
  const stop = async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const appEnv = await benchEnv(dataDir, env);
    const { apiKey, userId } = await createUserWithKey(
      appEnv,
      { email: `bench-${randomBytes(4).toString('hex')}@example.com`, name: userName, plan: 'enterprise' },
      { root },
    );
    const started = await startStandalone(appEnv, readyTimeoutMs, { loadShedding, root });
    server = started.server;
    return { ...started, apiKey, userId, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
