import { afterAll, beforeAll } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { GraphqlBrowser } from '@membolt/bff/testing';
import {
  type LoopbackLlmResponder,
  type LoopbackLlmServer,
  startLoopbackLlmServer,
} from '@membolt/chat/testing';
import type { RunningHttpEdge } from '@membolt/runtime';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStandaloneConfig } from '../../src/standalone.config.js';
import { startStandalone } from '../../src/standalone.js';

export interface StandaloneUnderTest {
  readonly app: INestApplication;
  /** http://127.0.0.1:<port> of the running product (a new port after each restart). */
  readonly url: string;
  /** A fresh temporary folder, removed after the suite; the product keeps its data in `dataDir/data`. */
  readonly scratchDir: string;
  /** The private ops listener, when METRICS_PORT is set. */
  readonly opsUrl: string | null;
  /** Closes the product and starts it again on the same data. */
  restart(): Promise<void>;
}

/**
 * The whole product in this process for the enclosing `describe`: started before its tests with the given
 * environment (on a free loopback port, silent, data in a temporary folder) and closed and removed after them.
 * `env` may be a function of the scratch folder, for tests that write files (a web build) the product reads.
 */
export function useStandalone(
  name: string,
  env: Record<string, string> | ((scratchDir: string) => Record<string, string>) = {},
): StandaloneUnderTest {
  let running: RunningHttpEdge | undefined;
  let scratchDir: string | undefined;

  const start = async (dir: string) => {
    running = await startStandalone(
      loadStandaloneConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        LOG_LEVEL: 'silent',
        // A test's burst of calls on a loaded machine waits its turn instead of being shed after a second (the
        // load bound has its own test); the bound on requests at once and on the queue stay as configured.
        HTTP_MAX_QUEUE_WAIT_MS: '30000',
        // Likewise a bus request (a sign-up's password hash, a first embedding) gets time to be answered on a
        // machine that other test files load; the bus timeout has its own tests.
        BUS_TIMEOUT_MS: '30000',
        ...(typeof env === 'function' ? env(dir) : env),
      }),
    );
  };

  beforeAll(async () => {
    scratchDir = mkdtempSync(join(tmpdir(), `membolt-${name}-`));
    await start(scratchDir);
  });

  afterAll(async () => {
    await running?.app.close();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the standalone product is used before its beforeAll ran');
    return value;
  };
  return {
    get app() {
      return started(running).app;
    },
    get url() {
      return started(running).url;
    },
    get opsUrl() {
      return started(running).opsUrl;
    },
    get scratchDir() {
      return started(scratchDir);
    },
    restart: async () => {
      await started(running).app.close();
      await start(started(scratchDir));
    },
  };
}

/** A one-page web build in `scratchDir/web` (with an empty assets folder), for tests that need not load the real one. */
export function standInWebBuild(scratchDir: string): string {
  const webDist = join(scratchDir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Membolt</title>');
  return webDist;
}

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { id } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { id } }`;
const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }`;

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

/** Signs up over GraphQL in a new cookie jar, which then holds the account's session. */
export async function signUpOverGraphql(
  url: string,
  account: NewAccount,
): Promise<{ browser: GraphqlBrowser; userId: string }> {
  const browser = new GraphqlBrowser(url);
  const result = await browser.request<{ signUp: { id: string } }>(SIGN_UP, { input: account });
  if (result.errors) throw new Error(`sign-up of ${account.email} failed: ${JSON.stringify(result.errors)}`);
  return { browser, userId: result.data!.signUp.id };
}

/** Signs in over GraphQL in a new cookie jar (a new browser). */
export async function signInOverGraphql(
  url: string,
  credentials: { readonly email: string; readonly password: string; readonly remember: boolean },
): Promise<GraphqlBrowser> {
  const browser = new GraphqlBrowser(url);
  const result = await browser.request(SIGN_IN, { input: credentials });
  if (result.errors)
    throw new Error(`sign-in of ${credentials.email} failed: ${JSON.stringify(result.errors)}`);
  return browser;
}

/** Creates an API key with the browser's session. */
export async function createApiKeyOverGraphql(
  browser: GraphqlBrowser,
  name: string,
): Promise<{ secret: string; keyId: string }> {
  const created = await browser.request<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
    CREATE_KEY,
    { input: { name } },
  );
  if (created.errors) throw new Error(`creating key ${name} failed: ${JSON.stringify(created.errors)}`);
  return { secret: created.data!.createApiKey.secret, keyId: created.data!.createApiKey.apiKey.id };
}

/** The standalone product under test and the language model it talks to. */
export interface StandaloneWithModel {
  readonly product: StandaloneUnderTest;
  /** The model's server: every request it received (`requests`), its address. */
  readonly llm: LoopbackLlmServer;
}

/**
 * The product (as `useStandalone`) with a language model on loopback, a real server speaking OpenAI's
 * protocol as a local Ollama or vLLM would, answering with `responder`: the product's default model is
 * `loopback-llama` on it. The server starts before the product, which reads its address, and closes after.
 */
export function useStandaloneWithLoopbackModel(
  name: string,
  responder: LoopbackLlmResponder,
  env: Record<string, string> = {},
): StandaloneWithModel {
  let llm: LoopbackLlmServer | undefined;
  // Registered before the product's own beforeAll, which reads the server's address.
  beforeAll(async () => {
    llm = await startLoopbackLlmServer('openai', responder);
  });
  afterAll(async () => {
    await llm?.close();
  });
  const server = (): LoopbackLlmServer => {
    if (!llm) throw new Error('the loopback model is used before its beforeAll ran');
    return llm;
  };
  const product = useStandalone(name, () => ({
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: server().baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'loopback-llama',
    CHAT_DEFAULT_MODEL: 'loopback-llama',
  }));
  return {
    product,
    get llm() {
      return server();
    },
  };
}
