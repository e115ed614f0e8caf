import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { EXPECTED } from './support/expectations.js';
import { abuseScale, PROBES, SIZES } from './support/probes.js';
import { AbuseRun, formatTable } from './support/runner.js';

const SCALE = abuseScale();
const SIZE = SIZES[SCALE];
// ABUSE_ONLY=docx-bomb,load runs only the named probes (while fixing one item).
const ONLY = process.env['ABUSE_ONLY']?.split(',').map((id) => id.trim());
const SELECTED = ONLY ? PROBES.filter((probe) => ONLY.includes(probe.id)) : PROBES;
// A probe may wait for its upload job and for RSS to settle; the full size waits minutes on purpose.
const PROBE_TIMEOUT_MS = SCALE === 'full' ? SIZE.uploadDeadlineMs + SIZE.settleMs + 300_000 : 150_000;

/**
 * One hostile request, file or account at a time against the built standalone product (a real process on
 * loopback): the server must survive, answer each with the right status and a small body, and end every
 * hostile upload `failed` with a reason. `/api/status` latency and RSS are printed for each probe; they are
 * asserted only in the full size (`npm run test:abuse`), where the machine is not shared with a test run.
 */
describe(`abuse probes (${SCALE} size)`, () => {
  const run = new AbuseRun(SIZE);

  beforeAll(async () => {
    await run.start();
  }, 180_000);

  afterAll(async () => {
    const table = formatTable(run.reports, SCALE);
    process.stdout.write(`\n${table}\n`);
    if (process.env['ABUSE_TABLE_FILE']) writeFileSync(process.env['ABUSE_TABLE_FILE'], `${table}\n`);
    await run.stop();
  }, 60_000);

  for (const probe of SELECTED) {
    it(
      `item ${probe.item}: ${probe.title}`,
      async () => {
        const report = await run.run(probe);
        expect(report.checks.filter((c) => !c.ok)).toEqual([]);
        if (SCALE === 'full') {
          expect(report.status.p99Ms).toBeLessThanOrEqual(EXPECTED.statusP99Ms);
          expect(report.settledAfterMs).not.toBeNull();
        }
      },
      PROBE_TIMEOUT_MS,
    );
  }
});
