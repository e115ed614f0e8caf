// The benchmark data sets (LoCoMo's dev conversations, the paraphrase and learning sets, and the Python
// scorers that come with them) are not part of the repository: each machine keeps them in one directory and
// names it in BENCH_DATA_DIR. A bench's own flag (--data, --paraphrase, ...) still names one file directly.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The path of one data file in BENCH_DATA_DIR, or undefined when the directory is not set. */
export function benchDataFile(name) {
  const dir = process.env.BENCH_DATA_DIR;
  return dir ? join(resolve(dir), name) : undefined;
}

/** Exits with a message that says how to point the bench at its data when `path` is missing. */
export function requireBenchData(path, name, flag) {
  if (path && existsSync(path)) return path;
  console.error(
    path
      ? `${name} not found at ${path} (pass ${flag} PATH or set BENCH_DATA_DIR)`
      : `${name}: set BENCH_DATA_DIR to the directory that holds the benchmark data, or pass ${flag} PATH`,
  );
  process.exit(2);
}
