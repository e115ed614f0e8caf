import { freePort } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, eventually, spawnApp } from '../../e2e/support/app-process.js';

export const PASSWORD = 'abuse probe passphrase 7';
const SIGN_UP = 'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }';
const CREATE_KEY =
  'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }';

/** One signed-up account: its session (a cookie jar), its id and one API key made over GraphQL. */
export interface Account {
  readonly email: string;
  readonly userId: string;
  readonly browser: GraphqlBrowser;
  readonly apiKey: string;
  readonly keyId: string;
}

/**
 * The built standalone product as its own process (`apps/standalone/dist/main.js`), on loopback ports and a
 * temporary DATA_DIR, as an operator runs it. A probe that crashes it leaves it dead: the next probe starts
 * a new one on new data (the old data would re-run the job that crashed it).
 */
export class Product {
  private process: AppProcess | null = null;
  private dataDir = '';
  private accounts = 0;
  private readonly dataDirs: string[] = [];
  /** How many times a process had to be started (more than 1: a probe killed one). */
  starts = 0;
  url = '';
  opsUrl = '';

  constructor(
    private readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  get pid(): number {
    return this.process?.pid ?? -1;
  }

  get dataDirectory(): string {
    return this.dataDir;
  }

  alive(): boolean {
    return this.process?.alive() ?? false;
  }

  /** The last lines the process wrote (why it died). */
  lastOutput(lines = 5): string {
    return (this.process?.output ?? []).slice(-lines).join('\n');
  }

  async start(): Promise<void> {
    this.dataDir = mkdtempSync(join(tmpdir(), `membolt-abuse-${this.name}-`));
    this.dataDirs.push(this.dataDir);
    const [port, opsPort] = [await freePort(), await freePort()];
    this.url = `http://127.0.0.1:${port}`;
    this.opsUrl = `http://127.0.0.1:${opsPort}`;
    this.process = spawnApp(
      'standalone',
      {
        DATA_DIR: this.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(opsPort),
        METRICS_HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        // ABUSE_APP_NODE_OPTIONS: options for the product's process only, such as a preload that records
        // its memory (`--import <module>`): the test process's own NODE_OPTIONS are not passed on.
        ...(process.env['ABUSE_APP_NODE_OPTIONS']
          ? { NODE_OPTIONS: process.env['ABUSE_APP_NODE_OPTIONS'] }
          : {}),
        ...this.env,
      },
      `standalone (${this.name})`,
    );
    this.starts++;
    await eventually(async () => (await fetch(`${this.opsUrl}/readyz`)).status === 200, 120_000, this.name);
  }

  /** Starts a new process on new data when the last one died. */
  async ensureRunning(): Promise<boolean> {
    if (this.alive()) return false;
    await this.process?.stop();
    await this.start();
    return true;
  }

  /** Stops the process (SIGTERM, then SIGKILL after 10 s); the next `ensureRunning` starts a new one. */
  async retire(): Promise<void> {
    await this.process?.stop();
  }

  async stop(): Promise<void> {
    await this.process?.stop();
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }

  /** Signs up over GraphQL (the web app's way) and creates an API key with that session. */
  async signUp(label: string): Promise<Account> {
    const email = `${label}-${++this.accounts}-${randomUUID().slice(0, 8)}@example.com`;
    const browser = new GraphqlBrowser(this.url);
    const signedUp = await browser.request<{ signUp: { id: string } }>(SIGN_UP, {
      input: { email, password: PASSWORD, name: label },
    });
    const userId = signedUp.data?.signUp.id;
    if (!userId) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.errors ?? signedUp.status)}`);
    const { secret, keyId } = await this.createKey({ browser }, `${label} key`);
    return { email, userId, browser, apiKey: secret, keyId };
  }

  /** Another key of the same account. */
  async createKey(
    account: Pick<Account, 'browser'>,
    name: string,
  ): Promise<{ secret: string; keyId: string }> {
    const created = await account.browser.request<{
      createApiKey: { secret: string; apiKey: { id: string } };
    }>(CREATE_KEY, { input: { name } });
    const key = created.data?.createApiKey;
    if (!key) throw new Error(`key creation failed: ${JSON.stringify(created.errors ?? created.status)}`);
    return { secret: key.secret, keyId: key.apiKey.id };
  }
}
