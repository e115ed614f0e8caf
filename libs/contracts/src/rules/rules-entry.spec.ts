import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rulesFolder = dirname(fileURLToPath(import.meta.url));
const contractsSource = resolve(rulesFolder, '..');

interface ModuleGraph {
  /** Every source file reached, relative to libs/contracts/src. */
  readonly files: readonly string[];
  /** Every specifier that is not a relative path: packages and Node modules. */
  readonly packages: readonly string[];
}

/** Follows static imports, re-exports and dynamic imports from an entry, as a bundler would. */
function moduleGraphOf(entry: string): ModuleGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  }
  return {
    files: [...files].map((file) => relative(contractsSource, file)).sort(),
    packages: [...packages].sort(),
  };
}

describe('the browser-safe rules entry', () => {
  it('loads no package and no Node module, and no file outside its folder', () => {
    const graph = moduleGraphOf(join(rulesFolder, 'index.ts'));
    expect(graph.packages).toEqual([]);
    expect(graph.files.filter((file) => !file.startsWith('rules/'))).toEqual([]);
    expect(graph.files).toContain('rules/account.rules.ts');
  });

  it('would notice a package import: the main entry reaches zod and validator', () => {
    const graph = moduleGraphOf(join(contractsSource, 'index.ts'));
    expect(graph.packages).toEqual(expect.arrayContaining(['validator', 'zod']));
  });

  it('is what the main entry re-exports, so server code sees the same values', async () => {
    const [main, rules] = await Promise.all([import('../index.js'), import('./index.js')]);
    for (const [name, value] of Object.entries(rules)) {
      expect([name, (main as Record<string, unknown>)[name]]).toEqual([name, value]);
    }
  });
});
