import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PortalLinkSigner } from '@membolt/gateway';
import { MemboltClient } from '@membolt/sdk';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, launchBrowser, pollUntil, recordForeignRequests } from './support/browser.js';
import {
  type ApiUser,
  callApi,
  expectError,
  newApiUser,
  ok,
  UNLIMITED_GATEWAY,
} from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(180_000);

const PORTAL_LINK_SECRET = 'privacy-portal-e2e-secret-of-at-least-32-chars';

interface LinkJson {
  url: string;
  token: string;
  end_user_id: string;
  expires_at: string;
}
interface MemoryJson {
  id: string;
  text: string;
}
interface AuditJson {
  entries: Array<{
    end_user_id: string;
    action: string;
    memory_id: string | null;
    memory_count: number | null;
  }>;
  total_count: number;
}
interface ExportJson {
  end_user_id: string;
  memory_count: number;
  memories: Array<{
    id: string;
    text: string;
    source: string;
    source_description: string;
    created_at: string;
  }>;
}

/** A page on another origin (another loopback port) that shows `src` in an iframe. */
async function startEmbedder(): Promise<{ server: Server; origin: string; setSrc(src: string): void }> {
  let src = 'about:blank';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Embedder</title><iframe id="portal" src="${src}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, setSrc: (value) => (src = value) };
}

/**
 * "What this app remembers about you" through the real standalone product: a developer mints a signed link over
 * REST, the end user opens it in headless Chromium, sees, corrects, forgets and exports their memories, and
 * the developer reads the audit log (decisions 140-144).
 */
describe('end users portal', () => {
  const product = useStandalone('privacy-portal', { ...UNLIMITED_GATEWAY, PORTAL_LINK_SECRET });
  let browser: Browser | undefined;
  let alice: ApiUser;
  let bob: ApiUser;
  let embedder: Awaited<ReturnType<typeof startEmbedder>>;

  beforeAll(async () => {
    [alice, bob] = [await newApiUser(product), await newApiUser(product)];
    browser = await launchBrowser();
    embedder = await startEmbedder();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    if (embedder) await new Promise((resolve) => embedder.server.close(resolve));
  });

  const remember = async (owner: ApiUser, text: string, endUserId?: string): Promise<MemoryJson> =>
    ok<MemoryJson>(
      await owner.call(`/api/user/${owner.userId}/memories`, {
        method: 'POST',
        body: { text, ...(endUserId ? { end_user_id: endUserId } : {}), dedupe: false },
      }),
      201,
    );
  const mint = async (owner: ApiUser, endUserId: string, body: unknown = {}): Promise<LinkJson> =>
    ok<LinkJson>(
      await owner.call(`/api/user/${owner.userId}/end_users/${endUserId}/portal`, { method: 'POST', body }),
      201,
    );
  const memoryOf = (owner: ApiUser, id: string, endUserId: string) =>
    owner.call(`/api/user/${owner.userId}/memories/${id}?end_user_id=${endUserId}`);
  const audit = async (owner: ApiUser, endUserId: string) =>
    ok<AuditJson>(await owner.call(`/api/user/${owner.userId}/end_users/${endUserId}/portal/audit`));

  /** A fresh browser page that records CSP violations and script errors. */
  async function openPage(): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
    const context = await browser!.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The error pages are answered 401 and 410 on purpose; Chromium logs the document's status as an error.
      const refusedDocument = /^Failed to load resource: .* status of (401|410)\b/.test(message.text());
      if (message.type() === 'error' && !refusedDocument) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, problems, close: () => context.close() };
  }

  describe('minting a link over REST', () => {
    it('answers a signed link for one end user, 15 minutes by default and at most an hour', async () => {
      const expiryWithin = async (body: unknown, seconds: number) => {
        const before = Date.now();
        const link = await mint(alice, 'customer-1', body);
        const after = Date.now();
        const expiresAt = Date.parse(link.expires_at);
        expect(expiresAt).toBeGreaterThanOrEqual(before + seconds * 1000);
        expect(expiresAt).toBeLessThanOrEqual(after + seconds * 1000);
        return link;
      };
      const link = await expiryWithin({}, 15 * 60);
      expect(link.end_user_id).toBe('customer-1');
      expect(link.url).toBe(`${product.url}/portal/${link.token}`);
      await expiryWithin({ expires_in: 3600 }, 3600);
    });

    it('refuses a longer or shorter expiry and unknown fields, with a clear message', async () => {
      const path = `/api/user/${alice.userId}/end_users/customer-1/portal`;
      for (const expires_in of [3601, 59, 'soon', 1.5]) {
        expectError(
          await alice.call(path, { method: 'POST', body: { expires_in } }),
          400,
          'validation_error',
          /expires_in must be/,
        );
      }
      expectError(
        await alice.call(path, { method: 'POST', body: { end_user: 'x' } }),
        400,
        'validation_error',
        /end_user/,
      );
      const tooLong = `/api/user/${alice.userId}/end_users/${'x'.repeat(201)}/portal`;
      expect((await alice.call(tooLong, { method: 'POST', body: {} })).status).toBe(400);
    });

    it("never mints, lists or changes for another account's path, nor without a key", async () => {
      const base = `/api/user/${alice.userId}`;
      for (const [method, path, body] of [
        ['POST', `${base}/end_users/customer-1/portal`, {}],
        ['GET', `${base}/end_users/customer-1/portal/audit`, undefined],
        ['GET', `${base}/portal/audit`, undefined],
        ['GET', `${base}/portal_settings`, undefined],
        ['PUT', `${base}/portal_settings`, { display_name: 'Hijacked' }],
      ] as const) {
        expectError(
          await callApi(product.url, bob.key, path, { method, body }),
          403,
          'api_key_foreign_user',
          'This API key does not belong to this user.',
        );
        const anonymous = await fetch(`${product.url}${path}`, { method });
        expect(anonymous.status).toBe(401);
      }
      expect(
        ok<{ display_name: string | null }>(await alice.call(`${base}/portal_settings`)).display_name,
      ).toBeNull();
    });

    it('the SDK mints a link and reads the audit log', async () => {
      const client = new MemboltClient({ apiKey: alice.key, baseUrl: `${product.url}/api`, logger: null });
      await client.initialize();
      const link = await client.createPortalLink('customer-sdk', { expires_in: 120 });
      expect(link.url).toContain('/portal/');
      expect((await fetch(link.url)).status).toBe(200);
      expect((await fetch(`${link.url}/memories`)).status).toBe(200);
      const entries = (await client.portalAudit({ end_user_id: 'customer-sdk' })).entries;
      expect(entries.map((entry) => entry.action)).toEqual(['viewed']);
      expect((await client.portalSettings()).frame_origins).toEqual([]);
    });
  });

  describe('settings', () => {
    it('refuses colours, logos and origins that could not be used as they are, and changes nothing', async () => {
      const path = `/api/user/${alice.userId}/portal_settings`;
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ color: 'red' }, /color must be a colour/],
        [{ color: '#12345g' }, /color must be a colour/],
        [{ logo_url: 'javascript:alert(1)' }, /logo_url must be an https/],
        [{ logo_url: 'http://cdn.example.com/logo.png' }, /logo_url must be an https/],
        [{ frame_origins: ['https://app.example.com/path'] }, /frame_origins must be origins/],
        [{ frame_origins: ["'unsafe-inline'"] }, /frame_origins must be origins/],
        [{ frame_origins: ['https://a.example; script-src *'] }, /frame_origins must be origins/],
        [{ frame_origins: 'https://app.example.com' }, /frame_origins must be an array/],
        [{ display_name: 'x'.repeat(101) }, /display_name must be at most 100/],
      ];
      for (const [body, message] of cases)
        expectError(await alice.call(path, { method: 'PUT', body }), 400, 'validation_error', message);
      expect(ok<Record<string, unknown>>(await alice.call(path))).toMatchObject({
        display_name: null,
        logo_url: null,
        color: '#1976d2',
        frame_origins: [],
      });
    });
  });

  describe('the page in Chromium', () => {
    let link: LinkJson;
    let moved: MemoryJson;
    let allergy: MemoryJson;
    let diet: MemoryJson;
    let othersMemory: MemoryJson;
    let accountsOwn: MemoryJson;

    beforeAll(async () => {
      ok(
        await alice.call(`/api/user/${alice.userId}/portal_settings`, {
          method: 'PUT',
          body: { display_name: 'Acme <Health>', color: '#0f766e' },
        }),
      );
      moved = await remember(alice, 'I moved to Lisbon in March 2025.', 'dana');
      allergy = await remember(alice, 'I am allergic to peanuts.', 'dana');
      diet = await remember(alice, 'I follow a vegetarian diet.', 'dana');
      othersMemory = await remember(alice, 'I play the cello on Sundays.', 'erik');
      accountsOwn = await remember(alice, 'The account owner prefers tea.');
      link = await mint(alice, 'dana');
    });

    it("shows the end user's memories only, with where and when, themed, under a nonce CSP with no violation", async () => {
      const { page, problems, close } = await openPage();
      try {
        const foreign = recordForeignRequests(page, product.url);
        const response = await page.goto(link.url);
        expect(response?.status()).toBe(200);
        const policy = response?.headers()['content-security-policy'] ?? '';
        expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
        expect(policy).toContain("frame-ancestors 'self'");
        expect(policy).not.toContain('unsafe-inline');
        await page.locator('li[data-memory-id]').nth(2).waitFor();
        expect(await page.locator('h1').innerText()).toBe('What Acme <Health> remembers about you');
        const texts = await page.locator('li[data-memory-id] p.text').allInnerTexts();
        expect(texts.sort()).toEqual([allergy.text, diet.text, moved.text].sort());
        const body = await page.locator('body').innerText();
        expect(body).not.toContain(othersMemory.text);
        expect(body).not.toContain(accountsOwn.text);
        expect(body).toContain('From: Saved by the app');
        expect(body).toContain('3 memories');
        const accent = await page
          .locator('header')
          .evaluate((node) => getComputedStyle(node).backgroundColor);
        expect(accent).toBe('rgb(15, 118, 110)');
        expect(problems).toEqual([]);
        expect(foreign).toEqual([]);
      } finally {
        await close();
      }
    });

    it('corrects a memory: the store holds the new text', async () => {
      const { page, problems, close } = await openPage();
      try {
        await page.goto(link.url);
        const item = page.locator(`li[data-memory-id="${moved.id}"]`);
        await item.getByRole('button', { name: 'Correct' }).click();
        await item.getByLabel('Corrected text').fill('I moved to Porto in June 2026.');
        await item.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Corrected.').waitFor();
        await page.getByText('I moved to Porto in June 2026.').waitFor();
        const stored = ok<MemoryJson>(await memoryOf(alice, moved.id, 'dana'));
        expect(stored.text).toBe('I moved to Porto in June 2026.');
        expect(await page.locator(`li[data-memory-id="${moved.id}"] p.meta`).innerText()).toContain(
          'corrected',
        );
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });

    it('forgets one memory and shows the deletion receipt', async () => {
      const { page, problems, close } = await openPage();
      try {
        await page.goto(link.url);
        const item = page.locator(`li[data-memory-id="${allergy.id}"]`);
        await item.getByRole('button', { name: 'Forget' }).click();
        await item.getByRole('button', { name: 'Yes, forget it' }).click();
        const status = page.getByRole('status');
        await status.getByText('Forgotten.').waitFor();
        expect(await status.getByRole('list', { name: 'Removed' }).innerText()).toContain('memories: 1');
        await item.waitFor({ state: 'detached' });
        expect((await memoryOf(alice, allergy.id, 'dana')).status).toBe(404);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });

    it('downloads everything held about the end user as JSON', async () => {
      const { page, close } = await openPage();
      try {
        await page.goto(link.url);
        await page.locator('li[data-memory-id]').nth(1).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download my data (JSON)' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('my-data.json');
        const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as ExportJson;
        expect(exported.end_user_id).toBe('dana');
        expect(exported.memory_count).toBe(2);
        expect(exported.memories.map((memory) => memory.text).sort()).toEqual(
          ['I moved to Porto in June 2026.', diet.text].sort(),
        );
        expect(exported.memories[0]).toMatchObject({
          source: 'memory',
          source_description: 'Saved by the app',
        });
      } finally {
        await close();
      }
    });

    it("cannot read or change another end user's memory with this link", async () => {
      const base = `${product.url}/portal/${link.token}/memories/${othersMemory.id}`;
      const put = await fetch(base, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Overwritten' }),
      });
      expect(put.status).toBe(404);
      expect(((await put.json()) as { error: string }).error).toBe('not_found');
      expect((await fetch(base, { method: 'DELETE' })).status).toBe(404);
      const account = `${product.url}/portal/${link.token}/memories/${accountsOwn.id}`;
      expect((await fetch(account, { method: 'DELETE' })).status).toBe(404);
      expect(ok<MemoryJson>(await memoryOf(alice, othersMemory.id, 'erik')).text).toBe(othersMemory.text);
      expect(
        ok<MemoryJson>(await alice.call(`/api/user/${alice.userId}/memories/${accountsOwn.id}`)).text,
      ).toBe(accountsOwn.text);
      // Bad input changes nothing either.
      const empty = await fetch(`${product.url}/portal/${link.token}/memories/${diet.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: '' }),
      });
      expect(empty.status).toBe(400);
      expect(ok<MemoryJson>(await memoryOf(alice, diet.id, 'dana')).text).toBe(diet.text);
    });

    it('a link whose end user was changed is refused, on the page and on its routes', async () => {
      const [version, payload, mac] = link.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const forged = `${version}.${Buffer.from(JSON.stringify({ ...claims, e: 'erik' })).toString('base64url')}.${mac}`;
      const { page, problems, close } = await openPage();
      try {
        const response = await page.goto(`${product.url}/portal/${forged}`);
        expect(response?.status()).toBe(401);
        await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
        expect(await page.locator('body').innerText()).not.toContain(othersMemory.text);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
      const answer = await fetch(`${product.url}/portal/${forged}/memories`);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: 'unauthorized', message: 'This link is not valid.' });
      expect(
        (await fetch(`${product.url}/portal/${forged}/memories/${othersMemory.id}`, { method: 'DELETE' }))
          .status,
      ).toBe(401);
      expect(ok<MemoryJson>(await memoryOf(alice, othersMemory.id, 'erik')).text).toBe(othersMemory.text);
    });

    it('an expired link shows a clear error page and allows nothing', async () => {
      const expired = new PortalLinkSigner(PORTAL_LINK_SECRET).sign({
        userId: alice.userId,
        endUserId: 'dana',
        expiresAt: new Date(Date.now() - 1000),
      });
      const { page, problems, close } = await openPage();
      try {
        const response = await page.goto(`${product.url}/portal/${expired}`);
        expect(response?.status()).toBe(410);
        await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
        expect(await page.locator('h1').innerText()).toBe('What Acme <Health> remembers about you');
        expect(await page.locator('body').innerText()).not.toContain(diet.text);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
      const answer = await fetch(`${product.url}/portal/${expired}/export`);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: 'unauthorized', message: 'This link has expired.' });
      expect((await fetch(`${product.url}/portal/${expired}/memories`, { method: 'DELETE' })).status).toBe(
        401,
      );
      expect(ok<MemoryJson>(await memoryOf(alice, diet.id, 'dana')).text).toBe(diet.text);
    });

    it('is framed only by the origins the account allows', async () => {
      embedder.setSrc(link.url);
      const frameOf = async (page: Page) => {
        const frame = await page
          .locator('iframe#portal')
          .elementHandle()
          .then((handle) => handle!.contentFrame());
        return frame!;
      };
      const { page, close } = await openPage();
      try {
        // Not allowed (the default): Chromium refuses to render the portal inside the other origin's page.
        const refusals: string[] = [];
        page.on('console', (message) => {
          if (message.text().includes('frame-ancestors')) refusals.push(message.text());
        });
        await page.goto(embedder.origin);
        const blocked = await frameOf(page);
        expect(blocked.url()).not.toContain('/portal/');
        expect(await blocked.locator('body').innerText()).not.toContain('remembers about you');
        await pollUntil(
          async () => refusals.length,
          (count) => count > 0,
          { what: "Chromium's frame-ancestors refusal" },
        );

        ok(
          await alice.call(`/api/user/${alice.userId}/portal_settings`, {
            method: 'PUT',
            body: { frame_origins: [embedder.origin] },
          }),
        );
        await page.goto(embedder.origin);
        const allowed = await frameOf(page);
        await allowed.locator('li[data-memory-id]').first().waitFor();
        expect(await allowed.locator('h1').innerText()).toBe('What Acme <Health> remembers about you');
      } finally {
        await close();
      }
    });

    it('forgets everything about the end user with one receipt, and nothing of anyone else', async () => {
      const { page, problems, close } = await openPage();
      try {
        await page.goto(link.url);
        await page.locator('li[data-memory-id]').first().waitFor();
        await page.getByRole('button', { name: 'Forget everything' }).click();
        await page.getByRole('button', { name: 'Yes, forget everything' }).click();
        const status = page.getByRole('status');
        await status.getByText('Everything was forgotten.').waitFor();
        expect(await status.getByRole('list', { name: 'Removed' }).innerText()).toContain('memories: 2');
        await page.getByText('Nothing is remembered about you.').waitFor();
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
      const left = ok<{ total_count: number }>(
        await alice.call(`/api/user/${alice.userId}/memories?end_user_id=dana`),
      );
      expect(left.total_count).toBe(0);
      expect(ok<MemoryJson>(await memoryOf(alice, othersMemory.id, 'erik')).text).toBe(othersMemory.text);
    });

    it('records every action in the audit log the developer reads, and only for that account', async () => {
      const entries = (await audit(alice, 'dana')).entries;
      const actions = entries.map((entry) => entry.action);
      for (const action of ['viewed', 'corrected', 'forgot', 'exported', 'forgot_all'])
        expect(actions).toContain(action);
      expect(actions[0]).toBe('viewed');
      expect(entries.find((entry) => entry.action === 'corrected')?.memory_id).toBe(moved.id);
      expect(entries.find((entry) => entry.action === 'forgot')?.memory_id).toBe(allergy.id);
      expect(entries.find((entry) => entry.action === 'exported')?.memory_count).toBe(2);
      expect(entries.find((entry) => entry.action === 'forgot_all')?.memory_count).toBe(2);
      expect(entries.every((entry) => entry.end_user_id === 'dana')).toBe(true);
      const accountWide = ok<AuditJson>(await alice.call(`/api/user/${alice.userId}/portal/audit?limit=200`));
      expect(accountWide.total_count).toBeGreaterThanOrEqual(entries.length);
      expect((await audit(bob, 'dana')).total_count).toBe(0);
      expectError(
        await alice.call(`/api/user/${alice.userId}/portal/audit?limit=0`),
        400,
        'validation_error',
        /limit/,
      );
    });
  });
});
