import { describe, expect, it, jest } from '@jest/globals';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { pollUntil } from './support/browser.js';
import { useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(180_000);

const CREATE_MEMORY = `mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { id } }`;

async function createMemories(
  context: BrowserContext,
  url: string,
  memories: ReadonlyArray<{ text: string; category?: string }>,
): Promise<void> {
  for (const input of memories) {
    const response = await context.request.post(`${url}/graphql`, {
      headers: { 'content-type': 'application/json' },
      data: { query: CREATE_MEMORY, variables: { input } },
    });
    const body = (await response.json()) as { errors?: unknown[] };
    if (!response.ok() || body.errors) throw new Error(`createMemory failed: ${JSON.stringify(body)}`);
  }
}

/** Clicks what starts a download and answers the downloaded file's name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), click()]);
  const path = await download.path();
  if (!path) throw new Error(`download failed: ${await download.failure()}`);
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

const MEMORIES = [
  { text: 'Drinks espresso with oat milk every morning.', category: 'preference' },
  { text: 'Works on the payments team, on-call in December.', category: 'work' },
  { text: 'Leads the "Atlas, v2" launch at work.', category: 'work' },
];

describe('web app: exports (headless Chromium)', () => {
  // Sign-up hashes a password: on a loaded machine it may take longer than the default bus timeout.
  const web = useWebAppInBrowser({ forbidForeignRequests: true, env: { BUS_TIMEOUT_MS: '30000' } });

  it('Settings > Security: "Download my data" prepares the export, then downloads the zip of the account', async () => {
    const { page, context } = await web.signedIn('/dashboard');
    await createMemories(context, web.product.url, MEMORIES);
    await page.goto(`${web.product.url}/settings`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { name: 'Your data' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Download my data' }).click();
    const ready = page.getByText('Your data is ready');
    await ready.waitFor({ timeout: 120_000 });
    await expect(ready.textContent()).resolves.toContain('The download is available until');

    const { name, bytes } = await downloaded(page, () =>
      page.getByRole('link', { name: /^Download \(\d+ KB\)$/ }).click(),
    );
    expect(name).toMatch(/^membolt-data-[0-9a-f]{8}\.zip$/);
    const files = unzipSync(new Uint8Array(bytes));
    const memories = JSON.parse(Buffer.from(files['memories.json']!).toString('utf8')) as Array<{
      text: string;
    }>;
    expect(memories.map((memory) => memory.text).sort()).toEqual(
      MEMORIES.map((memory) => memory.text).sort(),
    );

    // Reloading finds the same export, ready, without starting another.
    await page.reload();
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByText('Your data is ready').waitFor();
  });

  it('Memories: "Export view" saves the memories shown (the category filter, then a search) as JSON and CSV', async () => {
    const { page, context } = await web.signedIn('/dashboard');
    await createMemories(context, web.product.url, MEMORIES);
    await page.goto(`${web.product.url}/memories`);
    await pollUntil(
      () => page.getByTestId('memory-card').count(),
      (count) => count === MEMORIES.length,
      { what: 'every memory listed', timeoutMs: 30_000 },
    );
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Work', exact: true }).click();
    await pollUntil(
      () => page.getByTestId('memory-card').count(),
      (count) => count === 2,
      { what: 'the work memories only', timeoutMs: 30_000 },
    );
    const json = await downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export view' }).click();
      await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
    });
    expect(json.name).toMatch(/^memories-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(json.bytes.toString('utf8')) as {
      view: { query: string | null; category: string | null };
      memories: Array<{ text: string; category: string }>;
    };
    expect(document.view).toMatchObject({ query: null, category: 'work' });
    expect(document.memories.map((memory) => memory.text).sort()).toEqual(
      MEMORIES.filter((memory) => memory.category === 'work')
        .map((memory) => memory.text)
        .sort(),
    );

    const box = page.getByRole('textbox', { name: 'Search memories' });
    await box.fill('Atlas launch');
    await box.press('Enter');
    await page.getByTestId('memories-search-summary').waitFor();
    const csv = await downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export view' }).click();
      await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    });
    expect(csv.name).toMatch(/^memories-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,text,importance,category,source,conversationTitle,createdAt,updatedAt,version,relevance',
    );
    // The search's own results, best first: the launch memory leads, its comma and quotes kept by CSV quoting.
    expect(lines[1]).toContain('"Leads the ""Atlas, v2"" launch at work."');
    expect(lines.slice(1).every((line) => line.includes(',work,'))).toBe(true);
  });
});
