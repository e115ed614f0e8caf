import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Runs the compiled module (libs/platform/dist, written by `npm run build:server`) in separate processes, as
// replicas of one service sharing a DATA_DIR do.
const COMPILED = pathToFileURL(resolve('libs/platform/dist/secrets/local-secret.js')).href;

function secretFromProcess(
  dataDir: string,
  startAt: number,
): Promise<{ code: number | null; out: string; err: string }> {
  // Each process loads the module, then spins until the common start time, so that they all reach the
  // missing file together.
  const script = `import(${JSON.stringify(COMPILED)}).then((m) => { while (Date.now() < ${startAt}); console.log(m.loadOrCreateLocalSecret(${JSON.stringify(dataDir)}, 'provider-keys')); })`;
  return new Promise((done) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => done({ code, out: out.trim(), err }));
  });
}

describe('loadOrCreateLocalSecret across processes', () => {
  it('processes racing to create a secret all start, all keep the same one, and leave no partial file', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'membolt-secret-race-'));
      try {
        const startAt = Date.now() + 3_000;
        const results = await Promise.all(Array.from({ length: 6 }, () => secretFromProcess(dir, startAt)));
        for (const result of results)
          expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: '' });
        const secrets = new Set(results.map((result) => result.out));
        expect(secrets.size).toBe(1);
        expect([...secrets][0]).toMatch(/^[A-Za-z0-9_-]{64}$/);
        expect(readdirSync(join(dir, 'secrets'))).toEqual(['provider-keys']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
