import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * An operator runs `membolt …` beside a running `npm start`: each change must be seen by the very next
 * request, although the server caches subscription checks (5 minutes) and API keys.
 */
describe('membolt CLI beside a running standalone server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-cli-live-'));
  let server: AppProcess;
  let url: string;
  let userId: string;
  let apiKey: string;

  /** Run asynchronously: a blocked event loop would leave the test's idle HTTP connections stale. */
  function membolt(...args: string[]): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['apps/standalone/bin/membolt.js', ...args],
        { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir }, timeout: 60_000 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`membolt ${args[0]} failed: ${stderr || error.message}`));
          else resolve(JSON.parse(stdout) as Record<string, unknown>);
        },
      );
    });
  }

  const subscription = async (key = apiKey) => {
    const response = await fetch(`${url}/api/subscription`, { headers: { 'X-API-Key': key } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawnApp('standalone', {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    await eventually(async () => (await fetch(`${url}/api/plans`)).status === 200, 120_000, 'standalone');
    ({ userId, apiKey } = (await membolt(
      'user:create',
      '--email',
      'live@example.com',
      '--name',
      'Live',
      '--password',
      'a long password 1',
    )) as {
      userId: string;
      apiKey: string;
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('subscription:status takes effect on the next request, both ways', async () => {
    // Warm the server's cached check first: the point is that the cache does not hide the change.
    expect((await subscription()).body).toMatchObject({ valid: true, plan: 'free' });
    await membolt('subscription:status', '--user', userId, '--status', 'inactive');
    expect((await subscription()).body).toMatchObject({ valid: false, reason: 'inactive_account' });
    await membolt('subscription:status', '--user', userId, '--status', 'active');
    expect((await subscription()).body).toMatchObject({ valid: true });
  }, 120_000);

  it('subscription:plan and funds:add take effect on the next request', async () => {
    const before = (await subscription()).body;
    await membolt('subscription:plan', '--user', userId, '--plan', 'pro');
    expect((await subscription()).body).toMatchObject({ valid: true, plan: 'pro' });
    await membolt('funds:add', '--user', userId, '--cents', '100');
    const after = (await subscription()).body;
    expect(Number(after['balance'])).toBe(Number(before['balance']) + 100);
  }, 120_000);

  it('key:revoke refuses the key on the next request', async () => {
    expect((await subscription()).status).toBe(200);
    await membolt('key:revoke', '--key', apiKey);
    const refused = await subscription();
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'revoked_api_key' });
  }, 120_000);

  it('the server keeps serving after the CLI disconnects, and the CLI still works when the server is gone', async () => {
    const { apiKey: second } = (await membolt('key:create', '--user', userId)) as { apiKey: string };
    expect((await subscription(second)).status).toBe(200);
    await server.stop();
    // No server: the CLI opens the stores itself.
    expect(await membolt('subscription:show', '--user', userId)).toMatchObject({ plan: 'pro' });
  }, 120_000);
});
