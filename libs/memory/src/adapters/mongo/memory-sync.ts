import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { pointSource } from './memory-documents.js';
import type { MemoryDocument } from './memory.schemas.js';
import type { QdrantMemoryVectors } from './memory-vectors.qdrant.js';

export interface MemorySyncSettings {
  /** A pending batch older than this was abandoned by its writer (process died): it is rolled back. */
  readonly pendingLeaseMs: number;
  /** Tombstones and lagging points older than this are finished by the repair pass. */
  readonly graceMs: number;
  /** How often the repair pass runs in the background (0 = only when called). */
  readonly intervalMs: number;
  readonly batchSize: number;
}

export const DEFAULT_SYNC_SETTINGS: MemorySyncSettings = {
  pendingLeaseMs: 5 * 60_000,
  graceMs: 30_000,
  intervalMs: 15_000,
  batchSize: 500,
};

export interface RepairReport {
  rolledBack: number;
  deleted: number;
  resynced: number;
}

/**
 * Brings Qdrant in line with MongoDB, the source of truth (decision 024). Each memory document is its own
 * outbox entry (state + revisions, changed atomically with the memory), and every step here is idempotent,
 * so any number of replicas may run it at any time:
 * - a stale `pending` batch was never acknowledged: its points and documents are removed (all or none);
 * - a stale `deleting` tombstone: its point is deleted, then the document;
 * - a `live` document whose point lags (`dirty`): the point is rewritten from the document, guarded by its
 *   revision in Qdrant, then marked synced only if no newer write came meanwhile.
 */
export class MemorySync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RepairReport> | null = null;

  constructor(
    private readonly memories: Model<MemoryDocument>,
    private readonly vectors: QdrantMemoryVectors,
    private readonly settings: MemorySyncSettings = DEFAULT_SYNC_SETTINGS,
    private readonly log: (message: string, error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    if (this.settings.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.repair().catch((error: unknown) => this.log('memory repair pass failed', error));
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass (a pass already running in this process is joined, not doubled). */
  repair(now = new Date()): Promise<RepairReport> {
    this.running ??= this.pass(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Marks the documents synced at these revisions, unless a newer write has come since. */
  async markSynced(docs: ReadonlyArray<Pick<MemoryDocument, '_id' | 'syncRev'>>): Promise<void> {
    if (docs.length === 0) return;
    await this.memories.bulkWrite(
      docs.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id, syncRev: doc.syncRev },
          update: { $set: { syncedRev: doc.syncRev, dirty: false } },
        },
      })),
      { ordered: false },
    );
  }

  private async pass(now: Date): Promise<RepairReport> {
    const report: RepairReport = { rolledBack: 0, deleted: 0, resynced: 0 };
    const { batchSize, pendingLeaseMs, graceMs } = this.settings;
    const leaseEnd = new Date(now.getTime() - pendingLeaseMs);
    const graceEnd = new Date(now.getTime() - graceMs);

    for (;;) {
      const stale = await this.memories
        .find({ state: 'pending', touchedAt: { $lt: leaseEnd } }, { _id: 1, opId: 1 })
        .limit(batchSize)
        .lean<Array<Pick<MemoryDocument, '_id' | 'opId'>>>()
        .exec();
      if (stale.length === 0) break;
      // Claim the batch as a tombstone first: its writer, if still alive, then fails to acknowledge it.
      for (const opId of new Set(stale.map((d) => d.opId))) {
        const token = `repair:${randomUUID()}`;
        await this.memories
          .updateMany(
            { opId, state: 'pending' },
            { $set: { state: 'deleting', opId: token, touchedAt: now } },
          )
          .exec();
        report.rolledBack += await this.finishDeletes(token);
      }
    }

    for (;;) {
      const tombstones = await this.memories
        .find({ state: 'deleting', touchedAt: { $lt: graceEnd } }, { _id: 1 })
        .limit(batchSize)
        .lean<Array<Pick<MemoryDocument, '_id'>>>()
        .exec();
      if (tombstones.length === 0) break;
      const ids = tombstones.map((d) => d._id);
      await this.vectors.delete(ids);
      report.deleted += (
        await this.memories.deleteMany({ _id: { $in: ids }, state: 'deleting' }).exec()
      ).deletedCount;
    }

    let after: Date | null = null;
    for (;;) {
      const lagging: MemoryDocument[] = await this.memories
        .find({
          dirty: true,
          state: 'live',
          touchedAt: { $lt: graceEnd, ...(after ? { $gt: after } : {}) },
        })
        .sort({ touchedAt: 1 })
        .limit(batchSize)
        .lean<MemoryDocument[]>()
        .exec();
      if (lagging.length === 0) break;
      await this.vectors.upsert(lagging.map(pointSource));
      await this.markSynced(lagging);
      report.resynced += lagging.length;
      if (lagging.length < batchSize) break;
      after = lagging[lagging.length - 1]?.touchedAt ?? null;
    }
    return report;
  }

  /** Deletes the points, then the documents, of one claimed tombstone set. */
  private async finishDeletes(opId: string): Promise<number> {
    const ids = (
      await this.memories.find({ opId, state: 'deleting' }, { _id: 1 }).lean<Array<{ _id: string }>>().exec()
    ).map((d) => d._id);
    await this.vectors.delete(ids);
    return (await this.memories.deleteMany({ opId, state: 'deleting' }).exec()).deletedCount;
  }

  /** Used by the repository right after its own write: same steps, no grace period. */
  async finishDeletesNow(opId: string): Promise<void> {
    await this.finishDeletes(opId);
  }
}
