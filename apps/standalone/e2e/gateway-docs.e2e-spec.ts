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

  it('renders the Scalar reference with no CSP violation, no 404 and no request off the server', async () => {
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

      // Scalar renders the first tag's operations and a sidebar group per tag (the others open on a click).
      await page.getByText('/api/status', { exact: true }).first().waitFor({ timeout: 20_000 });
      const body = await page.locator('body').innerText();
      for (const group of ['memories', 'chat', 'uploads', 'mem0', 'mcp', 'openai-compatible'])
        expect(body).toContain(`Open Group - ${group}`);
      expect(body).toContain('Membolt API');
      // The document declares the X-API-Key scheme: Scalar offers it.
      expect(body).toContain('Authentication');
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
