import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/standalone/dist/main.js');

/**
 * Packages a started standalone process must not have loaded before their first use (decision 182): each holds
 * megabytes of heap or native code that an idle server, or one that never uses that feature, should not pay for.
 */
const LOADED_AT_FIRST_USE = [
  'gpt-tokenizer',
  'compromise',
  'chrono-node',
  'libphonenumber-js',
  'mongoose',
  '@qdrant/js-client-rest',
  'ioredis',
  'nodemailer',
  'tesseract.js',
  '@modelcontextprotocol/sdk',
];

/**
 * The built standalone process started with an ESM resolve hook that writes every module it resolves to a file:
 * which packages start-up loads (a static import anywhere in the graph resolves at start).
 */
describe('standalone start-up: heavy packages load at first use', () => {
  let dir: string;
  let child: ChildProcess;
  let resolved: string[];
  let base: string;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'membolt-lazy-modules-'));
    const list = join(dir, 'resolved.txt');
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(list)}, result.url + '\\n');
  return result;
}
`,
    );
    const register = join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    writeFileSync(list, '');
    const [port, metricsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [`--import=${pathToFileURL(register).href}`, MAIN], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(dir, 'data'),
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
      },
    });
    child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`standalone exited with ${child.exitCode}: ${errors.join('')}`);
      const ready = await fetch(`http://127.0.0.1:${metricsPort}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`standalone was not ready in 150 s: ${errors.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A request through both edges' pipelines, as any first request after the start.
    expect((await fetch(`${base}/api/status`)).status).toBe(200);
    resolved = readFileSync(list, 'utf8').split('\n').filter(Boolean);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('resolved the product itself (the hook saw the start)', () => {
    expect(resolved.some((url) => url.includes('/node_modules/@nestjs/core/'))).toBe(true);
    expect(resolved.some((url) => url.includes('/libs/memory/dist/'))).toBe(true);
  });

  it.each(LOADED_AT_FIRST_USE)('did not load %s', (name) => {
    expect(resolved.filter((url) => url.includes(`/node_modules/${name}/`))).toEqual([]);
  });
});
