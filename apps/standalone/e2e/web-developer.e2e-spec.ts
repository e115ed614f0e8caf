import { describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { pollUntil } from './support/browser.js';
import { useWebAppInBrowser } from './support/web-app.js';
import { verifyMemboltWebhook } from './support/verify-webhook.js';
import { useWebhookReceiver } from './support/webhook-receiver.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(150_000);

/** The part of an MCP client's configuration file the test reads. */
interface McpServerEntry {
  readonly url?: string;
  readonly headers?: Record<string, string>;
  readonly args?: string[];
  readonly env?: Record<string, string>;
}
interface McpConfig {
  readonly mcpServers?: Record<string, McpServerEntry>;
  readonly servers?: Record<string, McpServerEntry>;
}

/** Creates a key through the dialog the Quickstart page and Settings share, and answers the key shown once. */
async function createKeyThroughDialog(page: Page, name: string): Promise<string> {
  const create = page.getByRole('dialog', { name: 'Create New API Key' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create API Key' }).click();
  const reveal = page.getByRole('dialog', { name: 'API Key Created' });
  await reveal.getByRole('button', { name: 'Show API key' }).click();
  const secret = await reveal.getByLabel('API Key', { exact: true }).inputValue();
  await reveal.getByRole('button', { name: 'Done' }).click();
  await reveal.waitFor({ state: 'detached' });
  return secret;
}

/** The Quickstart page and the Webhooks card, signed in, in headless Chromium against the real product. */
describe('web app: Quickstart and Webhooks', () => {
  const receiver = useWebhookReceiver();

  const web = useWebAppInBrowser({
    forbidForeignRequests: true,
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', BUS_TIMEOUT_MS: '30000' },
  });
  const url = (path = '') => `${web.product.url}${path}`;

  it('Quickstart: from Settings, shows the user id, puts a new key into snippets that work as written', async () => {
    const { page } = await web.signedIn('/settings', { clipboard: true });
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('link', { name: 'Quickstart' }).click();
    await page.waitForURL(url('/quickstart'));
    await page.getByRole('heading', { name: 'Quickstart', exact: true }).waitFor();

    const userId = (await page.getByTestId('quickstart-user-id').textContent())!;
    expect(userId).toMatch(/\S{8,}/);
    await expect(page.getByTestId('snippet-curl').textContent()).resolves.toContain('YOUR_API_KEY');

    await page.getByRole('button', { name: 'Create API Key' }).click();
    const key = await createKeyThroughDialog(page, 'Quickstart');
    await page.getByTestId('quickstart-key-in-use').waitFor();

    // The key answers for the user id the page shows.
    const health = await fetch(url('/api/health'), { headers: { 'X-API-Key': key } });
    await expect(health.json()).resolves.toMatchObject({ user_id: userId });

    // The curl snippet, run as written, stores a memory.
    const curl = (await page.getByTestId('snippet-curl').textContent())!;
    expect(curl).toContain(`X-API-Key: ${key}`);
    const [, memoriesUrl] = /curl -s -X POST '([^']+)'/.exec(curl)!;
    const [, body] = /-d '([^']+)'/.exec(curl)!;
    const stored = await fetch(memoriesUrl!, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body,
    });
    expect(stored.status).toBe(201);

    await page.getByRole('button', { name: 'Copy curl snippet' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(curl);

    // The OpenAI-compatible base URL answers OpenAI's models list with the key as a bearer token.
    const baseUrl = (await page.getByTestId('quickstart-openai-base-url').textContent())!;
    expect(baseUrl).toBe(url('/v1'));
    const models = await fetch(`${baseUrl}/models`, { headers: { Authorization: `Bearer ${key}` } });
    await expect(models.json()).resolves.toMatchObject({ object: 'list' });

    await page.getByRole('tab', { name: 'SDK' }).click();
    await expect(page.getByTestId('snippet-sdk').textContent()).resolves.toContain(
      `baseUrl: '${url('/api')}'`,
    );

    // Each MCP client's configuration points at this server's /mcp.
    const configOf = async (tab: string, id: string): Promise<McpConfig> => {
      await page.getByRole('tab', { name: tab }).click();
      return JSON.parse((await page.getByTestId(`snippet-${id}`).textContent())!) as McpConfig;
    };
    const claude = await configOf('Claude Desktop', 'claude');
    expect(claude.mcpServers?.['membolt']?.args?.[2]).toBe(url('/mcp'));
    expect(claude.mcpServers?.['membolt']?.env).toEqual({ MEMBOLT_API_KEY: key });
    const vscode = await configOf('VS Code', 'vscode');
    expect(vscode.servers?.['membolt']?.url).toBe(url('/mcp'));
    const cursor = (await configOf('Cursor', 'cursor')).mcpServers!['membolt']!;
    expect(cursor.url).toBe(url('/mcp'));
    const mcp = await fetch(cursor.url!, {
      method: 'POST',
      headers: {
        ...cursor.headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = (await mcp.json()) as { result: { tools: Array<{ name: string }> } };
    expect(tools.result.tools.map((tool) => tool.name)).toContain('search_memories');
  });

  it('Webhooks card: adds an endpoint, shows its secret once, logs a signed delivery, redelivers, disables, deletes', async () => {
    const { page } = await web.signedIn('/settings', { clipboard: true });
    await page.getByRole('tab', { name: 'API Keys' }).click();
    const card = page.getByTestId('webhooks-card');
    await card.getByText('No webhooks yet.').waitFor();

    await card.getByRole('button', { name: 'Add Webhook' }).click();
    const create = page.getByRole('dialog', { name: 'Add Webhook' });
    await create.getByRole('checkbox', { name: 'memory.created' }).uncheck();
    await create.getByRole('button', { name: 'Add Webhook' }).click();
    await create.getByText('Enter the http(s) URL that will receive the events').waitFor();
    await create.getByText('Choose at least one event').waitFor();
    // A URL the form lets through but the webhooks service refuses: the server's message shows in the dialog.
    await create.getByLabel('Endpoint URL').fill('http://exa$mple.com/hook');
    await create.getByRole('checkbox', { name: 'memory.created' }).check();
    await create.getByRole('button', { name: 'Add Webhook' }).click();
    await create.getByTestId('create-webhook-error').waitFor();
    await create.getByLabel('Endpoint URL').fill(receiver.url);
    await create.getByLabel('Description').fill('My server');
    await create.getByRole('button', { name: 'Add Webhook' }).click();

    const reveal = page.getByRole('dialog', { name: 'Webhook Added' });
    const secret = (await reveal.getByTestId('webhook-secret-value').textContent())!;
    expect(secret.length).toBeGreaterThan(20);
    await reveal.getByRole('button', { name: 'Copy signing secret' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });

    const item = card.getByTestId('webhook-item').filter({ hasText: receiver.url });
    await expect(item.getByTestId('webhook-status').textContent()).resolves.toBe('Enabled');
    await item.getByText('My server').waitFor();
    expect(await page.content()).not.toContain(secret);

    // An event: a memory stored with a key of this account.
    await page.getByRole('button', { name: 'Create New API Key' }).click();
    const key = await createKeyThroughDialog(page, 'Hooks');
    const { user_id: userId } = (await (
      await fetch(url('/api/health'), { headers: { 'X-API-Key': key } })
    ).json()) as { user_id: string };
    const stored = await fetch(url(`/api/user/${userId}/memories`), {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'I keep bees on the roof.' }),
    });
    expect(stored.status).toBe(201);
    // A delivery carries ids, never memory text.
    const { id: memoryId } = (await stored.json()) as { id: string };
    const delivered = await pollUntil(
      async () => receiver.received.find((entry) => entry.body.includes(memoryId)),
      (entry) => entry !== undefined,
      { what: 'the signed delivery of memory.created', timeoutMs: 60_000 },
    );
    expect(verifyMemboltWebhook(secret, delivered!.body, delivered!.signature)).toBe(true);

    await item.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const row = log.getByTestId('webhook-delivery').first();
    await pollUntil(
      async () => {
        if (!(await row.isVisible()) || !(await row.textContent())?.includes('succeeded'))
          await log.getByRole('button', { name: 'Refresh' }).click();
        return row.textContent().catch(() => '');
      },
      (text) => (text ?? '').includes('succeeded'),
      { what: 'a succeeded delivery in the log', timeoutMs: 30_000 },
    );
    await expect(row.textContent()).resolves.toContain('memory.created');
    await expect(row.textContent()).resolves.toContain('200');
    await row.getByRole('button', { name: 'Redeliver' }).click();
    await log.getByText('Sent again: the log shows its new attempts.').waitFor();
    await pollUntil(
      async () => receiver.received.filter((entry) => entry.eventId === delivered!.eventId).length,
      (count) => count >= 2,
      { what: 'the redelivery at the receiver', timeoutMs: 60_000 },
    );
    await log.getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'detached' });

    // The switch follows the server's answer, so it flips once the mutation returns: click, then wait.
    await item.getByRole('switch', { name: `Enabled: ${receiver.url}` }).click();
    await pollUntil(
      () => item.getByTestId('webhook-status').textContent(),
      (text) => text === 'Disabled',
      { what: 'the endpoint shown as Disabled' },
    );
    await page.reload();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await expect(
      page
        .getByTestId('webhook-item')
        .filter({ hasText: receiver.url })
        .getByTestId('webhook-status')
        .textContent(),
    ).resolves.toBe('Disabled');

    await page.getByTestId('webhook-item').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Webhook' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('webhooks-card').getByText('No webhooks yet.').waitFor();
  });
});
