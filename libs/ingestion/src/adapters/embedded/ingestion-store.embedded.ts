import type { UploadFileKind, UploadState } from '@membolt/contracts';
import { type EmbeddedDatabase, migrate, openEmbeddedDatabase, sqlitePage } from '@membolt/embedded-store';
import type {
  IngestionStore,
  UploadChanges,
  UploadMemory,
  UploadRecord,
  UploadScopeFilter,
  UploadsRepository,
} from '../../ports/ingestion-store.js';
import { INGESTION_MIGRATIONS } from './ingestion.migrations.js';

interface UploadRow {
  id: string;
  user_id: string;
  file_name: string;
  file_type: string | null;
  kind: string | null;
  size: number;
  state: string;
  percent: number;
  pages: number | null;
  chunks: number | null;
  summary: string | null;
  summary_memory_id: string | null;
  error: string | null;
  end_user_id: string;
  agent_id: string | null;
  run_id: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS: Readonly<Record<keyof UploadChanges, string>> = {
  kind: 'kind',
  state: 'state',
  percent: 'percent',
  pages: 'pages',
  chunks: 'chunks',
  summary: 'summary',
  summaryMemoryId: 'summary_memory_id',
  error: 'error',
};

function toRecord(row: UploadRow): UploadRecord {
  return {
    id: row.id,
    userId: row.user_id,
    fileName: row.file_name,
    fileType: row.file_type,
    kind: row.kind as UploadFileKind | null,
    size: row.size,
    state: row.state as UploadState,
    percent: row.percent,
    pages: row.pages,
    chunks: row.chunks,
    summary: row.summary,
    summaryMemoryId: row.summary_memory_id,
    error: row.error,
    endUserId: row.end_user_id || null,
    agentId: row.agent_id,
    runId: row.run_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

class EmbeddedUploads implements UploadsRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async insert(r: UploadRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO uploads (id, user_id, file_name, file_type, kind, size, state, percent, pages, chunks, summary,
           summary_memory_id, error, end_user_id, agent_id, run_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.id,
        r.userId,
        r.fileName,
        r.fileType,
        r.kind,
        r.size,
        r.state,
        r.percent,
        r.pages,
        r.chunks,
        r.summary,
        r.summaryMemoryId,
        r.error,
        r.endUserId ?? '',
        r.agentId,
        r.runId,
        r.createdAt,
        r.updatedAt,
      );
  }

  async find(userId: string, id: string): Promise<UploadRecord | null> {
    const row = this.db.prepare('SELECT * FROM uploads WHERE id = ? AND user_id = ?').get(id, userId) as
      UploadRow | undefined;
    return row ? toRecord(row) : null;
  }

  async list(
    userId: string,
    scope: UploadScopeFilter,
    limit: number,
    offset: number,
  ): Promise<{ uploads: UploadRecord[]; total: number }> {
    const where = [
      'user_id = ?',
      'end_user_id = ?',
      ...(scope.agentId !== undefined ? ['agent_id = ?'] : []),
      ...(scope.runId !== undefined ? ['run_id = ?'] : []),
    ].join(' AND ');
    const params = [
      userId,
      scope.endUserId ?? '',
      ...(scope.agentId !== undefined ? [scope.agentId] : []),
      ...(scope.runId !== undefined ? [scope.runId] : []),
    ];
    const rows = this.db
      .prepare(`SELECT * FROM uploads WHERE ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
      .all(...params, ...sqlitePage(limit, offset)) as UploadRow[];
    const { total } = this.db
      .prepare(`SELECT COUNT(*) AS total FROM uploads WHERE ${where}`)
      .get(...params) as {
      total: number;
    };
    return { uploads: rows.map(toRecord), total };
  }

  async update(id: string, changes: UploadChanges, updatedAt: string): Promise<void> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as Array<
      [keyof UploadChanges, unknown]
    >;
    const sets = [...entries.map(([key]) => `${COLUMNS[key]} = ?`), 'updated_at = ?'];
    this.db
      .prepare(`UPDATE uploads SET ${sets.join(', ')} WHERE id = ?`)
      .run(...entries.map(([, value]) => value), updatedAt, id);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM uploads WHERE id = ? AND user_id = ?').run(id, userId).changes === 1;
  }

  async abandoned(before: string, limit: number): Promise<Array<{ id: string; userId: string }>> {
    const rows = this.db
      .prepare(`SELECT id, user_id FROM uploads WHERE state = 'receiving' AND created_at < ? LIMIT ?`)
      .all(before, limit) as Array<{ id: string; user_id: string }>;
    return rows.map((r) => ({ id: r.id, userId: r.user_id }));
  }

  async idsOf(userId: string): Promise<string[]> {
    return (
      this.db.prepare('SELECT id FROM uploads WHERE user_id = ?').all(userId) as Array<{ id: string }>
    ).map((r) => r.id);
  }

  async ofEndUser(userId: string, endUserId: string): Promise<UploadRecord[]> {
    const rows = this.db
      .prepare('SELECT * FROM uploads WHERE user_id = ? AND end_user_id = ?')
      .all(userId, endUserId) as UploadRow[];
    return rows.map(toRecord);
  }

  async addMemories(uploadId: string, memories: readonly UploadMemory[]): Promise<void> {
    const insert = this.db.prepare(
      'INSERT OR IGNORE INTO upload_memories (upload_id, memory_id, kind, chunk_index) VALUES (?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const m of memories) insert.run(uploadId, m.memoryId, m.kind, m.chunkIndex);
    })();
  }

  async memoriesOf(uploadId: string): Promise<UploadMemory[]> {
    const rows = this.db
      .prepare(
        'SELECT memory_id, kind, chunk_index FROM upload_memories WHERE upload_id = ? ORDER BY chunk_index',
      )
      .all(uploadId) as Array<{ memory_id: string; kind: 'chunk' | 'summary'; chunk_index: number | null }>;
    return rows.map((r) => ({ memoryId: r.memory_id, kind: r.kind, chunkIndex: r.chunk_index }));
  }
}

/** The ingestion service's repositories over one SQLite file, `DATA_DIR/ingestion.sqlite`. */
export function openIngestionEmbeddedStore(dataDir: string): IngestionStore {
  const db = openEmbeddedDatabase(dataDir, 'ingestion');
  migrate(db, INGESTION_MIGRATIONS);
  return {
    uploads: new EmbeddedUploads(db),
    close: async () => {
      db.close();
    },
  };
}
