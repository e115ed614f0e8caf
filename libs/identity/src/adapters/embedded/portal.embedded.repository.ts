import { PORTAL_ACTIONS, type PortalAction } from '@membolt/contracts';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type {
  PortalAuditEntry,
  PortalAuditPage,
  PortalRepository,
  PortalSettings,
} from '../../ports/portal.repository.js';

interface SettingsRow {
  display_name: string | null;
  logo_url: string | null;
  color: string | null;
  frame_origins: string;
  updated_at: number;
}

interface AuditRow {
  id: string;
  end_user_id: string;
  action: string;
  memory_id: string | null;
  memory_count: number | null;
  at: number;
}

const toAction = (value: string): PortalAction => {
  const action = PORTAL_ACTIONS.find((known) => known === value);
  if (!action) throw new Error(`Unknown portal action stored: ${value}`);
  return action;
};

export class PortalEmbeddedRepository implements PortalRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async findSettings(userId: string): Promise<PortalSettings | null> {
    const row = this.db.prepare('SELECT * FROM identity_portal_settings WHERE user_id = ?').get(userId) as
      SettingsRow | undefined;
    if (!row) return null;
    return {
      displayName: row.display_name,
      logoUrl: row.logo_url,
      color: row.color,
      frameOrigins: JSON.parse(row.frame_origins) as string[],
      updatedAt: new Date(row.updated_at),
    };
  }

  async saveSettings(userId: string, settings: PortalSettings): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO identity_portal_settings (user_id, display_name, logo_url, color, frame_origins, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, logo_url = excluded.logo_url,
           color = excluded.color, frame_origins = excluded.frame_origins, updated_at = excluded.updated_at`,
      )
      .run(
        userId,
        settings.displayName,
        settings.logoUrl,
        settings.color,
        JSON.stringify(settings.frameOrigins),
        settings.updatedAt.getTime(),
      );
  }

  async recordAction(userId: string, entry: PortalAuditEntry): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO identity_portal_audit (id, user_id, end_user_id, action, memory_id, memory_count, at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .run(
        entry.id,
        userId,
        entry.endUserId,
        entry.action,
        entry.memoryId,
        entry.memoryCount,
        entry.at.getTime(),
      );
  }

  async listActions(
    userId: string,
    query: { readonly endUserId?: string; readonly limit: number; readonly offset: number },
  ): Promise<PortalAuditPage> {
    const where = query.endUserId === undefined ? 'user_id = ?' : 'user_id = ? AND end_user_id = ?';
    const params = query.endUserId === undefined ? [userId] : [userId, query.endUserId];
    const rows = this.db
      .prepare(
        `SELECT * FROM identity_portal_audit WHERE ${where} ORDER BY at DESC, seq DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, query.limit, query.offset) as AuditRow[];
    const { total } = this.db
      .prepare(`SELECT COUNT(*) AS total FROM identity_portal_audit WHERE ${where}`)
      .get(...params) as { total: number };
    return {
      entries: rows.map((row) => ({
        id: row.id,
        endUserId: row.end_user_id,
        action: toAction(row.action),
        memoryId: row.memory_id,
        memoryCount: row.memory_count,
        at: new Date(row.at),
      })),
      totalCount: total,
    };
  }

  async deleteAllForUser(userId: string): Promise<number> {
    return this.db.transaction(
      () =>
        this.db.prepare('DELETE FROM identity_portal_settings WHERE user_id = ?').run(userId).changes +
        this.db.prepare('DELETE FROM identity_portal_audit WHERE user_id = ?').run(userId).changes,
    )();
  }
}
