import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SDK = join(ROOT, 'libs/sdk');

/** The package as published: what `npm run build` (tools/build-server.mjs) leaves in libs/sdk/dist. */
describe('@membolt/sdk build', () => {
  it('emits the JavaScript and the declarations every package.json entry names', () => {
    execFileSync(process.execPath, ['tools/build-server.mjs', 'libs/sdk'], { cwd: ROOT, stdio: 'pipe' });
    const manifest = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')) as {
      types: string;
      exports: Record<string, Record<string, string>>;
    };
    const named = [
      manifest.types,
      ...Object.values(manifest.exports).flatMap((entry) =>
        Object.entries(entry)
          .filter(([condition]) => condition !== 'membolt-source')
          .map(([, path]) => path),
      ),
    ];
    for (const path of named)
      expect({ path, exists: existsSync(join(SDK, path)) }).toEqual({ path, exists: true });
    // A consumer type-checks against the published declarations alone.
    const consumer = join(mkdtempSync(join(tmpdir(), 'membolt-sdk-consumer-')), 'consumer.ts');
    writeFileSync(
      consumer,
      [
        `import { MemboltApiError, MemboltClient } from ${JSON.stringify(join(SDK, 'dist/index.js'))};`,
        `const client: MemboltClient = new MemboltClient({ apiKey: 'mblt_x', baseUrl: 'http://127.0.0.1:1' });`,
        `export const isApiError = (error: unknown): error is MemboltApiError => error instanceof MemboltApiError;`,
        `export const pending: Promise<unknown> = client.listMemories();`,
        `// @ts-expect-error: the declarations are typed, so a wrong argument is an error`,
        `new MemboltClient(42);`,
      ].join('\n'),
    );
    const program = ts.createProgram([consumer], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    rmSync(dirname(consumer), { recursive: true, force: true });
    // Declarations only from tsc: the JavaScript stays SWC's, with its source maps.
    expect(existsSync(join(SDK, 'dist/membolt-client.d.ts'))).toBe(true);
    expect(existsSync(join(SDK, 'dist/membolt-client.js.map'))).toBe(true);
    expect(existsSync(join(SDK, 'dist/sdk-rules.spec.d.ts'))).toBe(false);
  }, 120_000);
});
