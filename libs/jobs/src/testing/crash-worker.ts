// A worker process for the "worker killed mid-job" contract test: it opens the queue described by
// JOBS_CRASH_CONFIG ({ service, config }), takes jobs of JOBS_CRASH_JOB, prints `started <id> <attempt>`
// when one begins and never finishes it, so the test can kill -9 it mid-job.
import { createJobQueue } from '../create-job-queue.js';
import type { JobsConfig } from '../jobs.options.js';

const { service, config } = JSON.parse(process.env['JOBS_CRASH_CONFIG'] ?? '{}') as {
  service: string;
  config: JobsConfig;
};
const name = process.env['JOBS_CRASH_JOB'] ?? 'crash';
const queue = await createJobQueue(service, config);
queue.process(name, async (job) => {
  await job.progress('hanging', 10);
  process.stdout.write(`started ${job.id} ${job.attempt}\n`);
  await new Promise(() => undefined);
});
await queue.start();
process.stdout.write('ready\n');
