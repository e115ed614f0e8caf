import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD = join(ROOT, 'tools/build-server.mjs');

/** The compiler every suite and `npm start` share: a rebuild never leaves a module missing for a reader. */
describe('tools/build-server.mjs', () => {
  let project: string;

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'membolt-build-'));
    mkdirSync(join(project, 'src/nested'), { recursive: true });
    for (let i = 0; i < 40; i++)
      writeFileSync(join(project, `src/nested/part-${i}.ts`), `export const part${i}: number = ${i};\n`);
    writeFileSync(join(project, 'src/main.ts'), "export const main: string = 'built';\n");
    writeFileSync(join(project, 'src/gone.ts'), 'export const gone = 1;\n');
  });

  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const build = (): void => {
    execFileSync(process.execPath, [BUILD, relative(ROOT, project)], { cwd: ROOT, stdio: 'pipe' });
  };

  it('keeps every module readable while it rebuilds, then removes what no source produces', async () => {
    build();
    const main = join(project, 'dist/main.js');
    expect(readFileSync(main, 'utf8')).toContain("export const main = 'built';");
    rmSync(join(project, 'src/gone.ts'));

    let reads = 0;
    let missing = 0;
    const rebuilt = new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [BUILD, relative(ROOT, project)], { cwd: ROOT }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    let done = false;
    void rebuilt.finally(() => (done = true)).catch(() => undefined);
    while (!done) {
      reads++;
      if (!existsSync(main) || !readFileSync(main, 'utf8').includes("'built'")) missing++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await rebuilt;

    expect(reads).toBeGreaterThan(0);
    expect(missing).toBe(0);
    expect(existsSync(join(project, 'dist/nested/part-39.js'))).toBe(true);
    expect(existsSync(join(project, 'dist/gone.js'))).toBe(false);
    expect(existsSync(join(project, 'dist/gone.js.map'))).toBe(false);
  });
});
