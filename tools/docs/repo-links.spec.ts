import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrokenReferences, findWorkHistoryReferences } from './repo-links.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Spelled in pieces so that this file does not itself name a folder outside the repository. */
const OUTSIDE_DIR = ['..', 'shared', ''].join('/');

function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'membolt-links-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('references to files', () => {
  it('every markdown link and every repository path in a page or a code comment names a file the repository holds', () => {
    const broken = findBrokenReferences(ROOT).map((r) => `${r.file}:${r.line} ${r.reference}`);
    expect(broken).toEqual([]);
  });

  it('reports a missing link target, a missing path in a comment and a path outside the repository', () => {
    const root = writeTree({
      'README.md':
        '[ok](docs/a.md) [gone](docs/missing.md#top) [web](https://example.com) see `libs/x/src/y.ts`.\n',
      'docs/a.md': '[back](../README.md) [up](../docs/nope.md)\n',
      'libs/x/src/z.ts': [
        '// The rules of libs/x/src/z.ts and docs/gone.md, as in ' + OUTSIDE_DIR + 'spec/old.md.',
        "const path = 'docs/not-a-comment.md';",
        '/** A shape, not a file: libs/<svc>/src and libs/*/dist. */',
      ].join('\n'),
    });
    try {
      const found = findBrokenReferences(root).map((r) => `${r.file}:${r.line} ${r.reference}`);
      expect(found.sort()).toEqual(
        [
          'README.md:1 docs/missing.md#top',
          'README.md:1 libs/x/src/y.ts',
          'docs/a.md:1 ../docs/nope.md',
          `libs/x/src/z.ts:1 ${OUTSIDE_DIR}`,
          'libs/x/src/z.ts:1 docs/gone.md',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('no code comment names the issue or the step that asked for the code', () => {
    const found = findWorkHistoryReferences(ROOT).map((r) => `${r.file}:${r.line} ${r.reference}`);
    expect(found).toEqual([]);
  });

  it('finds a comment that names an issue, and leaves code and pages alone', () => {
    const root = writeTree({
      'libs/x/src/a.ts': [
        '// Added for issue 12.',
        "const text = 'issue 12';",
        ' * (stop 25) measured',
        '// A target set by the',
        '// issue',
        '// 31; kept.',
        '// An issue',
        'const issue = 4;',
      ].join('\n'),
      'docs/b.md': 'Issue 9 asked for it.\n',
    });
    try {
      const found = findWorkHistoryReferences(root).map((r) => `${r.file}:${r.line} ${r.reference}`);
      expect(found).toEqual([
        'libs/x/src/a.ts:1 issue 12',
        'libs/x/src/a.ts:3 stop 25',
        'libs/x/src/a.ts:5 issue 31',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
