import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ListPlansResponse } from '@membolt/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser, pollUntil, recordForeignRequests } from './support/browser.js';
import { type RunningWebApp, startWebApp } from './support/web-app.js';

const HEADLINE = 'AI with a Memory That Persists';
const PRODUCT_NAME = 'Membolt';
const VIEWPORT = { width: 1280, height: 900 } as const;

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(60_000);

/** The landing page and the 404 screen, served by the real standalone product, in headless Chromium. */
describe('web app: landing page and 404 screen', () => {
  let product: RunningWebApp | undefined;
  let url: string;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let foreignRequests: string[] = [];

  beforeAll(async () => {
    product = await startWebApp();
    url = product.url;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    await product?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    // Every test's page must stay on the server: no CDN, font, image or analytics request.
    expect(foreignRequests).toEqual([]);
  });

  /** A fresh context per test; `prepare` runs before the first navigation (e.g. to intercept requests). */
  async function openPage(path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
    if (!browser) throw new Error('browser not launched');
    context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    foreignRequests = recordForeignRequests(page, url);
    await prepare?.(page);
    await page.goto(`${url}${path}`);
    return page;
  }

  async function fetchSubscriptionPlans(): Promise<ListPlansResponse> {
    const response = await fetch(`${url}/api/plans?kind=subscription`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListPlansResponse;
  }

  const expectedPrice = (monthlyPriceCents: number | null): string =>
    monthlyPriceCents === null ? 'Custom' : `$${monthlyPriceCents / 100}`;

  const planCards = (page: Page) =>
    page.locator('[data-testid^="plan-card-"]:not([data-testid="plan-card-skeleton"])');

  it('shows the headline, the top bar and the six feature cards', async () => {
    const page = await openPage('/');

    await expect(page.title()).resolves.toBe(PRODUCT_NAME);
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await expect(page.getByTestId('product-name').textContent()).resolves.toBe(PRODUCT_NAME);
    await expect(page.getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe('/login');
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).resolves.toBe(
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).resolves.toBe(
      '/register',
    );
    await expect(page.getByTestId('feature-card').count()).resolves.toBe(6);
    await expect(page.getByTestId('copyright').textContent()).resolves.toContain(
      `© ${new Date().getFullYear()} ${PRODUCT_NAME}`,
    );
  });

  it("renders the server's subscription plans, in the server's order, and the developer API price", async () => {
    const catalogue = await fetchSubscriptionPlans();
    const page = await openPage('/');

    await page.getByTestId(`plan-card-${catalogue.plans[0]?.id ?? 'missing'}`).waitFor();
    const renderedIds = await planCards(page).evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-testid')),
    );
    expect(renderedIds).toEqual(catalogue.plans.map((plan) => `plan-card-${plan.id}`));

    for (const plan of catalogue.plans) {
      const card = page.getByTestId(`plan-card-${plan.id}`);
      await expect(card.getByRole('heading', { name: plan.name }).textContent()).resolves.toBe(plan.name);
      await expect(card.getByTestId('plan-price').textContent()).resolves.toBe(
        expectedPrice(plan.monthlyPriceCents),
      );
      await expect(card.getByTestId(`plan-cta-${plan.id}`).textContent()).resolves.toBe(plan.callToAction);
      await expect(card.getByTestId(`plan-cta-${plan.id}`).getAttribute('href')).resolves.toBe('/register');
      await expect(card.getByTestId('plan-most-popular').count()).resolves.toBe(plan.highlighted ? 1 : 0);
      for (const feature of plan.features) {
        await expect(card.getByText(feature, { exact: true }).count()).resolves.toBe(1);
      }
    }
    const prices = await page.getByTestId('plan-price').allTextContents();
    expect(prices).toEqual(expect.arrayContaining(['$20', '$50', 'Custom']));

    const rate = (catalogue.developerApi.centsPerMillionTokens / 100).toFixed(2);
    await expect(page.getByTestId('developer-api-price').textContent()).resolves.toBe(
      `$${rate} per million tokens processed`,
    );
    await expect(page.getByTestId('developer-api-pricing').textContent()).resolves.toContain(
      'bring your own language-model keys',
    );
    const snippet = await page.getByTestId('developer-api-snippet').textContent();
    expect(snippet).toContain(`${url}/api/user/{userId}/memories`);
    expect(snippet).toContain('X-API-Key: mblt_');
    expect(snippet).toContain(`${url}/api/user/{userId}/search?query=`);
    await expect(page.getByRole('link', { name: 'Get API Access' }).getAttribute('href')).resolves.toBe(
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).resolves.toBe(
      '/register',
    );
  });

  it('scrolls to the features section when Learn More is clicked', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    await page.getByRole('link', { name: 'Learn More' }).click();

    const settled = await pollUntil(
      () =>
        page.evaluate(() => ({
          scrollY: window.scrollY,
          top: document.getElementById('features')?.getBoundingClientRect().top ?? Number.NaN,
        })),
      ({ scrollY, top }) => scrollY > 0 && top >= 0 && top < VIEWPORT.height / 4,
      { what: 'the features section to reach the top of the viewport' },
    );
    expect(settled.scrollY).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Key Features' }).waitFor();
  });

  it("takes the custom-priced plan's Contact Us button to /register", async () => {
    const catalogue = await fetchSubscriptionPlans();
    const enterprise = catalogue.plans.find((plan) => plan.monthlyPriceCents === null);
    if (!enterprise) throw new Error('the catalogue has no custom-priced plan');
    const page = await openPage('/');

    await page.getByTestId(`plan-cta-${enterprise.id}`).click();

    await page.waitForURL(`${url}/register`);
  });

  it('shows the 404 screen for an unknown path, and Home leads back to the landing page', async () => {
    const page = await openPage('/some/unknown/path');

    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByTestId('not-found-code').textContent()).resolves.toBe('404');
    await expect(
      page.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href'),
    ).resolves.toBe('/dashboard');

    await page.getByRole('link', { name: 'Home', exact: true }).click();

    await page.waitForURL(`${url}/`);
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
  });

  it('shows an error with Retry when the plans cannot be loaded, and recovers on Retry', async () => {
    const page = await openPage('/', (page) =>
      page.route(`${url}/graphql`, (route) => route.abort('connectionrefused')),
    );

    const error = page.getByTestId('pricing-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain("We couldn't load the pricing plans");
    await expect(planCards(page).count()).resolves.toBe(0);

    await page.unroute(`${url}/graphql`);
    await error.getByRole('button', { name: 'Retry' }).click();

    await page.getByTestId('plan-card-free').waitFor();
    await error.waitFor({ state: 'detached' });
  });

  it('switches to dark mode from the top bar and remembers it after a reload', async () => {
    const page = await openPage('/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();

    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await pollUntil(background, (color) => color !== lightBackground, { what: 'the dark background' });
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await expect(background()).resolves.not.toBe(lightBackground);
  });
});
