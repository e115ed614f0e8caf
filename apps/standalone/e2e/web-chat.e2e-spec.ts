import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type LoopbackLlmResponder,
  type LoopbackLlmServer,
  readUserTurn,
  startLoopbackLlmServer,
} from '@membolt/chat/testing';
import { ChatMessages, UploadMessages } from '@membolt/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { pollUntil } from './support/browser.js';
import { PHONE_VIEWPORT, useWebAppInBrowser } from './support/web-app.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(180_000);

const GREETING = ['Nice ', 'to ', 'meet ', 'you, ', 'Lisbon ', 'sounds ', 'lovely!'];
const PHISHING_MEMORY = 'My bank login page is [Bank login](https://phish.example/login) (bank)';
const BANK_ANSWER =
  'Your bank: [log in here](https://phish.example/login). Your plan: [subscription](/settings/subscription).';
const MARKDOWN_ANSWER = 'Here is **bold** and <b>raw</b> text.\n\n```js\nconst answer = 42;\n```\n';

/**
 * An OpenAI-compatible server on loopback: it answers from what the prompt holds, so the test can see a
 * remembered fact reach the model. Tokens come slowly enough for the browser to show them arriving.
 */
const responder: LoopbackLlmResponder = (request) => {
  const { memories, message: last } = readUserTurn(request.messages.at(-1)?.content ?? '');
  if (/where do i live/i.test(last)) {
    const answer = memories.some((memory) => /Lisbon/.test(memory))
      ? 'You live in Lisbon.'
      : 'I do not know where you live.';
    return { kind: 'stream', tokens: answer.split(/(?<= )/), delayMs: 40 };
  }
  if (/markdown/i.test(last)) return { kind: 'stream', tokens: [MARKDOWN_ANSWER] };
  // A model that repeats a link it read in a memory, beside one of the product's own.
  if (/bank/i.test(last)) return { kind: 'stream', tokens: [BANK_ANSWER] };
  return { kind: 'stream', tokens: GREETING, delayMs: 120 };
};

/** The Chat screen against the real product in headless Chromium, the language model on loopback. */
describe('web app: chat', () => {
  let llm: LoopbackLlmServer;
  beforeAll(async () => {
    llm = await startLoopbackLlmServer('openai', responder);
  });
  afterAll(async () => {
    await llm?.close();
  });
  // Rule-based extraction keeps the remembered facts deterministic; no retries keep failures quick.
  const web = useWebAppInBrowser({
    forbidForeignRequests: true,
    env: { CHAT_EXTRACTION: 'rules', LLM_MAX_RETRIES: '0', BUS_TIMEOUT_MS: '30000' },
  });

  const messages = (page: Page) => page.getByTestId('chat-message');
  const lastMessage = (page: Page) => messages(page).last();
  const input = (page: Page) => page.getByRole('textbox', { name: /^(Message|Search query)$/ });

  /** Adds the user's own OpenAI key, pointed at the loopback server, through the settings screen. */
  async function addOpenAiKey(page: Page): Promise<void> {
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Add Language Model Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Language Model Key' });
    await dialog.getByLabel('Provider').click();
    await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
    await dialog.locator('#provider-key-secret').fill('sk-loopback-test-key-0001');
    await dialog.getByLabel('Base URL').fill(llm.baseUrl);
    await dialog.getByRole('button', { name: 'Add Key' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async function chooseModel(page: Page, label: string): Promise<void> {
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect(picker.textContent()).resolves.toBe(label);
  }

  /** Records every text the last message shows while it streams (and whether "Thinking..." appeared). */
  async function recordStreaming(page: Page): Promise<void> {
    await page.evaluate(() => {
      const seen: string[] = [];
      let thinking = false;
      const log = document.querySelector('[role="log"]');
      const observer = new MutationObserver(() => {
        const all = document.querySelectorAll('[data-testid="chat-message"]');
        const last = all[all.length - 1];
        if (last?.querySelector('[data-testid="thinking"]')) thinking = true;
        const text = last?.querySelector('[data-testid="message-content"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      });
      observer.observe(log ?? document.body, { subtree: true, childList: true, characterData: true });
      (window as unknown as { streamed: () => { seen: string[]; thinking: boolean } }).streamed = () => ({
        seen,
        thinking,
      });
    });
  }

  const streamed = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { streamed: () => { seen: string[]; thinking: boolean } }).streamed(),
    );

  async function send(page: Page, text: string): Promise<void> {
    await input(page).fill(text);
    await input(page).press('Enter');
  }

  it('streams answers with the memories used, remembers a fact across conversations, and switches threads', async () => {
    const { page } = await web.signedIn('/settings');
    await addOpenAiKey(page);
    const providerKey = page.getByTestId('provider-key-item').filter({ hasText: 'OpenAI' });
    await providerKey.getByRole('button', { name: 'Test Key' }).click();
    await providerKey.getByTestId('provider-key-test-result').filter({ hasText: 'Key works' }).waitFor();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Chat' })
      .click();
    await page.waitForURL(/\/chat$/);
    await expect(lastMessage(page).getByTestId('message-content').textContent()).resolves.toBe(
      ChatMessages.welcome,
    );
    await page
      .getByRole('complementary', { name: 'Memory Graph' })
      .getByRole('heading', { name: 'Memory Graph' })
      .waitFor();
    await page.getByText('No memories yet. Start a conversation to create some!').waitFor();
    await chooseModel(page, 'GPT-4.1');

    // Empty or blank: nothing to send. Shift+Enter adds a line instead of sending.
    const sendButton = page.getByRole('button', { name: 'Send message' });
    await expect(sendButton.isDisabled()).resolves.toBe(true);
    await input(page).fill('   ');
    await expect(sendButton.isDisabled()).resolves.toBe(true);
    await input(page).fill('Hi!');
    await input(page).press('Shift+Enter');
    await input(page).type('I live in Lisbon.');
    await expect(input(page).inputValue()).resolves.toBe('Hi!\nI live in Lisbon.');

    await recordStreaming(page);
    await input(page).press('Enter');
    await expect(messages(page).nth(1).getAttribute('data-role')).resolves.toBe('user');
    const answer = lastMessage(page);
    await answer.getByText('Nice to meet you, Lisbon sounds lovely!').waitFor();
    const { seen, thinking } = await streamed(page);
    expect(thinking).toBe(true);
    // The answer arrived in pieces: the screen showed at least one part of it before the whole.
    expect(seen.some((text) => text.length > 0 && text.length < GREETING.join('').length)).toBe(true);
    expect(seen.at(-1)).toBe(GREETING.join(''));
    await expect(answer.getByTestId('message-time').textContent()).resolves.toMatch(/\d{1,2}:\d{2}/);
    await page.waitForURL(/\/chat\/[^/]+$/);
    const firstConversationUrl = page.url();
    // The new conversation joins the list beside the chat at once, without a reload.
    await page.getByTestId('conversation-item').filter({ hasText: 'I live in Lisbon' }).waitFor();
    await expect(
      page.getByTestId('conversation-list').getByText('No conversations yet.').count(),
    ).resolves.toBe(0);
    await expect(input(page).isDisabled()).resolves.toBe(false);

    // Extraction runs after the answer: the fact reaches the memory panel (reopening the panel reloads it).
    const panel = page.getByTestId('memory-panel');
    await pollUntil(
      async () => {
        const text = (await panel.textContent()) ?? '';
        if (!text.includes('Lisbon')) {
          await page.getByRole('button', { name: 'Hide memory panel' }).click();
          await page.getByRole('button', { name: 'Show memory panel' }).click();
        }
        return text;
      },
      (text) => text.includes('Lisbon'),
      { what: 'the extracted fact in the memory panel', timeoutMs: 30_000, intervalMs: 1_000 },
    );
    await panel.getByTestId('importance-badge').first().waitFor();

    // A new conversation: the model finds the fact in the prompt, and the answer shows it as a chip.
    await page.getByRole('button', { name: 'New Conversation' }).click();
    await page.waitForURL(/\/chat$/);
    await expect(messages(page).count()).resolves.toBe(1);
    await send(page, 'Where do I live?');
    await lastMessage(page).getByText('You live in Lisbon.').waitFor();
    const chip = lastMessage(page).getByTestId('memory-chip').filter({ hasText: 'Lisbon' });
    await chip.first().click();
    await page.getByRole('dialog').getByText('Lisbon', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');

    // Both conversations are listed; the first reopens with its messages.
    const list = page.getByTestId('conversation-item');
    await pollUntil(
      () => list.count(),
      (count) => count >= 2,
      { what: 'two conversations listed' },
    );
    await list.filter({ hasText: 'I live in Lisbon' }).first().click();
    await page.waitForURL(firstConversationUrl);
    const thread = page.getByRole('log', { name: 'Messages' });
    await thread.getByText('Nice to meet you, Lisbon sounds lovely!').waitFor();
    await expect(thread.getByText('You live in Lisbon.').count()).resolves.toBe(0);
    await page.reload();
    await thread.getByText('Nice to meet you, Lisbon sounds lovely!').waitFor();
    await expect(messages(page).count()).resolves.toBe(2);

    // The Dashboard says how long ago in words a person would use: never "0 minutes ago" or "1 minutes ago".
    await page.goto(`${web.product.url}/dashboard`);
    const times = page.getByTestId('recent-conversations').getByTestId('conversation-time');
    await times.first().waitFor();
    for (const time of await times.allTextContents())
      expect(time).toMatch(/^(Just now|1 minute ago|([2-9]|[1-5]\d) minutes ago)$/);
  });

  it("lists a new account's first conversation beside the chat from the turn itself, without a reload", async () => {
    const { page } = await web.signedIn('/dashboard');
    await page.getByRole('link', { name: 'Start Chat' }).first().click();
    await page.waitForURL(/\/chat$/);
    await page.getByTestId('conversation-list').getByText('No conversations yet.').waitFor();
    // From here the list cannot be read again: what it shows comes from the turn the screen received.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'Conversations') return route.abort('connectionreset');
      return route.continue();
    });
    await send(page, 'My dog is called Rex.');
    await page.waitForURL(/\/chat\/[^/]+$/);
    const item = page.getByTestId('conversation-item').filter({ hasText: 'My dog is called Rex' });
    await item.waitFor();
    await expect(
      page.getByTestId('conversation-list').getByText('No conversations yet.').count(),
    ).resolves.toBe(0);
  });

  it('opens on the default model saved in Settings', async () => {
    const { page } = await web.signedIn('/settings');
    await addOpenAiKey(page);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Default AI Model').click();
    await page.getByRole('option', { name: 'GPT-4o', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Changes saved successfully!').waitFor();

    await page.goto(`${web.product.url}/chat`);
    const picker = page.getByRole('combobox', { name: 'Model' });
    await pollUntil(
      () => picker.textContent(),
      (label) => label === 'GPT-4o',
      { what: 'the picker on the saved default model' },
    );
    // The turn goes to that model.
    const asked: string[] = [];
    llm.respondWith((request) => {
      asked.push(request.model);
      return responder(request);
    });
    try {
      await send(page, 'Hello there');
      await lastMessage(page).getByText('Nice to meet you, Lisbon sounds lovely!').waitFor();
    } finally {
      llm.respondWith(responder);
    }
    expect(asked).toEqual(['gpt-4o']);
  });

  it('counts on the dashboard the memories each conversation taught, not the memories its answers used', async () => {
    const { page } = await web.signedIn('/chat');
    await send(page, 'My dog is called Rex.');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect(lastMessage(page).getAttribute('data-role')).resolves.toBe('assistant');
    await page.goto(`${web.product.url}/dashboard`);
    const item = page.getByTestId('recent-conversations').getByRole('link').filter({ hasText: 'Rex' });
    // The fact is learnt after the answer, in the background: the dashboard shows it once it is stored.
    await pollUntil(
      async () => {
        const text = (await item.first().textContent()) ?? '';
        if (!/\b1 memory\b/.test(text)) await page.reload();
        return text;
      },
      (text) => /\b1 memory\b/.test(text),
      { what: 'the learnt memory on the conversation chip', timeoutMs: 30_000, intervalMs: 1_000 },
    );
  });

  it('on a phone gives the thread the whole width and opens the memory panel as a drawer over it', async () => {
    const { page } = await web.signedIn('/chat', { viewport: PHONE_VIEWPORT });
    await expect(lastMessage(page).getByTestId('message-content').textContent()).resolves.toBe(
      ChatMessages.welcome,
    );
    // Closed at first: nothing beside the thread, and nothing wider than the screen.
    await expect(page.getByTestId('memory-panel').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      PHONE_VIEWPORT.width,
    );
    const box = await input(page).boundingBox();
    expect(box!.width).toBeGreaterThan(PHONE_VIEWPORT.width / 2);

    await page.getByRole('button', { name: 'Show memory panel' }).click();
    const drawer = page.getByTestId('memory-panel');
    await drawer.getByRole('heading', { name: 'Memory Graph' }).waitFor();
    await drawer.getByText('No memories yet. Start a conversation to create some!').waitFor();
    // Nothing covers it (the top bar sits above the navigation drawer, not above this one).
    const heading = await drawer.getByRole('heading', { name: 'Memory Graph' }).boundingBox();
    await expect(
      page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="memory-panel"]') !== null,
        [heading!.x + heading!.width / 2, heading!.y + heading!.height / 2],
      ),
    ).resolves.toBe(true);
    // The drawer closes on Escape and leaves the thread as it was.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await input(page).fill('Still here');
    await expect(input(page).inputValue()).resolves.toBe('Still here');
  });

  it('renders markdown safely, shows errors in the error role and the banner, and clears the thread', async () => {
    const { page } = await web.signedIn('/settings');
    await addOpenAiKey(page);
    await page.goto(`${web.product.url}/chat`);
    await chooseModel(page, 'GPT-4.1');

    await send(page, 'Some markdown please');
    const answer = lastMessage(page);
    await answer.locator('strong', { hasText: 'bold' }).waitFor();
    await expect(answer.locator('b').count()).resolves.toBe(0);
    await answer.getByText('<b>raw</b>', { exact: false }).waitFor();
    await expect(answer.locator('pre').textContent()).resolves.toContain('const answer = 42;');

    // The provider fails: an error-role message, the banner, and the banner goes when the user types.
    llm.respondWith(() => ({ kind: 'error', status: 500, message: 'upstream exploded' }));
    try {
      await send(page, 'Hello again');
      // The provider's 500 is retried first: wait for the error message before reading its role.
      await lastMessage(page).getByText(ChatMessages.errorMessage).waitFor();
      await expect(lastMessage(page).getAttribute('data-role')).resolves.toBe('error');
      await expect(page.getByTestId('chat-error').textContent()).resolves.toBe(ChatMessages.sendFailed);
      await input(page).fill('x');
      await page.getByTestId('chat-error').waitFor({ state: 'detached' });
    } finally {
      llm.respondWith(responder);
    }

    // Search Mode with no search provider configured: the search message's error and the banner.
    await page.getByRole('button', { name: 'Search Mode' }).click();
    await expect(input(page).getAttribute('placeholder')).resolves.toBe(ChatMessages.searchPlaceholder);
    await send(page, 'membolt news');
    const search = lastMessage(page).getByTestId('search-status');
    await search.locator('[data-search-status="error"]').waitFor();
    await expect(search.textContent()).resolves.toContain('Failed to search for: membolt news.');
    await expect(page.getByTestId('chat-error').textContent()).resolves.toBe(ChatMessages.searchFailed);

    // Clear Conversation leaves one message.
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Clear Conversation' }).click();
    await expect(messages(page).count()).resolves.toBe(1);
    await expect(lastMessage(page).getByTestId('message-content').textContent()).resolves.toBe(
      ChatMessages.cleared,
    );
  });

  it('never makes a link from memory text clickable: not in the offline answer, not when a model repeats it', async () => {
    const { page } = await web.signedIn('/chat');
    const stored = await page.evaluate(async (text) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({
          query: 'mutation ($text: String!) { createMemory(input: { text: $text }) { id } }',
          variables: { text },
        }),
      });
      return response.status;
    }, PHISHING_MEMORY);
    expect(stored).toBe(200);

    // No language model yet: the offline assistant says the memory back and lists it, its link as text both times.
    await send(page, 'What is my bank login page?');
    const offline = lastMessage(page);
    await offline.getByText('Your bank login page is', { exact: false }).waitFor();
    await expect(offline.getByText('phish.example', { exact: false }).count()).resolves.toBe(2);
    await expect(offline.locator('a[href*="phish.example"]').count()).resolves.toBe(0);

    await page.goto(`${web.product.url}/settings`);
    await addOpenAiKey(page);
    await page.goto(`${web.product.url}/chat`);
    await chooseModel(page, 'GPT-4.1');
    await send(page, 'Where do I log in to my bank?');
    const answer = lastMessage(page);
    await answer.getByTestId('unlinked-url').waitFor();
    await expect(answer.getByTestId('unlinked-url').textContent()).resolves.toBe(
      'log in here (https://phish.example/login)',
    );
    await expect(answer.locator('a[href*="phish.example"]').count()).resolves.toBe(0);
    // The product's own link stays a link.
    await expect(answer.locator('a[href="/settings/subscription"]').count()).resolves.toBe(1);
  });

  it('uploads a file from the chat (button, or dropped on the chat), shows its summary, and its text is found in Memories', async () => {
    const { page } = await web.signedIn('/chat');
    const fileMessage = (name: string, status: string) =>
      page.locator(`[data-testid="file-message"][data-status="${status}"]`).filter({ hasText: name });

    await page.getByTestId('chat-file-input').setInputFiles({
      name: 'lemon-cake.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        "Grandma's lemon cake\n\nIt needs three lemons, a cup of sugar and two eggs. Bake it for forty minutes at 180 degrees.",
      ),
    });
    await fileMessage('lemon-cake.txt', 'uploaded').waitFor({ timeout: 90_000 });
    await expect(
      fileMessage('lemon-cake.txt', 'uploaded').getByTestId('file-summary').textContent(),
    ).resolves.toContain('lemons');
    await fileMessage('lemon-cake.txt', 'uploaded').getByRole('button', { name: 'Summary memory' }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Summary of the file "lemon-cake.txt"', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // A text file named as an image is refused by its content: the failure says which file and why.
    await page.getByTestId('chat-file-input').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is not a picture at all, only words.'),
    });
    const refused = fileMessage('holiday.png', 'failed');
    await refused.waitFor({ timeout: 60_000 });
    await expect(refused.getByTestId('file-error').textContent()).resolves.toMatch(
      /^Failed to upload file: holiday\.png\. The file's content is/,
    );
    // The banner under the messages says so too, as for a failed search, and goes when the user types.
    await expect(page.getByTestId('chat-error').textContent()).resolves.toBe(UploadMessages.failedGeneric);
    await input(page).fill('x');
    await page.getByTestId('chat-error').waitFor({ state: 'detached' });
    await input(page).fill('');

    // Dropped on the chat: the same upload.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(['I keep two beehives on the roof of my flat.'], 'bees.txt', { type: 'text/plain' }),
      );
      const zone = document.querySelector('[data-testid="chat-drop-zone"]');
      zone?.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await fileMessage('bees.txt', 'uploaded').waitFor({ timeout: 90_000 });

    await page.goto(`${web.product.url}/memories`);
    const box = page.getByRole('textbox', { name: 'Search memories' });
    await box.fill('lemon cake sugar');
    await box.press('Enter');
    await page.getByTestId('memories-search-summary').waitFor();
    await page.getByText('three lemons', { exact: false }).first().waitFor();
  });
});

/**
 * A real server speaking SearXNG's JSON protocol on loopback: two results for any query, so Search Mode has
 * something to show.
 */
async function startSearxng(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        query,
        results: [
          { title: 'Membolt 2.0 released', url: 'https://news.example/membolt-2', content: 'Faster search.' },
          { title: 'Membolt at the meetup', url: 'https://blog.example/meetup', content: 'Slides online.' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Chat screen with a web search provider and no language model at all. */
describe('web app: chat without a model', () => {
  const env: Record<string, string> = { CHAT_EXTRACTION: 'rules', BUS_TIMEOUT_MS: '30000' };
  let searxng: Awaited<ReturnType<typeof startSearxng>>;
  // Registered before the product starts, which reads `env` then.
  beforeAll(async () => {
    searxng = await startSearxng();
    env['SEARXNG_URL'] = searxng.url;
  });
  afterAll(async () => {
    await searxng?.close();
  });
  const web = useWebAppInBrowser({ forbidForeignRequests: true, env });

  const messages = (page: Page) => page.getByTestId('chat-message');
  const lastMessage = (page: Page) => messages(page).last();
  const input = (page: Page) => page.getByRole('textbox', { name: /^(Message|Search query)$/ });

  it('answers Search Mode with the formatted results and their links when no model can summarise them', async () => {
    const { page } = await web.signedIn('/chat');
    await page.getByRole('button', { name: 'Search Mode' }).click();
    await input(page).fill('membolt news');
    await input(page).press('Enter');
    const answer = lastMessage(page);
    await answer.locator('[data-search-status="completed"]').waitFor();
    const content = (await answer.getByTestId('message-content').textContent()) ?? '';
    expect(content).toContain('Membolt 2.0 released');
    expect(content).toContain('https://news.example/membolt-2');
    expect(content).toContain('Faster search.');
    expect(content).toContain('Membolt at the meetup');
    expect(content).not.toContain(ChatMessages.offlineNotice);
    await expect(
      answer.getByRole('list', { name: 'Sources' }).getByRole('link').allTextContents(),
    ).resolves.toEqual(['Membolt 2.0 released', 'Membolt at the meetup']);
    await expect(page.getByTestId('chat-error').count()).resolves.toBe(0);
  });

  it('shares a conversation read-only by a link only its owner creates and revokes; a revoked link is 404', async () => {
    const owner = await web.signedIn('/chat');
    const page = owner.page;
    await input(page).fill('My dog is called Rex.');
    await input(page).press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await lastMessage(page).getByTestId('message-content').filter({ hasText: /\w/ }).waitFor();
    const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;

    await page.getByRole('button', { name: 'More options' }).click();
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual([
      'Save Conversation',
      'Share Conversation',
      'Clear Conversation',
    ]);
    await page.getByRole('menuitem', { name: 'Share Conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Conversation' });
    await dialog.getByTestId('share-not-shared').waitFor();
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const link = await pollUntil(
      () =>
        dialog
          .getByTestId('share-link')
          .inputValue()
          .catch(() => ''),
      (value) => value !== '',
      { what: 'the shared link' },
    );
    expect(link).toMatch(new RegExp(`^${web.product.url}/shared/[A-Za-z0-9_-]{32}$`));

    // Someone without a session reads it: the messages, no memories, no input.
    const reader = await web.open(new URL(link).pathname);
    const shared = reader.page.getByTestId('shared-conversation');
    await shared.getByRole('heading', { name: 'My dog is called Rex.' }).waitFor();
    await expect(reader.page.getByTestId('shared-message').count()).resolves.toBe(2);
    await expect(reader.page.getByTestId('shared-message').first().textContent()).resolves.toContain(
      'My dog is called Rex.',
    );
    await expect(reader.page.getByRole('textbox').count()).resolves.toBe(0);
    await expect(reader.page.getByTestId('memory-panel').count()).resolves.toBe(0);
    await expect(reader.page.getByTestId('memory-chip').count()).resolves.toBe(0);

    // Another user can neither revoke nor re-share it: it is not theirs (NOT_FOUND, as for any id).
    const intruder = await web.signedIn('/dashboard');
    for (const mutation of [
      'revokeConversationShare(id: $id) { id }',
      'shareConversation(id: $id) { token }',
    ]) {
      const response = await intruder.context.request.post(`${web.product.url}/graphql`, {
        headers: { 'content-type': 'application/json' },
        data: { query: `mutation ($id: ID!) { ${mutation} }`, variables: { id: conversationId } },
      });
      const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    await reader.page.reload();
    await shared.getByRole('heading', { name: 'My dog is called Rex.' }).waitFor();
    await expect(reader.page.getByTestId('shared-message').count()).resolves.toBe(2);

    // The owner revokes it: the link is the 404 screen from then on.
    await dialog.getByRole('button', { name: 'Revoke Link' }).click();
    await dialog.getByTestId('share-not-shared').waitFor();
    await reader.page.reload();
    await reader.page.getByTestId('not-found-code').waitFor();
    await reader.page.getByText('This conversation is not shared, or its link was revoked.').waitFor();
    await expect(reader.page.getByTestId('shared-message').count()).resolves.toBe(0);

    // Sharing again makes a new link; the revoked one stays dead.
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const again = await pollUntil(
      () =>
        dialog
          .getByTestId('share-link')
          .inputValue()
          .catch(() => ''),
      (value) => value !== '',
      { what: 'the new link' },
    );
    expect(again).not.toBe(link);
    await reader.page.reload();
    await reader.page.getByTestId('not-found-code').waitFor();
  });
});
