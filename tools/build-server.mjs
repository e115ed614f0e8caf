// Compiles every server-side project (apps/* and libs/*, not the web app) from src/ to its own dist/ with SWC.
// SWC keeps decorator metadata (NestJS dependency injection needs it) and is fast enough to rebuild everything
// on each start; type checking is the separate `npm run typecheck` (tsc --noEmit).
import { transformFile } from '@swc/core';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function buildProject(projectRoot) {
  const src = join(projectRoot, 'src');
  const out = join(projectRoot, 'dist');
  await rm(out, { recursive: true, force: true });
  let count = 0;
  for await (const file of walk(src)) {
    const target = join(out, relative(src, file)).replace(/\.ts$/, '.js');
    const { code, map } = await transformFile(file, {
      ...swcOptions,
      filename: file,
      sourceFileName: relative(dirname(target), file),
    });
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
    if (map) await writeFile(`${target}.map`, map);
    count++;
  }
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
