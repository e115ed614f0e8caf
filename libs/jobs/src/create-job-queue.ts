import { BullmqJobQueue } from './adapters/bullmq/bullmq-job-queue.js';
import { EmbeddedJobQueue } from './adapters/embedded/embedded-job-queue.js';
import type { JobQueue } from './job-queue.js';
import type { JobsConfig } from './jobs.options.js';

/** The queue of one service on the configured backend (not started: call `start` after `process`). */
export function createJobQueue(service: string, config: JobsConfig): JobQueue {
  const backend = config.backend;
  switch (backend.kind) {
    case 'embedded':
      return EmbeddedJobQueue.open(backend.dataDir, service, config);
    case 'redis':
      return new BullmqJobQueue({ ...config, url: backend.url, prefix: backend.prefix, service });
  }
}
