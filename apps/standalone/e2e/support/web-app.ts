import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { freePort } from '@membolt/bus/testing';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadStandaloneConfig } from '../../src/standalone.config.js';
import { startStandalone } from '../../src/standalone.js';
import { closeBrowser, launchBrowser, recordForeignRequests } from './browser.js';
import { anAccount, signUpInContext, type TestAccount } from './web-session.js';

export interface WebAppOptions {
  /** Defaults to a free loopback port; pass one when another server (OIDC) must know it first. */
  readonly port?: number;
  readonly smtpUrl?: string;
  readonly oidc?: { readonly issuer: string; readonly clientId: string; readonly clientSecret: string };
  /** More of the product's environment (e.g. the chat service's settings). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface RunningWebApp {
  readonly app: INestApplication;
  /** http://127.0.0.1:<port>, also the product's PUBLIC_URL. */
  readonly url: string;
  stop(): Promise<void>;
}

/** The whole product in this process with its built web app, on a loopback port, data in a temporary directory. */
export async function startWebApp(options: WebAppOptions = {}): Promise<RunningWebApp> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-web-'));
  const config = loadStandaloneConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A test's burst of calls on a loaded machine waits its turn instead of being shed after a second (the
    // load bound has its own test); the bound on requests at once and on the queue stay as configured.
    HTTP_MAX_QUEUE_WAIT_MS: '30000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.oidc
      ? {
          OIDC_ISSUER: options.oidc.issuer,
          OIDC_CLIENT_ID: options.oidc.clientId,
          OIDC_CLIENT_SECRET: options.oidc.clientSecret,
        }
      : {}),
    ...options.env,
  });
  if (!existsSync(join(config.WEB_DIST_DIR, 'index.html'))) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(
      `${config.WEB_DIST_DIR}/index.html is missing: build the web app first with \`npm run build:web\``,
    );
  }
  const { app } = await startStandalone(config);
  return {
    app,
    url,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Requests that left the product's origin (and the allowed ones); expected to stay empty. */
  foreignRequests(): string[];
}

/** `E2E_CPU_THROTTLE=8` runs every page of the browser tests on an eighth of the CPU (Chromium's emulation). */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

export const DESKTOP_VIEWPORT = { width: 1280, height: 900 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export interface OpenPageOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Lets the page write to (and the test read from) the clipboard. */
  readonly clipboard?: boolean;
  /** Origins the page may visit besides the product, e.g. the OIDC provider. */
  readonly allowedOrigins?: readonly string[];
}

/** A fresh browser context (its own cookies) opened on `path` of the product. */
export async function openPage(
  browser: Browser,
  url: string,
  path: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP_VIEWPORT });
  if (options.clipboard)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (CPU_THROTTLE > 1) {
    // Races between a URL change and React's commit show up here long before they do on a loaded CI machine.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  const recorded = recordForeignRequests(page, url);
  const allowed = options.allowedOrigins ?? [];
  await page.goto(`${url}${path}`);
  return {
    context,
    page,
    foreignRequests: () =>
      recorded.filter(
        (request) => !allowed.some((origin) => request === origin || request.startsWith(`${origin}/`)),
      ),
  };
}

export interface SignedInPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly account: TestAccount;
}

export interface SignInOptions extends OpenPageOptions {
  /** Defaults to a new account; it is signed up either way. */
  readonly account?: TestAccount;
  /** Runs once the context holds the session, before the page goes to `path` (e.g. to age the sign-in). */
  readonly beforeNavigating?: (context: BrowserContext) => Promise<void>;
}

export interface WebAppInBrowser {
  readonly product: RunningWebApp;
  /** A page in a fresh context (its own cookies), closed after the test. */
  open(path: string, options?: OpenPageOptions): Promise<OpenedPage>;
  /** A new account signed in in a fresh browser context, with the page on `path`. */
  signedIn(path: string, options?: SignInOptions): Promise<SignedInPage>;
}

/**
 * The product with its web app and a headless browser for the enclosing `describe`: started before its tests,
 * each test's pages closed after it (and, with `forbidForeignRequests`, none of them may have left the product).
 */
export function useWebAppInBrowser(options: {
  readonly forbidForeignRequests: boolean;
  /** More of the product's environment. */
  readonly env?: Readonly<Record<string, string>>;
}): WebAppInBrowser {
  let product: RunningWebApp | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    product = await startWebApp(options.env ? { env: options.env } : {});
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    await product?.stop();
  });

  afterEach(async () => {
    const leaked = opened.flatMap((page) => page.foreignRequests());
    await Promise.all(opened.map((page) => page.context.close()));
    opened = [];
    if (options.forbidForeignRequests) expect(leaked).toEqual([]);
  });

  const running = (): { product: RunningWebApp; browser: Browser } => {
    if (!product || !browser) throw new Error('the web app or the browser has not started');
    return { product, browser };
  };
  const open = async (path: string, pageOptions: OpenPageOptions = {}): Promise<OpenedPage> => {
    const page = await openPage(running().browser, running().product.url, path, pageOptions);
    opened.push(page);
    return page;
  };
  return {
    get product() {
      return running().product;
    },
    open,
    signedIn: async (path, signInOptions = {}) => {
      const account = signInOptions.account ?? anAccount();
      const { url } = running().product;
      const blank = await open('/', signInOptions);
      await signUpInContext(blank.context, url, account);
      await signInOptions.beforeNavigating?.(blank.context);
      await blank.page.goto(`${url}${path}`);
      return { page: blank.page, context: blank.context, account };
    },
  };
}
