import type { Theme } from '@membolt/contracts';
import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { SetupStepKind } from '../../domain/outbox-step.js';
import type {
  AuthMethod,
  MemoryGraph,
  NotificationPreferences,
  User,
  UserPatch,
  UserSettings,
} from '../../domain/user.js';
import type { CreateUserResult, UserRepository } from '../../ports/user.repository.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  bio: string;
  password_hash: string | null;
  auth_methods: string;
  google_subject: string | null;
  settings: string;
  notifications: string;
  memory_graph: string | null;
  created_at: number;
  last_active_at: number | null;
  setup_complete: number;
  deleted_at: number | null;
}

interface StoredMemoryGraph {
  id: string;
  status: 'active';
  createdAt: number;
}

export class UserEmbeddedRepository implements UserRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async create(user: User, setupSteps: readonly SetupStepKind[]): Promise<CreateUserResult> {
    const insertUser = this.db.prepare(`INSERT INTO identity_users
      (id, email, name, bio, password_hash, auth_methods, google_subject, settings, notifications, memory_graph,
       created_at, last_active_at, setup_complete, deleted_at)
      VALUES (@id, @email, @name, @bio, @password_hash, @auth_methods, @google_subject, @settings, @notifications,
       @memory_graph, @created_at, @last_active_at, @setup_complete, @deleted_at)`);
    const insertStep = this.db.prepare(
      'INSERT OR IGNORE INTO identity_outbox (user_id, kind, created_at, attempts, next_attempt_at) VALUES (?, ?, ?, 0, ?)',
    );
    try {
      // One transaction: the account and the steps that finish its setup exist together or not at all.
      this.db.transaction(() => {
        insertUser.run(toRow(user));
        const at = user.createdAt.getTime();
        for (const kind of setupSteps) insertStep.run(user.id, kind, at, at);
      })();
      return 'created';
    } catch (error) {
      // Not `instanceof Error`: better-sqlite3's errors may come from another realm (jest's VM modules).
      const message = String((error as { message?: unknown } | null)?.message ?? '');
      if (/UNIQUE constraint failed: identity_users\.email/.test(message)) return 'email-taken';
      if (/UNIQUE constraint failed: identity_users\.google_subject/.test(message))
        return 'google-subject-taken';
      throw error;
    }
  }

  async findById(userId: string): Promise<User | null> {
    return this.one('SELECT * FROM identity_users WHERE id = ?', userId);
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.one('SELECT * FROM identity_users WHERE email = ?', email.trim().toLowerCase());
  }

  async findByGoogleSubject(subject: string): Promise<User | null> {
    return this.one('SELECT * FROM identity_users WHERE google_subject = ?', subject);
  }

  async update(userId: string, patch: UserPatch): Promise<User | null> {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT * FROM identity_users WHERE id = ?').get(userId) as
        UserRow | undefined;
      if (!row) return null;
      const next: User = { ...toUser(row), ...patch };
      this.db
        .prepare(
          `UPDATE identity_users SET name = @name, bio = @bio, password_hash = @password_hash,
          auth_methods = @auth_methods, google_subject = @google_subject, settings = @settings,
          notifications = @notifications, memory_graph = @memory_graph, last_active_at = @last_active_at,
          setup_complete = @setup_complete, deleted_at = @deleted_at WHERE id = @id`,
        )
        .run(toRow(next));
      return next;
    })();
  }

  async delete(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM identity_users WHERE id = ?').run(userId).changes;
  }

  private one(sql: string, value: string): User | null {
    const row = this.db.prepare(sql).get(value) as UserRow | undefined;
    return row ? toUser(row) : null;
  }
}

function toUser(row: UserRow): User {
  const graph = row.memory_graph ? (JSON.parse(row.memory_graph) as StoredMemoryGraph) : null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    bio: row.bio,
    passwordHash: row.password_hash,
    authMethods: JSON.parse(row.auth_methods) as AuthMethod[],
    googleSubject: row.google_subject,
    settings: JSON.parse(row.settings) as UserSettings,
    notifications: JSON.parse(row.notifications) as NotificationPreferences,
    memoryGraph: graph ? toMemoryGraph(graph) : null,
    createdAt: new Date(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at),
    setupComplete: row.setup_complete === 1,
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
  };
}

function toMemoryGraph(graph: StoredMemoryGraph): MemoryGraph {
  return { id: graph.id, status: graph.status, createdAt: new Date(graph.createdAt) };
}

function toRow(user: User): UserRow {
  const settings: UserSettings = {
    theme: user.settings.theme satisfies Theme,
    defaultModel: user.settings.defaultModel,
  };
  const graph: StoredMemoryGraph | null = user.memoryGraph
    ? {
        id: user.memoryGraph.id,
        status: user.memoryGraph.status,
        createdAt: user.memoryGraph.createdAt.getTime(),
      }
    : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    password_hash: user.passwordHash,
    auth_methods: JSON.stringify(user.authMethods),
    google_subject: user.googleSubject,
    settings: JSON.stringify(settings),
    notifications: JSON.stringify(user.notifications),
    memory_graph: graph ? JSON.stringify(graph) : null,
    created_at: user.createdAt.getTime(),
    last_active_at: user.lastActiveAt ? user.lastActiveAt.getTime() : null,
    setup_complete: user.setupComplete ? 1 : 0,
    deleted_at: user.deletedAt ? user.deletedAt.getTime() : null,
  };
}
