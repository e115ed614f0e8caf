import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A secret for a single-machine install: read from `DATA_DIR/secrets/<name>` or generated once (48 random
 * bytes, base64url) with owner-only permissions. Lets `npm start` run securely with no configuration;
 * distributed deployments pass secrets through the environment instead.
 */
export function loadOrCreateLocalSecret(dataDir: string, name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Invalid secret name "${name}"`);
  const directory = join(resolve(dataDir), 'secrets');
  const file = join(directory, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under a private name, then linked into place: of processes racing to create it (replicas
  // sharing a DATA_DIR), one links first and the others read its complete file, so all keep the same secret.
  const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(partial, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(partial);
  }
  chmodSync(file, 0o600);
  return secret;
}
