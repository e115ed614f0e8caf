// Writes the request and answer types of @membolt/sdk (libs/sdk/src/generated/openapi.ts) from the OpenAPI
// document the built standalone product serves (run `npm run build:server` first). With --check it fails
// instead when the committed file is stale.
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStandaloneConfig } from '../apps/standalone/dist/standalone.config.js';
import { startStandalone } from '../apps/standalone/dist/standalone.js';

const target = fileURLToPath(new URL('../libs/sdk/src/generated/openapi.ts', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'membolt-sdk-types-'));
let document;
try {
  const running = await startStandalone(
    loadStandaloneConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  );
  try {
    const response = await fetch(`${running.url}/api/openapi.json`);
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    document = await response.json();
  } finally {
    await running.app.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const types = astToString(await openapiTS(document, { alphabetize: true }));
const header =
  '// Generated from the OpenAPI document (/api/openapi.json) by `npm run sdk:types` with openapi-typescript.\n' +
  '// Do not edit.\n\n';
const text = await prettier.format(header + types, {
  ...(await prettier.resolveConfig(target)),
  filepath: target,
});

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error(`${target} is stale: run \`npm run sdk:types\` and commit the result.`);
    process.exit(1);
  }
  console.log('The SDK types are up to date.');
} else {
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, text);
  console.log(`Wrote ${target}`);
}
process.exit(0);
