import { describe, expect, it } from '@jest/globals';
import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { JobsModule } from './jobs.module.js';
import { jobsConfigFromEnv } from './jobs.options.js';

@Injectable()
class Doubler implements OnModuleInit {
  constructor(@Inject(JOB_QUEUE) readonly queue: JobQueue) {}
  onModuleInit(): void {
    this.queue.process<{ n: number }>('double', async (job) => job.data.n * 2);
  }
}

describe('JobsModule', () => {
  it('reads the backend from the environment: embedded by default, BullMQ with REDIS_URL', () => {
    expect(jobsConfigFromEnv({ DATA_DIR: '/var/m' })).toMatchObject({
      backend: { kind: 'embedded', dataDir: '/var/m' },
      leaseMs: 30_000,
      keepFinishedMs: 168 * 3_600_000,
    });
    expect(jobsConfigFromEnv({ REDIS_URL: 'redis://cache:6379', JOBS_REDIS_PREFIX: 'mb' }).backend).toEqual({
      kind: 'redis',
      url: 'redis://cache:6379',
      prefix: 'mb',
    });
    expect(() => jobsConfigFromEnv({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    expect(() => jobsConfigFromEnv({ JOBS_LEASE_MS: '10' })).toThrow(/JOBS_LEASE_MS/);
  });

  it('starts the queue at bootstrap after handlers registered, and closes it at shutdown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-jobs-module-'));
    try {
      @Module({
        imports: [
          JobsModule.forRoot({ service: 'sample', config: jobsConfigFromEnv({ DATA_DIR: dataDir }) }),
        ],
        providers: [Doubler],
      })
      class SampleModule {}
      const ref = await Test.createTestingModule({ imports: [SampleModule] }).compile();
      const app = await ref.createNestApplication().init();
      const queue = app.get(Doubler).queue;
      const { id } = await queue.enqueue('double', { n: 21 });
      expect(await queue.waitFor(id, 20_000)).toMatchObject({ state: 'done', result: 42 });
      await app.close();
      await expect(queue.start()).rejects.toThrow(/closed/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
