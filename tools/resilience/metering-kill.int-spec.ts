import { afterAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { standaloneOnOneDataDir } from './support/standalone.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CALLS = 60;
const WORKERS = 4;

/**
 * Standalone meters each call into its usage outbox (a SQLite file under DATA_DIR) before it answers, and
 * sends the outcomes to billing in batches behind the answers. Killed with SIGKILL right after the last
 * answer, with outcomes still waiting in the outbox, and started again on the same data: billing's usage
 * holds every answered call exactly once (none lost, none applied twice).
 */
describe('resilience, metering: kill -9 right after the answers', () => {
  const standalone = standaloneOnOneDataDir('membolt-metering-kill-');
  afterAll(() => standalone.cleanUp());

  it('loses no charge and applies none twice', async () => {
    const { url, env, start } = await standalone.onFreePort({
      GATEWAY_RATE_LIMIT_PER_MINUTE: '100000',
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    });

    const app = await start();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'apps/standalone/dist/cli.js'),
        'user:create',
        '--email',
        `metering-kill-${randomBytes(4).toString('hex')}@example.com`,
        '--name',
        'Metering Kill',
        '--password',
        `Kill-${randomBytes(18).toString('base64url')}`,
      ],
      { env: { PATH: process.env['PATH'] ?? '', ...env }, cwd: ROOT },
    );
    const { userId, apiKey } = JSON.parse(stdout) as { userId: string; apiKey: string };
    const call = (path: string) => fetch(`${url}${path}`, { headers: { 'X-API-Key': apiKey } });

    let next = 0;
    let tokens = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (next < CALLS) {
          const n = next++;
          const answer = await call(`/api/user/${userId}/search?query=${encodeURIComponent(`tea ${n}`)}`);
          expect(answer.status).toBe(200);
          await answer.arrayBuffer();
          tokens += Number(answer.headers.get('X-Membolt-Tokens'));
        }
      }),
    );
    await app.kill();

    const outboxFile = join(standalone.dataDir, 'usage-outbox.sqlite');
    expect(existsSync(outboxFile)).toBe(true);
    const outbox = new Database(outboxFile, { readonly: true });
    const pending = outbox.prepare('SELECT COUNT(*) AS n FROM usage_outbox').get() as { n: number };
    outbox.close();

    await start();
    // The usage read settles the outbox first: what the killed process left is applied by then.
    const usage = (await (await call('/api/usage')).json()) as {
      totals: { calls: number; tokens: number };
    };
    expect(usage.totals).toMatchObject({ calls: CALLS, tokens });
    console.log(
      `metering kill -9: ${CALLS} answered calls, ${pending.n} of them still in the outbox at the kill; usage after restart: ${usage.totals.calls} calls`,
    );
  }, 300_000);
});
