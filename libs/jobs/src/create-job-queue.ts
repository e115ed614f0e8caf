import { EmbeddedJobQueue } from './adapters/embedded/embedded-job-queue.js';
import type { JobQueue } from './job-queue.js';
import type { JobsConfig } from './jobs.options.js';

/**
 * The queue of one service on the configured backend (not started: call `start` after `process`). BullMQ
 * and its Redis client are imported only for the redis backend: the embedded default never loads them.
 */
export async function createJobQueue(service: string, config: JobsConfig): Promise<JobQueue> {
  const backend = config.backend;
  switch (backend.kind) {
    case 'embedded':
      return EmbeddedJobQueue.open(backend.dataDir, service, config);
    case 'redis': {
      const { BullmqJobQueue } = await import('./adapters/bullmq/bullmq-job-queue.js');
      return new BullmqJobQueue({ ...config, url: backend.url, prefix: backend.prefix, service });
    }
  }
}
