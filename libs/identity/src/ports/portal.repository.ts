import type { PortalAction } from '@membolt/contracts';

/** What an account chose for its end users' portal; every field may be unset. */
export interface PortalSettings {
  readonly displayName: string | null;
  readonly logoUrl: string | null;
  readonly color: string | null;
  readonly frameOrigins: readonly string[];
  readonly updatedAt: Date;
}

export interface PortalAuditEntry {
  readonly id: string;
  readonly endUserId: string;
  readonly action: PortalAction;
  readonly memoryId: string | null;
  readonly memoryCount: number | null;
  readonly at: Date;
}

export interface PortalAuditPage {
  readonly entries: readonly PortalAuditEntry[];
  readonly totalCount: number;
}

/** An account's portal settings and the audit log of its end users' portal actions, always by account. */
export interface PortalRepository {
  findSettings(userId: string): Promise<PortalSettings | null>;
  saveSettings(userId: string, settings: PortalSettings): Promise<void>;
  /** Appends one entry; an entry id already recorded is kept as it is (a retried record is not counted twice). */
  recordAction(userId: string, entry: PortalAuditEntry): Promise<void>;
  /** Newest first; `endUserId` narrows to one end user. */
  listActions(
    userId: string,
    query: { readonly endUserId?: string; readonly limit: number; readonly offset: number },
  ): Promise<PortalAuditPage>;
  /** Account deletion: the settings and every audit entry of the account; answers how many rows went. */
  deleteAllForUser(userId: string): Promise<number>;
}
