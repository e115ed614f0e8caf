import type { BrowserContext, Page } from 'playwright-core';

export interface TestAccount {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

let sequence = 0;

/** A new account's details with a unique e-mail (nothing is created yet). */
export function anAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  sequence++;
  const id = `${Date.now().toString(36)}${sequence}`;
  return {
    name: `Test User ${sequence}`,
    email: `user-${id}@example.com`,
    password: `password-${id}`,
    ...overrides,
  };
}

const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { id } }`;

/**
 * Creates the account through the BFF with the context's own request client, so the browser context
 * holds the session cookies afterwards (faster than filling the registration form in every test).
 */
export async function signUpInContext(
  context: BrowserContext,
  url: string,
  account: TestAccount,
): Promise<void> {
  const response = await context.request.post(`${url}/graphql`, {
    headers: { 'content-type': 'application/json' },
    data: { query: SIGN_UP, variables: { input: account } },
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (!response.ok() || body.errors) throw new Error(`Sign-up failed: ${JSON.stringify(body)}`);
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  url: string,
  account: TestAccount,
  remember = false,
): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${url}/dashboard`);
}

/** The page's body background colour, which the light and dark themes set differently. */
export const bodyBackground = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
