import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('boot with bad configuration', () => {
  it.each(['standalone', 'gateway', 'bff', 'billing'])(
    '%s refuses to start and names the bad variable',
    (app) => {
      const result = spawnSync(process.execPath, [`apps/${app}/dist/main.js`], {
        cwd: ROOT,
        env: {
          PATH: process.env['PATH'] ?? '',
          PORT: 'not-a-port',
          LOG_LEVEL: 'chatty',
          NATS_URL: 'nats://127.0.0.1:1',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Invalid configuration');
      expect(result.stderr).toContain('LOG_LEVEL');
      if (app !== 'billing') expect(result.stderr).toContain('PORT: ');
    },
  );
});
