import type { DeletionReceiptView } from '@membolt/contracts';
import type { DeletionReceiptModel } from './account.models.js';

/** Identity's deletion receipt → GraphQL's: per-service maps become lists (GraphQL has no map type). */
export function toDeletionReceipt(receipt: DeletionReceiptView): DeletionReceiptModel {
  return {
    userId: receipt.userId,
    deletedAt: receipt.deletedAt,
    services: receipt.services.map((s) => ({
      service: s.service,
      removed: Object.entries(s.removed).map(([kind, count]) => ({ kind, count })),
    })),
    pending: [...receipt.pending],
  };
}

/** Drops undefined fields so identity's "unknown field" check only sees what the client sent. */
export function definedFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<T>;
}
