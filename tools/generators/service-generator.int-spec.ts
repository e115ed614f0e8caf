// Generates throwaway services into a copy of the workspace and holds their output to the bar of the real
// tree: it builds, typechecks, lints (with the module-boundary rule over the real project graph), is formatted,
// and its own generated tests pass; the deployment files still match the apps. A broken template fails here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const realModules = join(repoRoot, 'node_modules');
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.nx', 'data', 'coverage', 'tmp']);

/**
 * A copy of the workspace's sources whose node_modules links to the real packages, except @membolt/*, which
 * links to the copy's own libs and apps (as npm's workspace links do), so generated packages resolve there.
 */
function createWorkspaceCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'membolt-generator-'));
  cpSync(repoRoot, root, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(source.split('/').pop() ?? ''),
  });
  mkdirSync(join(root, 'node_modules', '@membolt'), { recursive: true });
  for (const entry of readdirSync(realModules)) {
    if (entry !== '@membolt') symlinkSync(join(realModules, entry), join(root, 'node_modules', entry));
  }
  for (const entry of readdirSync(join(realModules, '@membolt'))) {
    // The real links are relative (../../libs/x): the same text points into the copy.
    symlinkSync(
      readlinkSync(join(realModules, '@membolt', entry)),
      join(root, 'node_modules', '@membolt', entry),
    );
  }
  return root;
}

interface Run {
  readonly status: number | null;
  readonly output: string;
}

/** Children still running when the suite ends (a timeout) are stopped, so none outlives the run. */
const running = new Set<ChildProcess>();

function run(
  cwd: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...env },
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (status) => {
      running.delete(child);
      done({ status, output });
    });
  });
}

/** Passes, or fails the test with the command's own output (which names the broken file). */
function expectSuccess(result: Run, what: string): void {
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${result.output}`);
}

const generate = (root: string, ...args: string[]) =>
  run(root, process.execPath, [join(root, 'tools/generators/generate-service.mjs'), ...args]);
const bin = (root: string, name: string) => join(root, 'node_modules', '.bin', name);
const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

/** Every file the generator may edit, plus the folders it writes: "nothing was written" compares these. */
const WATCHED = [
  'libs/contracts/src/system/services.ts',
  'libs/contracts/src/system/user-data.ts',
  'libs/contracts/src/index.ts',
  'apps/standalone/src/service-modules.ts',
  'eslint.config.mjs',
  'docker-compose.yml',
  'deploy/k8s/kustomization.yaml',
  'deploy/README.md',
  'package-lock.json',
];
const snapshot = (root: string) => ({
  files: WATCHED.map((path) => read(root, path)),
  libs: readdirSync(join(root, 'libs')).sort(),
  apps: readdirSync(join(root, 'apps')).sort(),
  contracts: readdirSync(join(root, 'libs/contracts/src')).sort(),
  links: readdirSync(join(root, 'node_modules/@membolt')).sort(),
});

// One service per mode: with the sample entity, with a store but no sample, and stateless.
const SAMPLE = 'probe-notes';
const EMPTY = 'probe-empty';
const STATELESS = 'probe-relay';

describe('npm run generate:service', () => {
  let root: string;

  beforeAll(() => {
    root = createWorkspaceCopy();
  });

  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    if (root && root.startsWith(tmpdir())) rmSync(root, { recursive: true, force: true });
  });

  it('refuses a bad name, a reserved name, an unknown option and an existing service, writing nothing', async () => {
    const before = snapshot(root);
    for (const args of [
      ['Notes'],
      ['notes_2'],
      ['-notes'],
      ['2notes'],
      ['web'],
      ['contracts'],
      ['memory'],
      ['keys', '--stateless'],
      ['notes', '--entity', 'Bad Entity'],
      ['notes', '--frobnicate'],
      [],
    ]) {
      const result = await generate(root, ...args);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.output).toMatch(/^generate:service: /);
    }
    expect((await generate(root, 'memory')).output).toContain('Service "memory" already exists');
    expect(snapshot(root)).toEqual(before);
  });

  it('writes nothing on --dry-run', async () => {
    const before = snapshot(root);
    const result = await generate(root, 'probe-dry', '--dry-run');
    expectSuccess(result, 'dry run');
    expect(result.output).toContain('would write libs/probe-dry/src/probe-dry.module.ts');
    expect(snapshot(root)).toEqual(before);
  });

  it('generates services that build, typecheck, lint, are formatted and pass their own tests', async () => {
    expectSuccess(await generate(root, SAMPLE, '--entity', 'note'), `generate ${SAMPLE}`);
    expectSuccess(await generate(root, EMPTY, '--no-sample'), `generate ${EMPTY}`);
    expectSuccess(await generate(root, STATELESS, '--stateless'), `generate ${STATELESS}`);

    // Wired in as a service of the product.
    const services = read(root, 'libs/contracts/src/system/services.ts');
    for (const name of [SAMPLE, EMPTY, STATELESS]) expect(services).toContain(`'${name}'`);
    const userData = read(root, 'libs/contracts/src/system/user-data.ts');
    expect(userData).toContain(`'${SAMPLE}'`);
    expect(userData).toContain(`'${EMPTY}'`);
    expect(userData).not.toContain(`'${STATELESS}'`);
    const standalone = read(root, 'apps/standalone/src/service-modules.ts');
    expect(standalone).toContain('ProbeNotesModule.forRoot(toProbeNotesModuleOptions(config))');
    expect(standalone).toContain('ProbeRelayModule.forRoot()');
    expect(JSON.parse(read(root, `libs/${SAMPLE}/project.json`)).tags).toEqual([
      `scope:${SAMPLE}`,
      'type:domain',
    ]);
    expect(existsSync(join(root, `libs/${STATELESS}/src/${STATELESS}.store.ts`))).toBe(false);
    expect(existsSync(join(root, `libs/${EMPTY}/src/testing`))).toBe(false);

    const projects = [SAMPLE, EMPTY, STATELESS].flatMap((name) => [`libs/${name}`, `apps/${name}`]);
    expectSuccess(
      await run(root, process.execPath, [
        'tools/build-server.mjs',
        ...projects,
        'libs/contracts',
        'apps/standalone',
      ]),
      'build',
    );
    for (const name of [SAMPLE, EMPTY, STATELESS]) {
      expect(existsSync(join(root, `apps/${name}/dist/main.js`))).toBe(true);
    }

    // The lint rule that keeps services apart reads nx's project graph: compute it for the copy first.
    expectSuccess(await run(root, bin(root, 'nx'), ['show', 'projects']), 'nx project graph');
    expect((await run(root, bin(root, 'nx'), ['show', 'projects'])).output).toContain(`${SAMPLE}-app`);

    // One tsc over every generated project and the edited composition root (and what they import).
    writeFileSync(
      join(root, 'tsconfig.generated.json'),
      JSON.stringify({
        extends: './tsconfig.base.json',
        include: [...projects.map((p) => `${p}/src/**/*.ts`), 'apps/standalone/src/**/*.ts'],
      }),
    );
    const changedFiles = [
      ...projects,
      `libs/contracts/src/${SAMPLE}`,
      'libs/contracts/src/system',
      'libs/contracts/src/index.ts',
      'apps/standalone/src/service-modules.ts',
    ];
    const [typecheck, lint, format] = await Promise.all([
      run(root, bin(root, 'tsc'), ['-p', 'tsconfig.generated.json']),
      // One type-aware program for every file, instead of one per project's tsconfig: half the time.
      run(root, bin(root, 'eslint'), [
        '--max-warnings',
        '0',
        '--parser-options',
        'projectService:false',
        '--parser-options',
        'project:./tsconfig.generated.json',
        ...changedFiles,
      ]),
      run(root, bin(root, 'prettier'), ['--check', ...changedFiles, 'package-lock.json']),
    ]);
    expectSuccess(typecheck, 'typecheck');
    expectSuccess(lint, 'lint');
    expectSuccess(format, 'prettier --check');

    const tests = await run(
      root,
      process.execPath,
      [
        join(realModules, 'jest', 'bin', 'jest.js'),
        '--config',
        join(root, 'jest.config.cjs'),
        '--selectProjects',
        'unit',
        '--ci',
        ...[SAMPLE, EMPTY, STATELESS].map((name) => `libs/${name}/`),
        'tools/deploy/',
      ],
      { NODE_OPTIONS: '--experimental-vm-modules' },
    );
    expectSuccess(tests, 'generated tests');
    // Each generated service ran its own suites (and the deployment check saw the new apps).
    for (const name of [SAMPLE, EMPTY, STATELESS]) {
      expect(tests.output).toContain(`PASS unit libs/${name}/src/${name}.handlers.spec.ts`);
    }
    expect(tests.output).toContain(
      `PASS unit libs/${SAMPLE}/src/adapters/embedded/${SAMPLE}-store.embedded.spec.ts`,
    );
    expect(tests.output).toContain(`PASS unit libs/${SAMPLE}/src/${SAMPLE}.service.spec.ts`);
    expect(tests.output).toContain('PASS unit tools/deploy/deploy.spec.ts');
  }, 300_000);
});
