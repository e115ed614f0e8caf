import type { OutboxStep, OutboxStepKind } from '../domain/outbox-step.js';

/** Durable follow-up steps, keyed by (user, kind). Completed steps are removed. */
export interface OutboxRepository {
  /** Adds the steps that are missing for the user, due at `now`; existing ones are left as they are. */
  add(userId: string, kinds: readonly OutboxStepKind[], now: Date): Promise<void>;
  /** Steps due at `now`, oldest first. */
  due(now: Date, limit: number): Promise<OutboxStep[]>;
  /**
   * Takes a due step for one run: pushes its next attempt to `leaseUntil` so no other worker (or replica)
   * runs it meanwhile. Null when it is gone or not due.
   */
  claim(userId: string, kind: OutboxStepKind, now: Date, leaseUntil: Date): Promise<OutboxStep | null>;
  complete(userId: string, kind: OutboxStepKind): Promise<void>;
  /** Records a failed run: one more attempt, the error, and when to try again. */
  reschedule(userId: string, kind: OutboxStepKind, nextAttemptAt: Date, error: string): Promise<void>;
  listForUser(userId: string): Promise<OutboxStep[]>;
  /** Steps not yet completed, due or waiting for a retry (the outbox's depth, for metrics). */
  count(): Promise<number>;
  /** Removes the user's steps of these kinds. Returns steps removed. */
  remove(userId: string, kinds: readonly OutboxStepKind[]): Promise<number>;
}
