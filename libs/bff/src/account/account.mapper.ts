import type { DeletionReceiptView, UserView } from '@membolt/contracts';
import type { DeletionReceiptModel, ViewerModel } from './account.models.js';

/** Identity's bus views → GraphQL models, in one place. */
export function toViewer(user: UserView): ViewerModel {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    createdAt: user.createdAt,
    lastActiveAt: user.lastActiveAt,
    settings: { ...user.settings },
    notifications: { ...user.notifications },
    memoryGraph: { ...user.memoryGraph },
    authMethods: [...user.authMethods],
    setupComplete: user.setupComplete,
  };
}

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
