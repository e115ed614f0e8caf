import { Logger } from '@nestjs/common';
import { USAGE_BATCH_MAX, type UsageEvent } from '@membolt/contracts';

/** The injection token of an edge's usage outbox. */
export const USAGE_OUTBOX = Symbol('USAGE_OUTBOX');

/** Hands a batch of usage events to billing; resolves once billing has applied every one of them. */
export type UsageSender = (events: UsageEvent[]) => Promise<void>;

/**
 * Where an edge puts the outcome of each metered call on its way to billing. `append` resolves once the
 * event is safe: a crash after it loses no charge. Billing applies each idempotency key once, so an event
 * sent twice (a crash between the send and its removal) is never charged twice.
 */
export interface UsageOutbox {
  append(event: UsageEvent): Promise<void>;
  /** Resolves once every event appended before the call has reached billing (or a send of it failed). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * No outbox of the edge's own (a distributed edge without a data directory): each event is sent to billing
 * before `append` resolves, the events of one turn of the event loop in one batch. A failed send is logged
 * and the event lost, as a failed record was before the outbox: the call itself is done.
 */
export class DirectUsageOutbox implements UsageOutbox {
  private readonly logger = new Logger('UsageOutbox');
  private queued: UsageEvent[] = [];
  private batch: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly send: UsageSender) {}

  append(event: UsageEvent): Promise<void> {
    this.queued.push(event);
    this.batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.sendQueued());
    return this.batch;
  }

  async settle(): Promise<void> {
    await Promise.all([this.batch, ...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.settle();
  }

  private async sendQueued(): Promise<void> {
    const events = this.queued;
    this.queued = [];
    this.batch = null;
    const sending = (async () => {
      for (let start = 0; start < events.length; start += USAGE_BATCH_MAX) {
        const part = events.slice(start, start + USAGE_BATCH_MAX);
        try {
          await this.send(part);
        } catch (error) {
          this.logger.error(
            `${part.length} usage events not recorded: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    })();
    this.inFlight.add(sending);
    try {
      await sending;
    } finally {
      this.inFlight.delete(sending);
    }
  }
}
