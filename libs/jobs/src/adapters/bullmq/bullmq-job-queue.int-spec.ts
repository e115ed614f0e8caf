import { beforeAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { buildJobsLib, describeJobQueueContract } from '../../testing/job-queue.contract.js';

// Real Redis: REDIS_URL, or the local server (127.0.0.1:6379). Every test gets its own key prefix.
const url = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

beforeAll(() => {
  buildJobsLib();
}, 120_000);

describeJobQueueContract('BullMQ (Redis)', {
  config: () => ({
    backend: { kind: 'redis', url, prefix: `membolt-jobs-test-${randomUUID().slice(0, 8)}` },
    leaseMs: 1_000,
    pollMs: 50,
    keepFinishedMs: 600_000,
    closeTimeoutMs: 2_000,
  }),
});
