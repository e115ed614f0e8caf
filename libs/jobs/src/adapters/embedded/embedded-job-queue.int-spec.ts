import { afterAll, beforeAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildJobsLib, describeJobQueueContract } from '../../testing/job-queue.contract.js';

const root = mkdtempSync(join(tmpdir(), 'membolt-jobs-'));
let n = 0;

beforeAll(() => {
  // The crash test runs the queue in a child process, from the compiled lib.
  buildJobsLib();
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describeJobQueueContract('embedded (SQLite)', {
  config: () => ({
    backend: { kind: 'embedded', dataDir: join(root, `run-${++n}`) },
    leaseMs: 2_000,
    pollMs: 50,
    keepFinishedMs: 3_600_000,
    closeTimeoutMs: 2_000,
  }),
});
