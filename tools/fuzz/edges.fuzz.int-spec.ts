import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatReport, runEdgeFuzz } from './edge-fuzz.js';
import { FuzzTarget } from './fuzz-target.js';

/**
 * The edges under generated input (issue 8): the CI-sized run of `npm run test:fuzz`. FUZZ_RUNS and
 * FUZZ_SEED choose the size and the sequence; the full-size run is `npm run test:fuzz` (10,000 inputs).
 * Needs the built server (`npm run build:server`).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1500);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

describe('edge fuzz: generated REST and GraphQL input against a standalone process', () => {
  let target: FuzzTarget;

  beforeAll(async () => {
    target = await FuzzTarget.start();
  });

  afterAll(async () => {
    await target?.stop();
  });

  it(
    `answers ${RUNS} generated inputs without a 5xx, a non-JSON error or a refused write`,
    async () => {
      const report = await runEdgeFuzz(target, { runs: RUNS, seed: SEED });
      process.stdout.write(`\n${formatReport(report)}\n`);
      expect(report.failures).toEqual([]);
      expect(target.problemLines()).toEqual([]);
      // Refusals dominate, but the generator must also reach the handlers behind validation.
      expect(report.byStatus['200'] ?? 0).toBeGreaterThan(RUNS / 20);
      // Unbounded caches showed as hundreds of MB kept after a few thousand inputs (issue 8: 154 -> 765 MB).
      expect(report.rssMb.end - report.rssMb.start).toBeLessThan(150);
    },
    60_000 + RUNS * 200,
  );
});
