import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setupGatewayDocs } from '@membolt/gateway';
import type { Browser } from 'playwright-core';
import { closeBrowser, launchBrowser, recordForeignRequests } from './support/browser.js';
import { useStandalone } from './support/standalone.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(60_000);

/** The API docs page in headless Chromium, under the edge's Content-Security-Policy (default-src 'self'). */
describe('gateway: /api/docs in a browser', () => {
  const product = useStandalone('gateway-docs');
  let browser: Browser | undefined;

  beforeAll(async () => {
    setupGatewayDocs(product.app);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
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
      const foreign = recordForeignRequests(page, product.url);

      const response = await page.goto(`${product.url}/api/docs`);
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
