import Database from 'better-sqlite3';
import { freePort } from '@membolt/bus/testing';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FuzzPrincipal } from './fuzz-request.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Tables whose rows a refused request may legitimately add: throttling and attempt counters, revocations,
 * the outbox of events. Everything else (users, sessions, keys, subscriptions, ...) must not change.
 */
const BOOKKEEPING_TABLE = /^(schema_migrations|sqlite_\w+)$|attempt|throttle|rate|revo|outbox|usage|audit/;

/** The standalone product in its own process (the built dist) on a temporary DATA_DIR. */
export class FuzzTarget {
  private readonly databases: Array<{ store: string; db: Database.Database }> = [];
  private readonly output: string[] = [];

  private constructor(
    readonly url: string,
    readonly dataDir: string,
    private readonly child: ChildProcess,
    /** Whether the product encodes sentence vectors: with the encoder off, memories stay flagged pending. */
    private readonly sentencesEncoded: boolean,
  ) {
    const collect = (chunk: Buffer) =>
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  static async start(env: Record<string, string> = {}): Promise<FuzzTarget> {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-fuzz-'));
    const port = await freePort();
    const main = process.env['FUZZ_TARGET_MAIN'] ?? join(ROOT, 'apps/standalone/dist/main.js');
    const child = spawn(process.execPath, [main], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The fuzzer is one address sending thousands of requests: the limits under test are the per-request
        // ones, not the per-address budget (its own test covers that).
        BFF_RATE_LIMIT_PER_MINUTE: '1000000',
        GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
        GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
        SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
        // On a loaded machine the sign-in's password hash can outlast the default wait for a service's answer.
        ...(process.env['BUS_TIMEOUT_MS'] ? { BUS_TIMEOUT_MS: process.env['BUS_TIMEOUT_MS'] } : {}),
        ...env,
      },
    });
    const target = new FuzzTarget(
      `http://127.0.0.1:${port}`,
      dataDir,
      child,
      (env['SENTENCE_ENCODER'] ?? 'auto') !== 'off',
    );
    try {
      await target.waitUntilServing();
    } catch (error) {
      // A process that never served is not left running behind the failed start.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    return target;
  }

  private async waitUntilServing(): Promise<void> {
    // Generous: a start on the shared 2-core machine under load took over a minute.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`standalone exited:\n${this.output.join('\n')}`);
      const ready = await fetch(`${this.url}/api/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline)
        throw new Error(`standalone did not serve in 180 s:\n${this.output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Creates the user the fuzzer acts as: an API key from the operator CLI, a session from signIn. */
  async createPrincipal(): Promise<FuzzPrincipal> {
    const email = 'fuzz-owner@example.com';
    const password = 'Fuzz owner 7c1e9a Qz!';
    const cli = spawnSync(
      process.execPath,
      [
        'apps/standalone/bin/membolt.js',
        'user:create',
        '--email',
        email,
        '--name',
        'Fuzz',
        '--password',
        password,
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env['PATH'] ?? '',
          DATA_DIR: this.dataDir,
          // Under load the password hash behind user:create can outlast the CLI's default bus wait.
          ...(process.env['BUS_TIMEOUT_MS'] ? { BUS_TIMEOUT_MS: process.env['BUS_TIMEOUT_MS'] } : {}),
        },
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    if (cli.status !== 0) throw new Error(`membolt user:create failed: ${cli.stderr}`);
    const { userId, apiKey } = JSON.parse(cli.stdout) as { userId: string; apiKey: string };
    const signIn = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($input: SignInInput!) { signIn(input: $input) { id } }',
        variables: { input: { email, password, remember: true } },
      }),
    });
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('mb_at='));
    if (!cookie) throw new Error(`signIn gave no session cookie: ${await signIn.text()}`);
    return { userId, apiKey, sessionCookie: cookie.split(';')[0]! };
  }

  /**
   * Row counts of every table that only an accepted request may grow or shrink, as `store/table=count`
   * (the store is the file's name: several stores have a `jobs` table).
   */
  stateFingerprint(): string {
    const counts: string[] = [];
    for (const { store, db } of this.stores()) {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all() as Array<{ name: string }>;
      for (const { name } of tables) {
        if (BOOKKEEPING_TABLE.test(name)) continue;
        counts.push(`${store}/${name}=${count(db, `SELECT count(*) AS n FROM "${name}"`)}`);
      }
    }
    return counts.join(' ');
  }

  /** The product's SQLite files, opened read-only at the first read (they exist once it serves). */
  private stores(): ReadonlyArray<{ store: string; db: Database.Database }> {
    if (this.databases.length === 0)
      for (const file of readdirSync(this.dataDir)
        .filter((f) => f.endsWith('.sqlite'))
        .sort())
        this.databases.push({
          store: file.slice(0, -'.sqlite'.length),
          db: new Database(join(this.dataDir, file), { readonly: true, fileMustExist: true }),
        });
    return this.databases;
  }

  /**
   * Work the product does after it has answered, with no request behind it: jobs of the embedded queues that
   * are due or running (state queued with run_at passed, or active), schedules due to fire (a periodic sweep:
   * its job is inserted at the queue's next poll), and memories whose concepts or sentence vector the
   * background sweeps have not written yet (they start once the writes pause, decision 227). While it is not
   * 0, rows may still change. Jobs scheduled for later (retries) are not counted: `scheduleMark` tells when a
   * schedule fired.
   */
  backgroundWork(): number {
    const now = Date.now();
    let work = 0;
    for (const { db } of this.stores()) {
      if (hasTable(db, 'jobs'))
        work += count(
          db,
          "SELECT count(*) AS n FROM jobs WHERE state = 'active' OR (state = 'queued' AND run_at <= ?)",
          now,
        );
      if (hasTable(db, 'schedules'))
        work += count(db, 'SELECT count(*) AS n FROM schedules WHERE next_run_at <= ?', now);
      if (hasTable(db, 'memories'))
        work += count(
          db,
          `SELECT count(*) AS n FROM memories WHERE concepts_pending = 1${
            this.sentencesEncoded ? ' OR sentence_pending = 1' : ''
          }`,
        );
    }
    return work;
  }

  /**
   * When each schedule of the embedded queues fires next: it changes only when a schedule fires, which inserts
   * a job no request asked for (a periodic sweep, e.g. the abandoned uploads' every quarter hour).
   */
  scheduleMark(): string {
    const marks: string[] = [];
    for (const { store, db } of this.stores())
      if (hasTable(db, 'schedules'))
        for (const row of db.prepare('SELECT name, next_run_at FROM schedules ORDER BY name').all() as Array<{
          name: string;
          next_run_at: number;
        }>)
          marks.push(`${store}/${row.name}@${row.next_run_at}`);
    return marks.join(' ');
  }

  /** Resident set size of the server process, in MB (Linux /proc). */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  }

  /** Lines the server wrote at error level or above (unhandled errors). */
  problemLines(): string[] {
    return this.output.filter((line) => /"level":[56]\d/.test(line));
  }

  async stop(): Promise<void> {
    for (const { db } of this.databases) db.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function count(db: Database.Database, sql: string, ...params: unknown[]): number {
  return (db.prepare(sql).get(...params) as { n: number }).n;
}
