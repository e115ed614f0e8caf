import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(90_000);

/** The Settings card of the end users' portal, against the real product in headless Chromium. */
describe("web app: the end users' portal card in Settings", () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: true });

  const card = (page: Page) => page.getByRole('region', { name: "End users' portal" });

  async function openCard(page: Page) {
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await card(page).getByLabel('Name shown to your end users').waitFor();
  }

  it('saves the name, colour and embedding origins, refuses an origin with a path, and shows them again', async () => {
    const { page } = await web.signedIn('/settings');
    await openCard(page);
    const portal = card(page);
    await portal.getByLabel('Name shown to your end users').fill('Acme Health');
    await portal.getByLabel('Colour').fill('#0f766e');
    const origins = portal.getByLabel('Origins allowed to embed the portal');
    await origins.fill('https://app.acme.example/settings');
    await portal
      .getByText('frame_origins must be origins such as https://app.example.com', { exact: false })
      .waitFor();
    await origins.fill('https://app.acme.example\nhttps://*.acme.example');
    await portal.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByTestId('settings-saved').waitFor();

    await page.reload();
    await openCard(page);
    await expect(card(page).getByLabel('Name shown to your end users').inputValue()).resolves.toBe(
      'Acme Health',
    );
    await expect(card(page).getByLabel('Colour').inputValue()).resolves.toBe('#0f766e');
    await expect(card(page).getByLabel('Origins allowed to embed the portal').inputValue()).resolves.toBe(
      'https://app.acme.example\nhttps://*.acme.example',
    );
  });

  it('shows the server’s message for a logo that is not https, and keeps the saved values', async () => {
    const { page } = await web.signedIn('/settings');
    await openCard(page);
    const portal = card(page);
    await portal.getByLabel('Logo URL').fill('http://cdn.example.com/logo.png');
    await portal.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('logo_url must be an https:// URL', { exact: false }).waitFor();
    await page.reload();
    await openCard(page);
    await expect(card(page).getByLabel('Logo URL').inputValue()).resolves.toBe('');
  });
});
