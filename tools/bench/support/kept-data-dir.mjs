// A benchmark's DATA_DIR kept between runs: loading 100k memories takes most of an hour on a loaded machine,
// while the data itself is the same every run (a seeded PRNG makes it). The directory holds a manifest,
// written only once the seeding finished, naming the parameters that made the data; a later run with the
// same parameters reuses the directory, one with other parameters is refused rather than mixing two data sets.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

import { ROOT } from './standalone-process.mjs';

const MANIFEST = 'bench-manifest.json';
/** Written before the seeding starts: a directory that holds it and no manifest was left half seeded. */
const SEEDING = 'bench-seeding.json';

/** sha256 of the files whose content makes the data (the generator), so a change to them is a new data set. */
export function sourceHash(paths) {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(readFileSync(path));
  return hash.digest('hex').slice(0, 16);
}

/** The commit of the checkout at `root`, for the record (undefined outside git). */
function commitOf(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

const sameParams = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Opens `dir` for `params` (plain JSON: what makes the data). Answers `{ dir, manifest }`: the manifest of
 * an earlier, finished seeding with the same parameters (reuse the data), or null when the directory is to
 * be seeded now (it was empty or missing, or held an unfinished seeding, which is removed). Throws for a
 * directory that holds other files or another data set's manifest: nothing of someone else's is deleted.
 */
export function openKeptDataDir(dir, params) {
  const path = resolve(dir);
  mkdirSync(path, { recursive: true });
  const manifestPath = join(path, MANIFEST);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (!sameParams(manifest.params, params)) {
      throw new Error(
        `${path} holds a data set made with other parameters (${JSON.stringify(manifest.params)}, ` +
          `this run: ${JSON.stringify(params)}): name another directory, or remove this one`,
      );
    }
    return { dir: path, manifest };
  }
  const entries = readdirSync(path);
  if (entries.includes(SEEDING)) {
    // An interrupted seeding of ours: its partial data is not the data set, start again.
    for (const entry of entries) rmSync(join(path, entry), { recursive: true, force: true });
  } else if (entries.length > 0) {
    throw new Error(`${path} is not empty and holds no ${MANIFEST}: name an empty or missing directory`);
  }
  writeFileSync(join(path, SEEDING), JSON.stringify({ params, started: new Date().toISOString() }));
  return { dir: path, manifest: null };
}

/**
 * Records a finished seeding of `dir`: `params`, `data` (what a later run needs: user ids, API keys of the
 * bench's own throwaway accounts) and `phases` (the seeding's timings, printed by later runs as the seeding's),
 * with the commit that seeded it and the load average at the end. Written whole, then renamed in place.
 */
export function finishKeptDataDir(dir, { params, data, phases }) {
  const manifest = {
    params,
    data,
    phases,
    seededAt: new Date().toISOString(),
    seededBy: commitOf(ROOT),
    loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
  };
  const temporary = join(dir, `${MANIFEST}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, join(dir, MANIFEST));
  rmSync(join(dir, SEEDING), { force: true });
  return manifest;
}
