import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  LearnedFromMessagesView,
  LearnFactsFromMessagesRequest,
  LearningJobView,
  QueueLearnFactsFromMessagesRequest,
} from '@membolt/contracts';
import { JOB_QUEUE, type JobQueue, type JobState } from '@membolt/jobs';
import { createHash, randomUUID } from 'node:crypto';
import { learningJobNotFound } from '../../chat.errors.js';
import { FactLearningService } from '../../services/fact-learning.service.js';

export const LEARNING_JOB = 'chat.learn-from-messages';
/** A memory service or model that is down for a while is waited for: 5 runs, 2 s doubling. */
const ATTEMPTS = 5;
const BACKOFF_MS = 2000;

interface LearningJobData {
  readonly userId: string;
  readonly request: LearnFactsFromMessagesRequest;
}

/** The owner's id is part of the queue's job id: another account asking for the same job id finds nothing. */
const queueJobId = (userId: string, jobId: string) => `learn-${userId}-${jobId}`;

/**
 * Learning from messages as a durable job of the chat service's queue (the REST API's `async` add): the
 * worker calls the same FactLearningService.learnFromMessages as the synchronous subject, so the result is the
 * same. Delivery is at-least-once: a run cut short by a crash runs again, and learning the same messages
 * twice stores nothing twice (known facts are NOOPs), though the second run's answer then says NOOP.
 */
@Injectable()
export class LearningJobsQueue implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly learning: FactLearningService,
  ) {}

  onModuleInit(): void {
    this.queue.process<LearningJobData>(
      LEARNING_JOB,
      (job) => this.learning.learnFromMessages(job.data.userId, job.data.request),
      { concurrency: 2, concurrencyPerGroup: 1 },
    );
  }

  async enqueue(userId: string, request: QueueLearnFactsFromMessagesRequest): Promise<LearningJobView> {
    const { requestKey, ...learning } = request;
    // A caller's key names one job per account: the same key queued again answers that job.
    const jobId = `lrn_${
      requestKey === undefined
        ? randomUUID().replaceAll('-', '')
        : createHash('sha256').update(`${userId}\n${requestKey}`).digest('hex').slice(0, 32)
    }`;
    const data: LearningJobData = { userId, request: learning };
    await this.queue.enqueue(LEARNING_JOB, data, {
      jobId: queueJobId(userId, jobId),
      attempts: ATTEMPTS,
      backoffMs: BACKOFF_MS,
      group: userId,
    });
    return this.status(userId, jobId);
  }

  async status(userId: string, jobId: string): Promise<LearningJobView> {
    const state = await this.queue.get(queueJobId(userId, jobId));
    if (!state) throw learningJobNotFound();
    return toLearningJobView(jobId, state);
  }
}

function toLearningJobView(jobId: string, state: JobState): LearningJobView {
  const done = state.state === 'done';
  const failed = state.state === 'failed' || state.state === 'dead';
  return {
    jobId,
    state: done ? 'done' : failed ? 'failed' : state.state === 'active' ? 'running' : 'queued',
    result: done ? ((state.result as LearnedFromMessagesView | undefined) ?? null) : null,
    error: failed ? (state.error ?? 'The learning failed.') : null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
