import { describe, expect, it, jest } from '@jest/globals';
import { startLoopbackLlmServer } from '@membolt/chat/testing';
import type { Page } from 'playwright-core';
import { useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(90_000);

const ANTHROPIC_KEY = 'sk-ant-api03-browser-test-secret-0123-9f3K';

/** Settings > API Keys > Language model keys, against the real product in headless Chromium. */
describe('web app: language model keys', () => {
  // A generous bus timeout: a loaded machine must not turn slow sign-ups into failures.
  const web = useWebAppInBrowser({ forbidForeignRequests: true, env: { BUS_TIMEOUT_MS: '30000' } });

  async function openApiKeysTab(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'Language model keys' }).waitFor();
  }

  it('adds a key shown only by its last 4 characters, refuses bad input, replaces and removes', async () => {
    const { page } = await web.signedIn('/settings');
    await openApiKeysTab(page);
    await page.getByText("You haven't added a language model key yet.").waitFor();
    await page.getByText('Keys are stored encrypted and never shown again', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add Language Model Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Language Model Key' });
    // Empty key: the spec'd text under the field, and no call.
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog.getByText('Enter the API key.', { exact: true }).waitFor();

    // An OpenAI-compatible server needs its base URL.
    await dialog.getByLabel('Provider').click();
    const menu = page.getByRole('listbox');
    // The dialog is hidden from the accessibility tree while the menu is open: the menu must be gone. A
    // click that lands while MUI's menu is still opening can be dropped, so it is given again then.
    for (let attempt = 0; attempt < 3 && (await menu.count()) > 0; attempt++) {
      await page.getByRole('option', { name: 'OpenAI-compatible server' }).click();
      await menu.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
    await menu.waitFor({ state: 'detached' });
    await dialog.locator('#provider-key-secret').fill('ollama');
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog
      .getByText('An OpenAI-compatible server needs its base URL (for example http://localhost:11434/v1).')
      .waitFor();

    // The server's own text when it refuses (spaces inside the key).
    await dialog.getByLabel('Provider').click();
    await page.getByRole('option', { name: 'Anthropic' }).click();
    await expect(dialog.getByLabel('Base URL').count()).resolves.toBe(0);
    await dialog.locator('#provider-key-secret').fill('sk-ant with space');
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await expect(dialog.getByTestId('add-provider-key-error').textContent()).resolves.toBe(
      'An API key has no spaces or line breaks.',
    );

    await dialog.locator('#provider-key-secret').fill(ANTHROPIC_KEY);
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByTestId('provider-key-item').filter({ hasText: 'Anthropic' });
    await expect(item.getByTestId('provider-key-ending').textContent()).resolves.toBe('Key ending in 9f3K');
    await item.getByText(/^Added: /).waitFor();
    await expect(page.content()).resolves.not.toContain(ANTHROPIC_KEY.slice(0, 20));

    // A second Anthropic key replaces the first, and the dialog says so.
    await page.getByRole('button', { name: 'Add Language Model Key' }).click();
    await dialog.getByText('This replaces your Anthropic key ending in 9f3K.').waitFor();
    await dialog.locator('#provider-key-secret').fill('sk-ant-api03-second-key-WXYZ');
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Key ending in WXYZ').waitFor();
    await expect(page.getByTestId('provider-key-item').count()).resolves.toBe(1);

    // An OpenAI-compatible server with its base URL.
    await page.getByRole('button', { name: 'Add Language Model Key' }).click();
    await dialog.getByLabel('Provider').click();
    // The dialog is hidden from the accessibility tree while the menu is open: the menu must be gone. A
    // click that lands while MUI's menu is still opening can be dropped, so it is given again then.
    for (let attempt = 0; attempt < 3 && (await menu.count()) > 0; attempt++) {
      await page.getByRole('option', { name: 'OpenAI-compatible server' }).click();
      await menu.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
    await menu.waitFor({ state: 'detached' });
    await dialog.locator('#provider-key-secret').fill('local-llm-key');
    await dialog.getByLabel('Base URL').fill('http://127.0.0.1:11434/v1');
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog.waitFor({ state: 'detached' });
    const local = page.getByTestId('provider-key-item').filter({ hasText: 'OpenAI-compatible server' });
    await local.getByText('Server: http://127.0.0.1:11434/v1').waitFor();

    // Remove asks first, naming the key.
    await item.getByRole('button', { name: 'Remove Key' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Language Model Key' });
    await expect(remove.textContent()).resolves.toContain(
      'Are you sure you want to remove your Anthropic key ending in WXYZ? Chat will no longer use it.',
    );
    await remove.getByRole('button', { name: 'Remove Key' }).click();
    await remove.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });
    await expect(page.getByTestId('provider-key-item').count()).resolves.toBe(1);

    // The list comes from the server: it survives a reload.
    await page.reload();
    await openApiKeysTab(page);
    await local.getByText('Key ending in -key').waitFor();
  });

  it('tests a key with one cheap call and shows the answer under it, success or refusal', async () => {
    const llm = await startLoopbackLlmServer('openai');
    try {
      const { page } = await web.signedIn('/settings');
      await openApiKeysTab(page);
      await page.getByRole('button', { name: 'Add Language Model Key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Language Model Key' });
      await dialog.getByLabel('Provider').click();
      await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
      await dialog.getByText('Optional: a proxy that speaks the OpenAI API.').waitFor();
      await dialog.locator('#provider-key-secret').fill('sk-loopback-key-0001');
      await dialog.getByLabel('Base URL').fill(llm.baseUrl);
      await dialog.getByRole('button', { name: 'Add Key' }).click();
      await dialog.waitFor({ state: 'detached' });
      const item = page.getByTestId('provider-key-item').filter({ hasText: 'OpenAI' });
      await item.getByText(`Server: ${llm.baseUrl}`).waitFor();

      await item.getByRole('button', { name: 'Test Key' }).click();
      const result = item.getByTestId('provider-key-test-result');
      await result.filter({ hasText: 'Key works' }).waitFor();
      await expect(result.textContent()).resolves.toBe('Key works (gpt-4.1-mini answered).');
      // The chat service made the call with the stored key, opened for it alone.
      expect(llm.requests.at(-1)?.apiKey).toBe('sk-loopback-key-0001');

      llm.respondWith(() => ({ kind: 'error', status: 401, message: 'Incorrect API key provided' }));
      await item.getByRole('button', { name: 'Test Key' }).click();
      await result.filter({ hasText: 'refused' }).waitFor();
      await expect(result.textContent()).resolves.toMatch(/^OpenAI refused the API key/);
      await expect(result.getAttribute('class')).resolves.toContain('Error');
    } finally {
      await llm.close();
    }
  });
});
