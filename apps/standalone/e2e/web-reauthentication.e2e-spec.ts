import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '@membolt/auth-tokens';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser.js';
import { type OpenedPage, openPage, type RunningWebApp, startWebApp } from './support/web-app.js';
import { anAccount, signUpInContext, type TestAccount } from './support/web-session.js';

jest.setTimeout(90_000);

const ASK_PASSWORD =
  'For your security, please confirm your current password (or sign in again) to continue.';

/**
 * A sensitive change with a sign-in older than the fresh-sign-in window: the web app shows the server's
 * reason and asks for the current password, then succeeds with it (headless Chromium, real product).
 */
describe('web app: confirming the password for sensitive changes', () => {
  let product: RunningWebApp;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    product = await startWebApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    await product?.stop();
  });

  afterEach(async () => {
    await Promise.all(opened.map((page) => page.context.close()));
    opened = [];
  });

  /** Signed in, but with an access cookie from a sign-in 30 minutes ago (as after several refreshes). */
  async function signedInLongAgo(path: string): Promise<{ page: Page; account: TestAccount }> {
    if (!browser) throw new Error('browser not launched');
    const account = anAccount();
    const blank = await openPage(browser, product.url, '/');
    opened.push(blank);
    await signUpInContext(blank.context, product.url, account);
    await ageSignIn(blank.context, 30);
    await blank.page.goto(`${product.url}${path}`);
    return { page: blank.page, account };
  }

  async function ageSignIn(context: BrowserContext, minutesAgo: number): Promise<void> {
    const tokens = product.app.get(AccessTokens);
    const cookie = (await context.cookies(product.url)).find((c) => c.name === 'mb_at')!;
    const claims = (await tokens.verify(cookie.value))!;
    const { token } = await tokens.sign({
      sub: claims.sub,
      sid: claims.sid,
      authTime: new Date(Date.now() - minutesAgo * 60_000),
    });
    await context.addCookies([{ ...cookie, value: token }]);
  }

  it('creating an API key asks for the current password, refuses a wrong one, and creates the key with the right one', async () => {
    const { page, account } = await signedInLongAgo('/settings');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Create New API Key' }).click();
    const create = page.getByRole('dialog', { name: 'Create New API Key' });
    await create.getByLabel('Name').fill('Old session key');
    await create.getByRole('button', { name: 'Create API Key' }).click();
    await create.getByText(ASK_PASSWORD).waitFor();

    await create.getByLabel('Current password').fill('not my password');
    await create.getByRole('button', { name: 'Create API Key' }).click();
    await create.getByText('The current password is incorrect.').waitFor();

    await create.getByLabel('Current password').fill(account.password);
    await create.getByRole('button', { name: 'Create API Key' }).click();
    const reveal = page.getByRole('dialog', { name: 'API Key Created' });
    await expect(reveal.getByLabel('API Key', { exact: true }).inputValue()).resolves.toMatch(/^mblt_/);
  });

  it('deleting the account asks for the current password first', async () => {
    const { page, account } = await signedInLongAgo('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText(ASK_PASSWORD).waitFor();
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${product.url}/login`);
  });
});
