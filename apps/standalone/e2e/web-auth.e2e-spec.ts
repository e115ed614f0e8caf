import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { freePort } from '@membolt/bus/testing';
import { resetTokenFrom, startTestOidcProvider, type TestOidcProvider } from '@membolt/identity/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser.js';
import { type MailCatcher, startMailCatcher } from './support/mail-catcher.js';
import {
  type OpenedPage,
  openPage,
  type OpenPageOptions,
  type RunningWebApp,
  startWebApp,
} from './support/web-app.js';
import { anAccount, signInThroughForm, signUpInContext, type TestAccount } from './support/web-session.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(90_000);

const TEXT = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
  bothRequired: 'Please enter both email and password',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  emailInUse: 'This email is already in use. Please try another one or sign in.',
  googleFailed: 'An error occurred during Google sign-in. Please try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  resetLinkSent: "If an account exists for that email, we've sent a link to reset your password.",
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
} as const;

const OIDC_ACCOUNT_ID = 'grace';
const OIDC_ACCOUNT = {
  email: 'grace.hopper@example.com',
  email_verified: true,
  name: 'Grace Hopper',
} as const;

/** Sign-in, registration, Google sign-in, password reset and the route guards, in headless Chromium. */
describe('web app: accounts and sign-in', () => {
  let mail: MailCatcher;
  let oidc: TestOidcProvider;
  let product: RunningWebApp;
  /** The same product without Google sign-in configured. */
  let productWithoutOidc: RunningWebApp;
  let browser: Browser | undefined;
  /** The latest context a test opened; every one of them is closed after the test. */
  let context: BrowserContext | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    // The provider must know the product's callback URL before the product starts, hence the port first.
    const port = await freePort();
    oidc = await startTestOidcProvider({
      redirectUris: [`http://127.0.0.1:${port}/auth/oidc/callback`],
      accounts: { [OIDC_ACCOUNT_ID]: OIDC_ACCOUNT },
    });
    product = await startWebApp({ port, smtpUrl: mail.url, oidc });
    productWithoutOidc = await startWebApp();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await closeBrowser(browser);
    await product?.stop();
    await productWithoutOidc?.stop();
    await oidc?.stop();
    await mail?.stop();
  });

  afterEach(async () => {
    const leaked = opened.flatMap((page) => page.foreignRequests());
    await Promise.all(opened.map((page) => page.context.close()));
    opened = [];
    context = undefined;
    // The product's pages load nothing from other servers (the CSP would refuse it anyway).
    expect(leaked).toEqual([]);
  });

  async function open(
    path: string,
    options: OpenPageOptions & { readonly on?: RunningWebApp } = {},
  ): Promise<Page> {
    if (!browser) throw new Error('browser not launched');
    const page = await openPage(browser, (options.on ?? product).url, path, options);
    opened.push(page);
    context = page.context;
    return page.page;
  }

  function currentContext(): BrowserContext {
    if (!context) throw new Error('no page opened yet');
    return context;
  }

  const url = (path = '') => `${product.url}${path}`;
  const fieldError = (page: Page, text: string) => page.getByText(text, { exact: true });

  async function expectNoErrorShown(page: Page, text: string): Promise<void> {
    await fieldError(page, text).waitFor({ state: 'detached' });
  }

  async function signUpAccount(account: TestAccount): Promise<void> {
    if (!browser) throw new Error('browser not launched');
    const scratch = await browser.newContext();
    try {
      await signUpInContext(scratch, product.url, account);
    } finally {
      await scratch.close();
    }
  }

  describe('registration', () => {
    it('shows every validation message, then signs up, greets by name, shows the menu and logs out', async () => {
      const account = anAccount({ name: 'Ada Lovelace' });
      const page = await open('/register');
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      await page.getByRole('heading', { name: 'Join Membolt' }).waitFor();
      await page.getByText('Experience AI with a memory that persists').waitFor();
      const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });

      // Submitting the empty form names every missing field.
      await signUp.click();
      for (const text of [
        TEXT.nameRequired,
        TEXT.emailRequired,
        TEXT.passwordRequired,
        TEXT.confirmRequired,
        TEXT.termsRequired,
      ]) {
        await fieldError(page, text).waitFor();
      }
      await page.reload();

      // Each field is checked when it loses the focus.
      const name = page.getByLabel('Full Name');
      const email = page.getByLabel('Email Address');
      const password = page.getByLabel('Password', { exact: true });
      const confirm = page.getByLabel('Confirm Password', { exact: true });
      await name.focus();
      await email.focus();
      await fieldError(page, TEXT.nameRequired).waitFor();
      await email.fill('ada@example');
      await password.focus();
      await fieldError(page, TEXT.emailInvalid).waitFor();
      await password.fill('short');
      await confirm.focus();
      await fieldError(page, TEXT.passwordTooShort).waitFor();
      await confirm.fill('something else');
      await name.focus();
      await fieldError(page, TEXT.passwordsDiffer).waitFor();

      // Corrected values clear their errors; an unticked terms box still blocks the sign-up.
      await name.fill(account.name);
      await email.fill(account.email);
      await password.fill(account.password);
      await confirm.fill(account.password);
      for (const text of [
        TEXT.nameRequired,
        TEXT.emailInvalid,
        TEXT.passwordTooShort,
        TEXT.passwordsDiffer,
      ]) {
        await expectNoErrorShown(page, text);
      }
      await signUp.click();
      await fieldError(page, TEXT.termsRequired).waitFor();
      expect(page.url()).toBe(url('/register'));

      // Each password field has its own show/hide toggle.
      await page.getByRole('button', { name: 'Show password' }).click();
      await expect(password.getAttribute('type')).resolves.toBe('text');
      await expect(confirm.getAttribute('type')).resolves.toBe('password');

      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
      await signUp.click();
      await page.waitForURL(url('/dashboard'));
      await page.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();

      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByTestId('user-menu-name').textContent()).resolves.toBe(account.name);
      await expect(menu.getByTestId('user-menu-plan').textContent()).resolves.toBe('FREE');
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(url('/login'));
      await page.getByRole('link', { name: 'Login' }).waitFor();

      // Signed out for real: the dashboard sends the browser back to the sign-in screen.
      await page.goto(url('/dashboard'));
      await page.waitForURL(url('/login'));
    });

    it('refuses an e-mail that is already registered', async () => {
      const account = anAccount();
      await signUpAccount(account);
      const page = await open('/register');

      await page.getByLabel('Full Name').fill('Someone Else');
      await page.getByLabel('Email Address').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill('another password');
      await page.getByLabel('Confirm Password', { exact: true }).fill('another password');
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

      await expect(page.getByTestId('register-error').textContent()).resolves.toBe(TEXT.emailInUse);
      expect(page.url()).toBe(url('/register'));
    });
  });

  describe('sign-in', () => {
    it('needs both fields, refuses a wrong password, then signs in; remember me decides the cookie lifetime', async () => {
      const account = anAccount();
      await signUpAccount(account);
      const page = await open('/login');
      await page.getByText('AI with a memory that persists').waitFor();
      await expect(page.getByTestId('auth-copyright').textContent()).resolves.toContain(
        `© ${new Date().getFullYear()} Membolt`,
      );
      await expect(page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).resolves.toBe(
        '/forgot-password',
      );
      await expect(
        page.getByRole('link', { name: "Don't have an account? Sign Up" }).getAttribute('href'),
      ).resolves.toBe('/register');
      const signInRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url() === url('/graphql') && request.postData()?.includes('SignIn'))
          signInRequests.push(request.url());
      });
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      const banner = page.getByTestId('login-error');

      await page.getByLabel('Email Address').fill(account.email);
      await signIn.click();
      await expect(banner.textContent()).resolves.toBe(TEXT.bothRequired);
      expect(signInRequests).toEqual([]);

      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await signIn.click();
      await page.getByText(TEXT.invalidCredentials, { exact: true }).waitFor();
      expect(signInRequests).toHaveLength(1);

      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await signIn.click();
      await page.waitForURL(url('/dashboard'));
      await page.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();
      const refreshCookie = (await currentContext().cookies(url('/graphql'))).find(
        (cookie) => cookie.name === 'mb_rt',
      );
      // Remember me unticked: a browser-session cookie (no expiry).
      expect(refreshCookie?.expires).toBe(-1);

      // A signed-in user asking for the sign-in screen goes to the dashboard.
      await page.goto(url('/login'));
      await page.waitForURL(url('/dashboard'));

      const remembered = await open('/login');
      await signInThroughForm(remembered, product.url, account, true);
      const persistent = (await currentContext().cookies(url('/graphql'))).find(
        (cookie) => cookie.name === 'mb_rt',
      );
      expect(persistent?.expires).toBeGreaterThan(Date.now() / 1000 + 86_400);
    });

    it('says "too many attempts" after repeated wrong passwords for one account', async () => {
      const account = anAccount();
      await signUpAccount(account);
      const page = await open('/login');
      await page.getByLabel('Email Address').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      const banner = page.getByTestId('login-error');

      for (let attempt = 1; attempt <= 5; attempt++) {
        await signIn.click();
        // The banner clears when an attempt starts, so each text read here is that attempt's answer.
        await expect(banner.textContent()).resolves.toBe(TEXT.invalidCredentials);
      }
      await signIn.click();
      await page.getByText(TEXT.tooManyAttempts, { exact: true }).waitFor();
    });

    it('signs in with Google through the OpenID Connect provider and lands on the dashboard', async () => {
      // The provider's development pages (not the product's) import a web font; this test runs offline.
      const page = await open('/login', { allowedOrigins: [oidc.issuer, 'https://fonts.googleapis.com'] });
      await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
      // The click waits until the button is enabled, i.e. the server said Google sign-in is configured.
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.waitForURL((address) => address.href.startsWith(oidc.issuer));
      await page.locator('input[name="login"]').fill(OIDC_ACCOUNT_ID);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(url('/dashboard'));
      await page.getByRole('heading', { name: `Welcome back, ${OIDC_ACCOUNT.name}` }).waitFor();
    });

    it('shows the Google failure banner when the provider flow comes back with an error', async () => {
      const page = await open('/login?error=oidc-failed');
      await expect(page.getByTestId('login-error').textContent()).resolves.toBe(TEXT.googleFailed);

      const register = await open('/register?error=oidc-not-configured');
      await expect(register.getByTestId('register-error').textContent()).resolves.toBe(TEXT.googleFailed);
    });

    it('disables the Google buttons with an explanation when the server has no OpenID Connect client', async () => {
      const page = await open('/login', { on: productWithoutOidc });
      // The wrapper appears once the server has answered that Google sign-in is not configured.
      const unavailable = page.getByTestId('oidc-unavailable');
      await expect(
        unavailable.getByRole('button', { name: 'Sign in with Google' }).isDisabled(),
      ).resolves.toBe(true);
      // A disabled button gets no pointer events: the tooltip listens on its wrapper.
      await unavailable.hover();
      await expect(page.getByRole('tooltip').textContent()).resolves.toBe(TEXT.googleNotConfigured);

      await page.goto(`${productWithoutOidc.url}/register`);
      await expect(
        page
          .getByTestId('oidc-unavailable')
          .getByRole('button', { name: 'Sign up with Google' })
          .isDisabled(),
      ).resolves.toBe(true);
    });
  });

  describe('password reset', () => {
    it('mails a link that sets a new password once; the link is then invalid', async () => {
      const account = anAccount();
      await signUpAccount(account);
      const newPassword = 'a brand new password';
      const page = await open('/login');

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(url('/forgot-password'));
      // The URL changes before React commits the new page: until then "Email Address" is the sign-in form's field.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      const email = page.getByLabel('Email Address');
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText(TEXT.emailInvalid, { exact: true }).waitFor();

      const before = mail.messages.length;
      await email.fill(account.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByTestId('forgot-password-sent').textContent()).resolves.toBe(TEXT.resetLinkSent);
      const message = await mail.waitForMailTo(account.email, { after: before });
      const token = resetTokenFrom(message.raw);

      await page.goto(url(`/reset-password?token=${token}`));
      const submit = page.getByRole('button', { name: 'Reset Password' });
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password', { exact: true }).fill('short');
      await submit.click();
      await page.getByText(TEXT.passwordTooShort, { exact: true }).waitFor();
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}!`);
      await submit.click();
      await page.getByText(TEXT.passwordsDiffer, { exact: true }).waitFor();
      await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await submit.click();
      await expect(page.getByTestId('reset-password-done').textContent()).resolves.toBe(TEXT.resetDone);

      await page.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL(url('/login'));
      await signInThroughForm(page, product.url, { ...account, password: newPassword });

      const again = await open(`/reset-password?token=${token}`);
      await again.getByLabel('New Password', { exact: true }).fill('yet another password');
      await again.getByLabel('Confirm Password', { exact: true }).fill('yet another password');
      await again.getByRole('button', { name: 'Reset Password' }).click();
      await expect(again.getByTestId('reset-password-invalid').textContent()).resolves.toContain(
        TEXT.resetLinkInvalid,
      );
      await expect(
        again.getByRole('link', { name: 'Request a new link' }).getAttribute('href'),
      ).resolves.toBe('/forgot-password');
    });

    it('answers the same for an unknown e-mail, and a link without a token is invalid', async () => {
      const page = await open('/forgot-password');
      await page.getByLabel('Email Address').fill('nobody-here@example.com');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByTestId('forgot-password-sent').textContent()).resolves.toBe(TEXT.resetLinkSent);

      await page.goto(url('/reset-password'));
      await expect(page.getByTestId('reset-password-invalid').textContent()).resolves.toContain(
        TEXT.resetLinkInvalid,
      );
    });
  });

  describe('sessions and guards', () => {
    it('sends a signed-out visitor of /settings to /login', async () => {
      const page = await open('/settings');
      await page.waitForURL(url('/login'));
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    });

    it('renews an expired access cookie with one refresh, and signs out when the session is gone', async () => {
      const account = anAccount();
      const page = await open('/');
      await signUpInContext(currentContext(), product.url, account);
      const refreshes: string[] = [];
      page.on('request', (request) => {
        if (request.url() === url('/graphql') && request.postData()?.includes('RefreshSession'))
          refreshes.push(request.url());
      });

      // The access cookie lasts 15 minutes; losing it must not sign the user out while the refresh cookie lives.
      await currentContext().clearCookies({ name: 'mb_at' });
      await page.goto(url('/dashboard'));
      await page.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();
      expect(refreshes).toHaveLength(1);

      await currentContext().clearCookies();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await page.waitForURL(url('/login'));
      await page.getByRole('link', { name: 'Login' }).waitFor();
    });

    it('keeps the session when two tabs find the access cookie expired at the same moment', async () => {
      const account = anAccount();
      const first = await open('/');
      await signUpInContext(currentContext(), product.url, account);
      await first.goto(url('/dashboard'));
      const second = await currentContext().newPage();
      await second.goto(url('/dashboard'));
      await second.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();

      // Hold every refresh for a moment so both tabs surely find the access cookie expired while the first
      // refresh is under way. Presenting one refresh token twice would make the server end the session, so
      // the tabs must never have two refreshes in flight at once.
      let inFlight = 0;
      let overlapping = 0;
      await currentContext().route(url('/graphql'), async (route) => {
        if (!route.request().postData()?.includes('RefreshSession')) return route.continue();
        inFlight++;
        if (inFlight > 1) overlapping++;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const response = await route.fetch();
        inFlight--;
        await route.fulfill({ response });
      });
      await currentContext().clearCookies({ name: 'mb_at' });
      await Promise.all([first.reload(), second.reload()]);
      await first.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();
      await second.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();
      expect(overlapping).toBe(0);

      // The session is still alive afterwards, in both tabs.
      await currentContext().unroute(url('/graphql'));
      for (const tab of [first, second]) {
        await tab.goto(url('/settings'));
        await tab.getByRole('heading', { name: 'Settings' }).waitFor();
        expect(tab.url()).toBe(url('/settings'));
      }
      await second.close();
    });
  });
});
