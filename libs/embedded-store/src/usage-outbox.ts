import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { USAGE_BATCH_MAX, type UsageEvent } from '@membolt/contracts';
import type { UsageOutbox, UsageSender } from '@membolt/edge';
import { type EmbeddedDatabase, openEmbeddedDatabase } from './embedded-database.js';
import { preparedOnce } from './prepared-statements.js';

export interface EmbeddedUsageOutboxOptions {
  /** How long appended events wait for company before they are sent (default 100 ms). */
  readonly flushDelayMs?: number;
  /** The wait after a failed send; doubled at each failure in a row up to 30 s (default 1 s). */
  readonly retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

interface Waiter {
  readonly event: UsageEvent;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The outbox on a SQLite file of the edge's own (standalone): the events appended in one turn of the event
 * loop are written in one transaction (WAL, `synchronous = NORMAL`: a commit survives a killed process),
 * and each caller is answered once it is committed. A flusher sends what is stored to billing in batches of
 * up to USAGE_BATCH_MAX, oldest first, and deletes a batch once billing has applied it; what a crash left
 * is sent at the next start.
 */
export class EmbeddedUsageOutbox implements UsageOutbox {
  private readonly logger = new Logger('UsageOutbox');
  private readonly flushDelayMs: number;
  private readonly retryMs: number;
  private queued: Waiter[] = [];
  private committing: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  private constructor(
    private readonly db: EmbeddedDatabase,
    private readonly send: UsageSender,
    options: EmbeddedUsageOutboxOptions,
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 100;
    this.retryMs = options.retryMs ?? 1000;
  }

  /** Opens (or creates) `<dataDir>/<name>.sqlite` and sends what an earlier process left in it. */
  static open(
    dataDir: string,
    name: string,
    send: UsageSender,
    options: EmbeddedUsageOutboxOptions = {},
  ): EmbeddedUsageOutbox {
    const db = openEmbeddedDatabase(dataDir, name);
    db.exec(`CREATE TABLE IF NOT EXISTS usage_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      event TEXT NOT NULL
    )`);
    const outbox = new EmbeddedUsageOutbox(db, send, options);
    if (outbox.pending() > 0) outbox.schedule(0);
    return outbox;
  }

  append(event: UsageEvent): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The usage outbox is closed'));
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ event, resolve, reject });
      if (this.queued.length === 1)
        this.committing = new Promise((done) => setImmediate(() => done(this.commit())));
    });
  }

  async settle(): Promise<void> {
    await this.committing;
    const last = this.lastSeq();
    while (!this.closed && this.oldestSeq() !== null && this.oldestSeq()! <= last) {
      const failuresBefore = this.failures;
      await this.flush();
      // A failed send is retried by the timer; a read waits no longer for it than this one attempt.
      if (this.failures > failuresBefore) return;
    }
  }

  /** Sends what it can first; what billing cannot take now stays on disk for the next start. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.settle();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    this.db.close();
  }

  /** Events stored and not yet applied by billing. */
  pending(): number {
    return preparedOnce(this.db, 'SELECT COUNT(*) FROM usage_outbox', 'pluck').get() as number;
  }

  private commit(): void {
    const waiters = this.queued;
    this.queued = [];
    this.committing = null;
    try {
      const insert = preparedOnce(this.db, 'INSERT INTO usage_outbox (event) VALUES (?)');
      this.db.transaction(() => {
        for (const waiter of waiters) insert.run(JSON.stringify(waiter.event));
      })();
    } catch (error) {
      waiters.forEach((waiter) => waiter.reject(error));
      return;
    }
    waiters.forEach((waiter) => waiter.resolve());
    this.schedule(this.flushDelayMs);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  /** Sends the oldest batch (one send at a time), then the next while any is left. */
  private flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    const rows = preparedOnce(this.db, 'SELECT seq, event FROM usage_outbox ORDER BY seq LIMIT ?').all(
      USAGE_BATCH_MAX,
    ) as Array<{ seq: number; event: string }>;
    if (rows.length === 0) return;
    try {
      await this.send(rows.map((row) => JSON.parse(row.event) as UsageEvent));
    } catch (error) {
      this.failures++;
      const wait = Math.min(MAX_RETRY_MS, this.retryMs * 2 ** (this.failures - 1));
      this.logger.warn(
        `${rows.length} usage events not sent to billing (retrying in ${wait} ms): ${error instanceof Error ? error.message : String(error)}`,
      );
      this.schedule(wait);
      return;
    }
    this.failures = 0;
    preparedOnce(this.db, 'DELETE FROM usage_outbox WHERE seq <= ?').run(rows[rows.length - 1]!.seq);
    if (this.oldestSeq() !== null) this.schedule(0);
  }

  private oldestSeq(): number | null {
    return (
      (preparedOnce(this.db, 'SELECT MIN(seq) FROM usage_outbox', 'pluck').get() as number | null) ?? null
    );
  }

  private lastSeq(): number {
    return (preparedOnce(this.db, 'SELECT MAX(seq) FROM usage_outbox', 'pluck').get() as number | null) ?? 0;
  }
}

const shared = new Map<string, { outbox: EmbeddedUsageOutbox; users: number }>();

/**
 * One outbox per file in a process, shared by the edges that open it (the standalone's gateway and BFF), so
 * that settling it before a usage read covers the calls of both; closed when its last user closes it.
 */
export function openSharedUsageOutbox(
  dataDir: string,
  send: UsageSender,
  options: EmbeddedUsageOutboxOptions = {},
): UsageOutbox {
  const path = resolve(dataDir);
  let entry = shared.get(path);
  if (!entry) {
    entry = { outbox: EmbeddedUsageOutbox.open(path, 'usage-outbox', send, options), users: 0 };
    shared.set(path, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    append: (event) => held.outbox.append(event),
    settle: () => held.outbox.settle(),
    close: async () => {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      shared.delete(path);
      await held.outbox.close();
    },
  };
}

/** `openSharedUsageOutbox` on `dataDir`, as the opener an edge's metering providers take. */
export const sharedUsageOutboxIn =
  (dataDir: string) =>
  (send: UsageSender): UsageOutbox =>
    openSharedUsageOutbox(dataDir, send);
