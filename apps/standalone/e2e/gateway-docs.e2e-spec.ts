import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { setupGatewayDocs } from '@membolt/gateway';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { loadStandaloneConfig } from '../src/standalone.config.js';
import { startStandalone } from '../src/standalone.js';
import { closeBrowser, launchBrowser, recordForeignRequests } from './support/browser.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(60_000);

/** The API docs page in headless Chromium, under the edge's Content-Security-Policy (default-src 'self'). */
describe('gateway: /api/docs in a browser', () => {
  let app: INestApplication | undefined;
  let url: string;
  let dataDir: string | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-gateway-docs-'));
    ({ app, url } = await startStandalone(
      loadStandaloneConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    ));
    setupGatewayDocs(app);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders every documented operation with no CSP violation and no request off the server', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const foreign = recordForeignRequests(page, url);

      const response = await page.goto(`${url}/api/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");

      await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 20_000 });
      const paths = await page.locator('.opblock-summary-path').allInnerTexts();
      expect(paths.map((path) => path.replace(/\u200b/g, ''))).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/register_initial_user',
          '/api/user/{userId}/create',
          '/api/status',
          '/api/plans',
        ]),
      );
      // The Authorize button appears because the document declares the X-API-Key scheme.
      await expect(page.locator('.auth-wrapper .authorize').isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
