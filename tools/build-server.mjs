// Compiles every server-side project (apps/* and libs/*, not the web app) from src/ to its own dist/ with SWC.
// SWC keeps decorator metadata (NestJS dependency injection needs it) and is fast enough to rebuild everything
// on each start; type checking is the separate `npm run typecheck` (tsc --noEmit).
import { transformFile } from '@swc/core';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = /\.(spec|int-spec|e2e-spec)\.ts$|\.d\.ts$/;
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: true,
};

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.name.endsWith('.ts') && !SKIP.test(entry.name)) yield path;
  }
}

/**
 * A published package (its package.json names `types` under dist/, today @membolt/sdk) also gets its
 * declarations: SWC strips types, so tsc emits the .d.ts files alone (tsconfig.lib.json:
 * emitDeclarationOnly), into the dist/ SWC just wrote.
 */
async function emitDeclarations(projectRoot) {
  const manifestPath = join(projectRoot, 'package.json');
  const tsconfig = join(projectRoot, 'tsconfig.lib.json');
  if (!existsSync(manifestPath) || !existsSync(tsconfig)) return;
  const types = JSON.parse(readFileSync(manifestPath, 'utf8')).types;
  if (typeof types !== 'string' || !types.replace(/^\.\//, '').startsWith('dist/')) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', tsconfig], { cwd: root });
  } catch (error) {
    throw new Error(`tsc -p ${relative(root, tsconfig)} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
  if (!existsSync(join(projectRoot, types)))
    throw new Error(`${relative(root, tsconfig)} emitted no ${types} (package.json "types")`);
}

/**
 * Tests and running processes import from dist/ while another build of the same project may run (a suite that
 * rebuilds one lib beside a suite that spawns the CLI), so a file is never absent or half written: each is
 * written beside its target and renamed over it, and files whose source is gone are removed only afterwards.
 */
async function writeInPlace(target, content) {
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, target);
}

/** Removes what no source produces any more (declarations of a module that is still built are tsc's to keep). */
async function removeStale(dir, kept) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await removeStale(path, kept);
      await rmdir(path).catch(() => undefined);
      continue;
    }
    if (entry.name.endsWith('.tmp')) continue;
    const module = path.replace(/\.d\.ts(\.map)?$/, '.js');
    if (!kept.has(path) && !kept.has(module)) await rm(path, { force: true });
  }
}

async function buildProject(projectRoot) {
  const src = join(projectRoot, 'src');
  const out = join(projectRoot, 'dist');
  const written = new Set();
  let count = 0;
  for await (const file of walk(src)) {
    const target = join(out, relative(src, file)).replace(/\.ts$/, '.js');
    const { code, map } = await transformFile(file, {
      ...swcOptions,
      filename: file,
      sourceFileName: relative(dirname(target), file),
    });
    await mkdir(dirname(target), { recursive: true });
    await writeInPlace(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
    written.add(target);
    count++;
    if (map) {
      await writeInPlace(`${target}.map`, map);
      written.add(`${target}.map`);
    }
  }
  await removeStale(out, written);
  await emitDeclarations(projectRoot);
  return count;
}

const requested = process.argv.slice(2);
const projects = requested.length
  ? requested.map((p) => join(root, p))
  : (
      await Promise.all(
        ['libs', 'apps'].map(async (group) =>
          (await readdir(join(root, group), { withFileTypes: true }))
            .filter((d) => d.isDirectory() && d.name !== 'web')
            .map((d) => join(root, group, d.name)),
        ),
      )
    ).flat();

const started = Date.now();
const counts = await Promise.all(projects.map(buildProject));
const total = counts.reduce((a, b) => a + b, 0);
console.log(`build-server: ${total} files in ${projects.length} projects, ${Date.now() - started} ms`);
