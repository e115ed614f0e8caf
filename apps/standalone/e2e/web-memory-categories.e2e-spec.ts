import { describe, expect, it, jest } from '@jest/globals';
import { MemoryMessages } from '@membolt/contracts';
import type { Page } from 'playwright-core';
import { useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(90_000);

/** The Settings card of the account's custom memory categories, against the real product in headless Chromium. */
describe('web app: custom memory categories', () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: true });

  const rows = (page: Page) => page.getByTestId('custom-category-row');

  it('adds, describes again and deletes a category; the server’s refusal is shown as it says it', async () => {
    const { page } = await web.signedIn('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const card = page.getByTestId('custom-categories-card');
    await card.getByText('No categories of your own yet.').waitFor();

    const form = card.getByRole('form', { name: 'Add a category' });
    await form.getByLabel('Name').fill('travel');
    await form.getByLabel('Description').fill('Trips, flights and hotels');
    await form.getByRole('button', { name: 'Add' }).click();
    await rows(page).filter({ hasText: 'Trips, flights and hotels' }).waitFor();
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('');

    await form.getByLabel('Name').fill('work');
    await form.getByLabel('Description').fill('Clashes with a built-in one');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(card.getByTestId('custom-categories-error').textContent()).resolves.toContain(
      MemoryMessages.categoryNameReserved('work'),
    );
    await expect(rows(page).count()).resolves.toBe(1);

    await card.getByRole('button', { name: 'Edit travel' }).click();
    const description = card.getByLabel('Description of travel');
    await description.fill('Journeys');
    await card.getByRole('button', { name: 'Save' }).click();
    await rows(page).filter({ hasText: 'Journeys' }).waitFor();

    await card.getByRole('button', { name: 'Delete travel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete category' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card.getByText('No categories of your own yet.').waitFor();
  });
});
