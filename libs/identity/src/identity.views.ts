import type {
  AccessRevocationListView,
  DeletionReceiptView,
  MemoryGraphView,
  PortalAuditEntryView,
  PortalSettingsView,
  SessionView,
  UserView,
} from '@membolt/contracts';
import { PORTAL_DEFAULT_COLOR } from '@membolt/contracts';
import type { DeletionReceipt } from './domain/deletion-receipt.js';
import type { IssuedSession } from './domain/session.js';
import type { MemoryGraph, User } from './domain/user.js';
import type { AccessRevocationRecord } from './ports/access-revocation.repository.js';
import type { PortalAuditEntry, PortalSettings } from './ports/portal.repository.js';

/** The one place a stored user becomes the bus view: the password hash and Google subject never leave. */
export function toUserView(user: User & { readonly memoryGraph: MemoryGraph }): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    lastActiveAt: user.lastActiveAt ? user.lastActiveAt.toISOString() : null,
    settings: { theme: user.settings.theme, defaultModel: user.settings.defaultModel },
    notifications: { ...user.notifications },
    memoryGraph: toMemoryGraphView(user.memoryGraph),
    authMethods: [...user.authMethods],
    setupComplete: user.setupComplete,
  };
}

export function toMemoryGraphView(graph: MemoryGraph): MemoryGraphView {
  return { id: graph.id, status: graph.status, createdAt: graph.createdAt.toISOString() };
}

/** The session's tokens go to the client as they are: they are what it holds to stay signed in. */
export function toSessionView(session: IssuedSession): SessionView {
  return {
    user: toUserView(session.user),
    accessToken: session.accessToken,
    accessTokenExpiresAt: session.accessTokenExpiresAt.toISOString(),
    refreshToken: session.refreshToken,
    refreshTokenExpiresAt: session.refreshTokenExpiresAt.toISOString(),
    persistent: session.persistent,
    ...(session.deviceToken !== undefined ? { deviceToken: session.deviceToken } : {}),
  };
}

export function toAccessRevocationListView(
  revocations: readonly AccessRevocationRecord[],
): AccessRevocationListView {
  return {
    revocations: revocations.map((revocation) => ({
      kind: revocation.kind,
      id: revocation.id,
      expiresAt: revocation.expiresAt.toISOString(),
    })),
  };
}

export function toDeletionReceiptView(receipt: DeletionReceipt): DeletionReceiptView {
  return {
    userId: receipt.userId,
    deletedAt: receipt.deletedAt.toISOString(),
    services: receipt.services.map((service) => ({
      service: service.service,
      removed: { ...service.removed },
    })),
    pending: [...receipt.pending],
  };
}

/** An account that never saved portal settings gets the defaults. */
export function toPortalSettingsView(settings: PortalSettings | null): PortalSettingsView {
  return {
    displayName: settings?.displayName ?? null,
    logoUrl: settings?.logoUrl ?? null,
    color: settings?.color ?? PORTAL_DEFAULT_COLOR,
    frameOrigins: settings ? [...settings.frameOrigins] : [],
    updatedAt: settings ? settings.updatedAt.toISOString() : null,
  };
}

export function toPortalAuditEntryView(entry: PortalAuditEntry): PortalAuditEntryView {
  return {
    id: entry.id,
    endUserId: entry.endUserId,
    action: entry.action,
    memoryId: entry.memoryId,
    memoryCount: entry.memoryCount,
    at: entry.at.toISOString(),
  };
}
