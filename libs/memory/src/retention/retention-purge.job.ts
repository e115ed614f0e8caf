import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Job, JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { CLOCK, type Clock } from '@membolt/platform';
import { RETENTION_SETTINGS, type RetentionSettings } from '../memory.options.js';
import type { MemoryRemoval } from '../domain/memory.js';
import { MEMORY_EVENTS, type MemoryEvents } from '../ports/memory-events.js';
import { MEMORY_STORE, type MemoryStore } from '../ports/memory-store.js';
import { PLAN_RETENTION, type PlanRetention } from '../ports/plan-retention.js';

const RETENTION_SWEEP_JOB = 'memory.retention-sweep';
export const RETENTION_PURGE_JOB = 'memory.retention-purge';
const DAY_MS = 86_400_000;
/**
 * Owners read per sweep page, and memories removed per transaction of a purge. The store is written on the
 * event loop that answers requests (the embedded store is synchronous), so a purge removes a small batch
 * (its vectors, keywords, concept links and history with it) and lets the loop turn before the next.
 */
const SWEEP_PAGE = 500;
const PURGE_BATCH = 100;

export interface RetentionPurgeResult {
  readonly retentionDays: number | null;
  readonly deleted: number;
  /** Set when billing knows no such account: nothing was applied. */
  readonly skipped?: 'no-account';
}

/**
 * The plans' retention, enforced (decision 067): a sweep every `sweepMs` (one schedule across restarts
 * and replicas) names the accounts holding memories older than the shortest retention any plan may have
 * (`minDays`, 7 by default: younger memories are never looked at), and queues one durable purge
 * per account and hour. A purge asks billing for the account's plan retention and removes the memories
 * created before it, the least important first (then the oldest), never a pinned one (importance 1, decision
 * 102), with the same cascade as a delete (vectors, keywords, concepts, history), announcing them as deleted. Unlimited plans keep everything; billing unreachable fails the attempt (retried
 * later), never a guess. Idempotent: a purge run twice finds nothing more to remove.
 */
@Injectable()
export class RetentionPurgeJob implements OnModuleInit {
  private readonly logger = new Logger('RetentionPurge');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(PLAN_RETENTION) private readonly retention: PlanRetention,
    @Inject(MEMORY_EVENTS) private readonly events: MemoryEvents,
    @Inject(RETENTION_SETTINGS) private readonly settings: RetentionSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.process(RETENTION_SWEEP_JOB, () => this.sweep());
    this.queue.process<{ userId: string }>(RETENTION_PURGE_JOB, (job) => this.purgeJob(job));
    await this.queue.every(RETENTION_SWEEP_JOB, this.settings.sweepMs, {});
  }

  /**
   * Queues a purge for every account holding memories older than the shortest retention, or memories whose
   * expiration has passed.
   */
  async sweep(): Promise<{ queued: number }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.settings.minDays * DAY_MS);
    const hour = now.toISOString().slice(0, 13).replace(/[-:T]/g, '');
    const queuedUsers = new Set<string>();
    const queueAll = async (ownersAfter: (after: string) => Promise<string[]>): Promise<void> => {
      for (let after = ''; ;) {
        const owners = await ownersAfter(after);
        for (const userId of owners) {
          if (queuedUsers.has(userId)) continue;
          // One purge per account and hour: a sweep run twice queues nothing more.
          await this.queue.enqueue(
            RETENTION_PURGE_JOB,
            { userId },
            { jobId: `retention-${hour}-${userId}`.slice(0, 200), attempts: 6, backoffMs: 60_000 },
          );
          queuedUsers.add(userId);
        }
        const last = owners[owners.length - 1];
        if (owners.length < SWEEP_PAGE || last === undefined) return;
        after = last;
      }
    };
    await queueAll((after) => this.store.memories.ownersWithMemoriesBefore(cutoff, after, SWEEP_PAGE));
    await queueAll((after) => this.store.memories.ownersWithExpired(now, after, SWEEP_PAGE));
    return { queued: queuedUsers.size };
  }

  private purgeJob(job: Job<{ userId: string }>): Promise<RetentionPurgeResult> {
    return this.purge(job.data.userId);
  }

  /**
   * Deletes the account's expired memories (whatever its plan: an expiration is the developer's own
   * instruction), then applies its plan retention.
   */
  async purge(userId: string): Promise<RetentionPurgeResult> {
    const expired = await this.removeAll(userId, () =>
      this.store.memories.deleteExpired(userId, this.clock.now(), PURGE_BATCH),
    );
    if (expired > 0) this.logger.log(`Removed ${expired} expired memories of ${userId}`);
    const answer = await this.retention.of(userId);
    if (answer.kind === 'no-account') {
      return { retentionDays: null, deleted: expired, skipped: 'no-account' };
    }
    if (answer.days === null) return { retentionDays: null, deleted: expired };
    const cutoff = this.cutoffFor(answer.days);
    const deleted = await this.removeAll(userId, () =>
      this.store.memories.deleteCreatedBefore(userId, cutoff, PURGE_BATCH),
    );
    if (deleted > 0)
      this.logger.log(`Retention of ${answer.days} days removed ${deleted} memories of ${userId}`);
    return { retentionDays: answer.days, deleted: expired + deleted };
  }

  /** Runs a batch removal until a batch comes back short, announcing each batch; answers the count. */
  private async removeAll(userId: string, batch: () => Promise<MemoryRemoval>): Promise<number> {
    let deleted = 0;
    for (let slice = 0; ; slice++) {
      if (slice > 0) await nextTurn();
      const removal = await batch();
      if (removal.memoryIds.length > 0) {
        deleted += removal.memoryIds.length;
        await this.events.changed({ userId, endUserId: '' }, 'deleted', removal.memoryIds, this.clock.now());
      }
      if (removal.memoryIds.length < PURGE_BATCH) return deleted;
    }
  }

  /** How many of the account's memories a retention of `days` would remove now (the downgrade warning). */
  async wouldRemove(userId: string, days: number | null): Promise<number> {
    if (days === null) return 0;
    return this.store.memories.countCreatedBefore(userId, this.cutoffFor(days));
  }

  /** Memories created before this are past a retention of `days` (never under the floor). */
  private cutoffFor(days: number): Date {
    return new Date(this.clock.now().getTime() - Math.max(days, this.settings.minDays) * DAY_MS);
  }
}
