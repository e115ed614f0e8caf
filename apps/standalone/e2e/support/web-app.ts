import type { INestApplication } from '@nestjs/common';
import { freePort } from '@membolt/bus/testing';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadStandaloneConfig } from '../../src/standalone.config.js';
import { startStandalone } from '../../src/standalone.js';
import { recordForeignRequests } from './browser.js';

export interface WebAppOptions {
  /** Defaults to a free loopback port; pass one when another server (OIDC) must know it first. */
  readonly port?: number;
  readonly smtpUrl?: string;
  readonly oidc?: { readonly issuer: string; readonly clientId: string; readonly clientSecret: string };
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
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.oidc
      ? {
          OIDC_ISSUER: options.oidc.issuer,
          OIDC_CLIENT_ID: options.oidc.clientId,
          OIDC_CLIENT_SECRET: options.oidc.clientSecret,
        }
      : {}),
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
