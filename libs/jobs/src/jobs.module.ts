import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createJobQueue } from './create-job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { jobsConfigFromEnv, type JobsModuleOptions } from './jobs.options.js';

/** Starts the queue once every module has registered its handlers, and closes it on shutdown. */
@Injectable()
class JobQueueLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/**
 * A service's durable job queue, provided as `JOB_QUEUE`: `JobsModule.forRoot({ service: 'ingestion' })`
 * in the service module's imports. Embedded SQLite at `DATA_DIR/<service>.jobs.sqlite`, or BullMQ on Redis
 * when REDIS_URL is set (see jobs.options.ts).
 */
@Module({})
export class JobsModule {
  static forRoot(options: JobsModuleOptions): DynamicModule {
    return {
      module: JobsModule,
      providers: [
        {
          provide: JOB_QUEUE,
          useFactory: () => createJobQueue(options.service, options.config ?? jobsConfigFromEnv()),
        },
        JobQueueLifecycle,
      ],
      exports: [JOB_QUEUE],
    };
  }
}
