import { describe, expect, it, jest } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { UsageSubjects } from '@membolt/contracts';
import type { BrowserContext } from 'playwright-core';
import { runCliCommand } from '../src/cli/membolt-cli.js';
import { useWebAppInBrowser } from './support/web-app.js';

jest.setTimeout(90_000);

/** The signed-in context's own user id, asked of the BFF with its cookies. */
async function viewerId(context: BrowserContext, url: string): Promise<string> {
  const response = await context.request.post(`${url}/graphql`, {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ viewer { id } }' },
  });
  return ((await response.json()) as { data: { viewer: { id: string } } }).data.viewer.id;
}

/** Plans, limits and money in the web app, against the real product in headless Chromium. */
describe('web app: subscription, limits and payments', () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: true });
  const bus = () => web.product.app.get(BusClient);

  it('a free user at 10 conversations sees Free Tier Limit Reached where the server refuses, and the card says the limit is reached', async () => {
    const { page, context } = await web.signedIn('/dashboard');
    const userId = await viewerId(context, web.product.url);
    // A new account: no conversations yet.
    await page.getByTestId('recent-conversations').getByText('No recent conversations').waitFor();
    await page.getByText('Start a new conversation to see it here').waitFor();
    await expect(page.getByTestId('dashboard-last-active-card').textContent()).resolves.toContain('Never');
    await expect(page.getByTestId('dashboard-conversations-card').textContent()).resolves.toContain('0');
    // Both usage bars are empty at 0: no fill, and the same neutral track (not one tinted like a full bar).
    await expect(page.getByTestId('memory-storage-usage').textContent()).resolves.toBe('0 / 200');
    for (const bar of ['memory-storage-bar', 'conversation-usage-bar']) {
      const fill = await page.getByTestId(`${bar}-fill`).boundingBox();
      expect(fill?.width ?? 0).toBe(0);
    }
    const trackColour = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect(trackColour('memory-storage-bar')).resolves.toBe(
      await trackColour('conversation-usage-bar'),
    );
    // Ten conversations this month, counted by billing's own subject (what ten new chats do).
    for (let i = 0; i < 10; i++) {
      await bus().request(
        UsageSubjects.authorize,
        { endpoint: '/chat', method: 'POST', idempotencyKey: `seed-${i}`, newConversation: true },
        { userId },
      );
    }
    await page.reload();
    const card = page.getByTestId('subscription-status-card');
    await expect(card.getByTestId('subscription-conversations').textContent()).resolves.toBe(
      'Free Conversations: 10 / 10 used',
    );
    await expect(card.getByTestId('conversation-limit').textContent()).resolves.toBe('Limit reached');
    await expect(card.getByText('Almost at limit!').count()).resolves.toBe(0);
    await expect(page.getByTestId('conversation-usage-bar').getAttribute('data-color')).resolves.toBe(
      'error',
    );

    await page.goto(`${web.product.url}/memories`);
    const dialog = page.getByRole('dialog', { name: 'Free Tier Limit Reached' });
    await dialog
      .getByText(
        "You've used all 10 of your free conversations. Please upgrade to a paid plan to continue using the service.",
      )
      .waitFor();
    await dialog.getByRole('link', { name: 'Upgrade Plan' }).click();
    await page.waitForURL(`${web.product.url}/settings/subscription`);
    await expect(page.getByTestId('current-plan-tier').textContent()).resolves.toBe('FREE');
  });

  it("a Basic user at 20 conversations sees the Basic plan's own limit text and action, never the free tier's", async () => {
    const { page, context } = await web.signedIn('/dashboard');
    const userId = await viewerId(context, web.product.url);
    await runCliCommand(bus(), ['subscription:plan', '--user', userId, '--plan', 'basic']);
    for (let i = 0; i < 19; i++) {
      await bus().request(
        UsageSubjects.authorize,
        { endpoint: '/chat', method: 'POST', idempotencyKey: `basic-${i}`, newConversation: true },
        { userId },
      );
    }
    await page.reload();
    const card = page.getByTestId('subscription-status-card');
    await expect(card.getByTestId('subscription-conversations').textContent()).resolves.toBe(
      'Conversations: 19 / 20 used',
    );
    await expect(card.getByTestId('conversation-limit').textContent()).resolves.toBe('Almost at limit!');

    await bus().request(
      UsageSubjects.authorize,
      { endpoint: '/chat', method: 'POST', idempotencyKey: 'basic-19', newConversation: true },
      { userId },
    );
    await page.reload();
    await expect(card.getByTestId('subscription-conversations').textContent()).resolves.toBe(
      'Conversations: 20 / 20 used',
    );
    await expect(card.getByTestId('conversation-limit').textContent()).resolves.toBe('Limit reached');

    await page.goto(`${web.product.url}/memories`);
    const dialog = page.getByRole('dialog', { name: 'Conversation Limit Reached' });
    await dialog.waitFor();
    const message = (await dialog.getByTestId('subscription-problem-message').textContent()) ?? '';
    expect(message).toMatch(
      /^You've used all 20 conversations of your Basic plan this month\. They renew on .+\. Upgrade to a larger plan to continue now\.$/,
    );
    expect(message).not.toContain('free');
    await expect(page.getByRole('dialog', { name: 'Free Tier Limit Reached' }).count()).resolves.toBe(0);
    await dialog.getByRole('link', { name: 'Upgrade Plan' }).click();
    await page.waitForURL(`${web.product.url}/settings/subscription`);
    await expect(page.getByTestId('current-plan-tier').textContent()).resolves.toBe('BASIC');

    // Enterprise has no limit and nothing larger: no limit text, and its button changes the plan.
    await runCliCommand(bus(), ['subscription:plan', '--user', userId, '--plan', 'enterprise']);
    await page.goto(`${web.product.url}/dashboard`);
    await expect(card.getByTestId('subscription-conversations').textContent()).resolves.toBe(
      'Unlimited conversations',
    );
    await expect(card.getByTestId('conversation-limit').count()).resolves.toBe(0);
    await card.getByRole('link', { name: 'Change Plan' }).waitFor();
    await expect(card.getByRole('link', { name: 'Upgrade Plan' }).count()).resolves.toBe(0);
  });

  it('shows what each plan really charges: nothing on Free, the per-call rate of Pay-per-use', async () => {
    const { page, context } = await web.signedIn('/settings/subscription');
    const userId = await viewerId(context, web.product.url);
    // Developer API traffic of a free account: its tokens are priced for reports and spend caps only.
    await bus().request(
      UsageSubjects.authorize,
      { endpoint: '/memories', method: 'GET', idempotencyKey: 'api-1', keyId: 'key-free-1' },
      { userId },
    );
    await bus().request(
      UsageSubjects.record,
      {
        endpoint: '/memories',
        method: 'GET',
        idempotencyKey: 'api-1',
        keyId: 'key-free-1',
        tokens: 1850,
        succeeded: true,
      },
      { userId },
    );
    await page.reload();
    const totals = page.getByTestId('usage-totals');
    await totals.getByText('Tokens: 1850').waitFor();
    await expect(page.getByTestId('usage-charged').textContent()).resolves.toBe('Charged for calls: $0.00');
    await expect(page.getByTestId('usage-plan-price').textContent()).resolves.toBe('Free plan: $0 per month');
    // The tokens' price is reported as what it is, never as a cost of the free plan.
    await expect(page.getByTestId('usage-section').textContent()).resolves.not.toContain('Cost: ');
    await expect(page.getByTestId('usage-token-price').textContent()).resolves.toBe(
      "API key tokens priced at $0.000555: counted toward your keys' spend caps, not charged.",
    );

    await page.getByRole('button', { name: 'View all plans' }).click();
    const payPerUse = page.getByTestId('available-plan-pay-per-use');
    await expect(payPerUse.getByTestId('available-plan-price').textContent()).resolves.toBe('$0.01');
    await expect(payPerUse.getByTestId('available-plan-price-unit').textContent()).resolves.toBe(
      'per API call',
    );
    await expect(
      page.getByTestId('available-plan-basic').getByTestId('available-plan-price').textContent(),
    ).resolves.toBe('$20');
    await expect(
      page.getByTestId('available-plan-enterprise').getByTestId('available-plan-price').textContent(),
    ).resolves.toBe('Custom');

    // On pay-per-use each call is charged at the rate: the usage says so.
    await runCliCommand(bus(), ['subscription:plan', '--user', userId, '--plan', 'pay-per-use']);
    await runCliCommand(bus(), ['funds:add', '--user', userId, '--cents', '100']);
    await bus().request(
      UsageSubjects.authorize,
      { endpoint: '/search', method: 'GET', idempotencyKey: 'web-1' },
      { userId },
    );
    await bus().request(
      UsageSubjects.record,
      { endpoint: '/search', method: 'GET', idempotencyKey: 'web-1', tokens: 10, succeeded: true },
      { userId },
    );
    await page.reload();
    await page.getByTestId('usage-charged').filter({ hasText: 'Charged for calls: $0.01' }).waitFor();
    await expect(page.getByTestId('usage-plan-price').textContent()).resolves.toBe(
      'Pay-per-use plan: $0.01 per API call',
    );
  });

  it('changes plan in Settings > Subscription, and the account moves to it', async () => {
    const { page } = await web.signedIn('/settings/subscription');
    await page.getByTestId('current-plan-renewal').waitFor();
    await page.getByTestId('available-plan-basic').getByRole('button', { name: 'Upgrade' }).click();
    await page
      .getByTestId('current-plan-tier')
      .filter({ hasText: /^BASIC$/ })
      .waitFor();
    await page.getByTestId('available-plan-basic').getByRole('button', { name: 'Current Plan' }).waitFor();
    await page.getByTestId('available-plan-free').getByRole('button', { name: 'Downgrade' }).waitFor();
    await page.getByRole('button', { name: 'View all plans' }).click();
    for (const id of ['free', 'basic', 'pro', 'enterprise', 'pay-per-use'])
      await page.getByTestId(`available-plan-${id}`).waitFor();
    await page.getByTestId('ledger-table').getByText('Plan changed from free to basic').waitFor();

    // Back to Free keeps memories for less time: the screen says what that deletes before changing.
    await page.getByTestId('available-plan-free').getByRole('button', { name: 'Downgrade' }).click();
    const warning = page.getByRole('dialog', { name: 'Change plan?' });
    await warning
      .getByText('The Free plan keeps memories for 7 days. None of your memories is older than that today.')
      .waitFor();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect(page.getByTestId('current-plan-tier').textContent()).resolves.toBe('BASIC');
    await page.getByTestId('available-plan-free').getByRole('button', { name: 'Downgrade' }).click();
    await warning.getByRole('button', { name: 'Change plan' }).click();
    await page
      .getByTestId('current-plan-tier')
      .filter({ hasText: /^FREE$/ })
      .waitFor();
    await page.goto(`${web.product.url}/memories`);
    await page
      .getByTestId('memories-retention')
      .filter({ hasText: 'Memories are kept for 7 days on the Free plan: older ones are deleted.' })
      .waitFor();
  });

  it('adds funds on pay-per-use from the dashboard and sees the balance change; out-of-range amounts are refused', async () => {
    const { page, context } = await web.signedIn('/dashboard');
    const userId = await viewerId(context, web.product.url);
    await runCliCommand(bus(), ['subscription:plan', '--user', userId, '--plan', 'pay-per-use']);
    await page.reload();
    const card = page.getByTestId('subscription-status-card');
    await expect(card.getByTestId('subscription-balance').textContent()).resolves.toBe('$0.00');
    await card.getByText('Low balance!').waitFor();
    await card.getByText('$0.01 per API call').waitFor();

    await card.getByRole('button', { name: 'Add Funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    const amount = dialog.getByLabel('Amount ($)');
    await expect(amount.inputValue()).resolves.toBe('5');
    await dialog.getByTestId('payment-simulation-notice').waitFor();
    await amount.fill('1001');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await dialog.getByText('The amount must be between $1 and $1,000.').waitFor();
    await amount.fill('5');
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('$5.00').waitFor();
    await expect(card.getByText('Low balance!').count()).resolves.toBe(0);
  });
});
