import { describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '@membolt/auth-tokens';
import type { BrowserContext } from 'playwright-core';
import { useWebAppInBrowser } from './support/web-app.js';

jest.setTimeout(90_000);

const ASK_PASSWORD =
  'For your security, please confirm your current password (or sign in again) to continue.';

/**
 * A sensitive change with a sign-in older than the fresh-sign-in window: the web app shows the server's
 * reason and asks for the current password, then succeeds with it (headless Chromium, real product).
 */
describe('web app: confirming the password for sensitive changes', () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: false });

  /** Signed in, but with an access cookie from a sign-in 30 minutes ago (as after several refreshes). */
  const signedInLongAgo = (path: string) =>
    web.signedIn(path, { beforeNavigating: (context) => ageSignIn(context, 30) });

  async function ageSignIn(context: BrowserContext, minutesAgo: number): Promise<void> {
    const tokens = web.product.app.get(AccessTokens);
    const cookie = (await context.cookies(web.product.url)).find((c) => c.name === 'mb_at')!;
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
    await page.waitForURL(`${web.product.url}/login`);
  });
});
