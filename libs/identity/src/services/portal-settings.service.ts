import { Inject, Injectable } from '@nestjs/common';
import type {
  ListPortalAuditRequest,
  RecordPortalActionRequest,
  UpdatePortalSettingsRequest,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import type { PortalAuditEntry, PortalAuditPage, PortalSettings } from '../ports/portal.repository.js';

const NO_SETTINGS = { displayName: null, logoUrl: null, color: null, frameOrigins: [] } as const;

/** The account's settings of its end users' portal, and the audit log of what end users did there. */
@Injectable()
export class PortalSettingsService {
  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Null when the account never saved any (the portal then uses the defaults). */
  async settings(userId: string): Promise<PortalSettings | null> {
    return this.store.portal.findSettings(userId);
  }

  async updateSettings(userId: string, change: UpdatePortalSettingsRequest): Promise<PortalSettings> {
    const current = (await this.store.portal.findSettings(userId)) ?? NO_SETTINGS;
    const keep = <T>(value: T | undefined, kept: T): T => (value === undefined ? kept : value);
    const next: PortalSettings = {
      displayName: keep(change.displayName, current.displayName) ?? null,
      logoUrl: keep(change.logoUrl, current.logoUrl) ?? null,
      color: keep(change.color, current.color)?.toLowerCase() ?? null,
      frameOrigins:
        change.frameOrigins === undefined
          ? current.frameOrigins
          : [...new Set(change.frameOrigins.map((origin) => origin.toLowerCase()))],
      updatedAt: this.clock.now(),
    };
    await this.store.portal.saveSettings(userId, next);
    return next;
  }

  async recordAction(userId: string, request: RecordPortalActionRequest): Promise<PortalAuditEntry> {
    const entry: PortalAuditEntry = {
      id: request.id,
      endUserId: request.endUserId,
      action: request.action,
      memoryId: request.memoryId ?? null,
      memoryCount: request.memoryCount ?? null,
      at: this.clock.now(),
    };
    await this.store.portal.recordAction(userId, entry);
    return entry;
  }

  async listActions(userId: string, request: ListPortalAuditRequest): Promise<PortalAuditPage> {
    return this.store.portal.listActions(userId, {
      ...(request.endUserId !== undefined ? { endUserId: request.endUserId } : {}),
      limit: request.limit,
      offset: request.offset,
    });
  }
}
