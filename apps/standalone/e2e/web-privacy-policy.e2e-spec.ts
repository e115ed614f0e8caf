import { describe, expect, it, jest } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(180_000);

const CREATE_MEMORY = `mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { text redactions } }`;

/** A memory added the way the Memories screen adds one: the signed-in session's GraphQL mutation. */
async function createMemory(
  context: BrowserContext,
  url: string,
  text: string,
): Promise<{ data?: { createMemory: { text: string; redactions: string[] } }; errors?: unknown[] }> {
  const response = await context.request.post(`${url}/graphql`, {
    headers: { 'content-type': 'application/json' },
    data: { query: CREATE_MEMORY, variables: { input: { text } } },
  });
  return (await response.json()) as {
    data?: { createMemory: { text: string; redactions: string[] } };
    errors?: unknown[];
  };
}

/** The policy card's choice for one kind (an MUI select: a combobox named by its label). */
const choice = (page: Page, label: string) => page.getByRole('combobox', { name: label });

async function openCard(page: Page) {
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByText('Sensitive data in memories').waitFor();
  await choice(page, 'E-mail addresses').waitFor();
}

/** Picks an action and waits for the server to have saved it. */
async function choose(page: Page, label: string, action: string) {
  await choice(page, label).click();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      (response.request().postData() ?? '').includes('updatePrivacyPolicy') &&
      response.ok(),
  );
  await page.getByRole('option', { name: action }).click();
  await saved;
}

describe('web app: the privacy policy card in Settings (headless Chromium)', () => {
  // Sign-up hashes a password: on a loaded machine it may take longer than the default bus timeout.
  const web = useWebAppInBrowser({ forbidForeignRequests: true, env: { BUS_TIMEOUT_MS: '30000' } });

  it('sets kinds to refuse and redact, keeps them over a reload, and the memories written follow them', async () => {
    const { page, context } = await web.signedIn('/settings');
    await openCard(page);
    await expect(choice(page, 'E-mail addresses').textContent()).resolves.toBe('Allow');
    await choose(page, 'E-mail addresses', 'Refuse');
    await choose(page, 'Phone numbers', 'Redact');

    await page.reload();
    await openCard(page);
    await expect(choice(page, 'E-mail addresses').textContent()).resolves.toBe('Refuse');
    await expect(choice(page, 'Phone numbers').textContent()).resolves.toBe('Redact');
    await expect(choice(page, 'Street addresses').textContent()).resolves.toBe('Allow');

    const refused = await createMemory(context, web.product.url, 'Write to me at ann@example.com.');
    expect(JSON.stringify(refused.errors)).toContain('sensitive_data_refused');
    const redacted = await createMemory(context, web.product.url, 'My phone is +44 20 7946 0958.');
    expect(redacted.data?.createMemory).toEqual({
      text: 'My phone is [phone number].',
      redactions: ['phone'],
    });

    // The card counts what its choices did.
    await page.reload();
    await openCard(page);
    await page.getByText('Redacted as [phone number] · 1 redacted so far').waitFor();
  });
});
