import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ApiUser, newApiUser, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';
import { useWebhookReceiver } from './support/webhook-receiver.js';

jest.setTimeout(300_000);

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SDK = join(ROOT, 'libs/sdk');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * The SDK as a developer gets it: `npm pack` of the built package, installed from the tarball alone (offline: it
 * declares no dependencies) in a scratch project, which type-checks the tour example against the published
 * declarations and runs it against the standalone product.
 */
describe('@membolt/sdk from its tarball', () => {
  const receiver = useWebhookReceiver();
  const { received } = receiver;
  let project = '';

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'membolt-sdk-tarball-'));
  });

  const product = useStandalone('sdk-tarball', {
    ...UNLIMITED_GATEWAY,
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    // A loaded machine (tsc runs beside the product) must not turn a slow answer into 'unavailable'.
    BUS_TIMEOUT_MS: '30000',
  });

  afterAll(async () => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('packs the built SDK with its declarations and no sources or tests', async () => {
    await run(process.execPath, [join(ROOT, 'tools/build-server.mjs'), 'libs/sdk'], { cwd: ROOT });
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: SDK });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed!.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(files.filter((path) => /\.spec\.|^src\//.test(path))).toEqual([]);
    expect(readdirSync(project)).toContain(packed!.filename);
  });

  it('installs offline, type-checks the example and runs it against the product', async () => {
    // The account first, while the machine is not busy with tsc.
    const user: ApiUser = await newApiUser(product);
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'sdk-consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', `./${tarball}`],
      {
        cwd: project,
      },
    );
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/@membolt/sdk/package.json'), 'utf8'),
    ) as { name: string; dependencies?: object };
    expect(installed.name).toBe('@membolt/sdk');
    expect(installed.dependencies ?? {}).toEqual({});

    copyFileSync(join(SDK, 'examples/tour.ts'), join(project, 'tour.ts'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          // Only `process` comes from outside the tarball: the workspace's Node types, as any Node project has.
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
          skipLibCheck: false,
          outDir: 'out',
        },
        files: ['tour.ts'],
      }),
    );
    // Type-check and emit in one: a type error fails here with tsc's own report.
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`tsc failed:\n${error.stdout ?? String(error)}`);
      },
    );

    const { stdout } = await run(process.execPath, [join(project, 'out/tour.js')], {
      cwd: project,
      env: {
        ...process.env,
        MEMBOLT_URL: `${product.url}/api`,
        MEMBOLT_API_KEY: user.key,
        WEBHOOK_URL: receiver.url,
      },
    });
    const tour = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(tour).toEqual(
      expect.objectContaining({
        userId: user.userId,
        stored: 'I live in Lisbon.',
        learned: ['ADD'],
        batch: 2,
        updated: 1,
        searchTop: 'I live in Lisbon.',
        filtered: ['customer-42'],
        answered: true,
        streamed: true,
        kinds: ['start', 'token', 'done'],
        imported: 3,
        importedAgain: 0,
        skippedAgain: 3,
        usageFrom: 'string',
        webhookSecret: true,
        delivered: 'memory.created',
        redelivered: true,
        paused: false,
        webhooks: 1,
        caught: {
          notFound: { class: 'MemboltNotFoundError', status: 404, code: 'not_found' },
          invalid: { class: 'MemboltValidationError', status: 400, code: 'validation_error' },
          badKey: { class: 'MemboltAuthError', status: 401, code: 'invalid_api_key' },
        },
      }),
    );
    expect(tour['endUsers']).toContain('customer-42');
    expect(tour['conversations']).toBeGreaterThanOrEqual(1);
    expect(tour['uploads']).toBe(1);
    // The webhook reached the loopback receiver signed with the secret the SDK was shown.
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.every(({ signature }) => /^t=\d+,v1=[0-9a-f]{64}$/.test(signature))).toBe(true);
  });
});
