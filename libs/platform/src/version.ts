import { readFileSync } from 'node:fs';

function readVersion(): string {
  // The root package.json is the single source of the product version.
  for (const candidate of ['../../../package.json', '../../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'membolt' && pkg.version) return pkg.version;
    } catch {
      // try the next location (src/ and dist/ sit at different depths)
    }
  }
  return '0.0.0';
}

export const MEMBOLT_VERSION = readVersion();
