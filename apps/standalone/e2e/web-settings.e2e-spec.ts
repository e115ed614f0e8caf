import { describe, expect, it, jest } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { pollUntil } from './support/browser.js';
import {
  DESKTOP_VIEWPORT,
  type OpenPageOptions,
  PHONE_VIEWPORT,
  useWebAppInBrowser,
} from './support/web-app.js';
import { anAccount, bodyBackground, signInThroughForm } from './support/web-session.js';

// Jest reads testTimeout only from the root config, not from a project: a browser test needs longer.
jest.setTimeout(90_000);

const SAVED = 'Changes saved successfully!';
const COPIED = 'API key copied to clipboard!';

/** Where the screenshot test writes its pictures; the test is skipped without it. */
const SCREENSHOT_DIR = process.env['WEB_SCREENSHOT_DIR'];

/** The dashboard and the settings tabs, signed in, against the real product in headless Chromium. */
describe('web app: dashboard and settings', () => {
  const web = useWebAppInBrowser({ forbidForeignRequests: true });
  const url = (path = '') => `${web.product.url}${path}`;
  const signedIn = web.signedIn;
  const anonymousPage = async (path: string, options: OpenPageOptions = {}): Promise<Page> =>
    (await web.open(path, options)).page;

  const tab = (page: Page, name: string) => page.getByRole('tab', { name });
  const savedBanner = (page: Page) => page.getByTestId('settings-saved');

  async function openTab(page: Page, name: string): Promise<void> {
    await tab(page, name).click();
    await expect(tab(page, name).getAttribute('aria-selected')).resolves.toBe('true');
  }

  describe('dashboard', () => {
    it('greets the user, offers the quick actions and links the side navigation', async () => {
      const { page, account } = await signedIn('/dashboard');
      await page.getByRole('heading', { name: `Welcome back, ${account.name}` }).waitFor();
      const actions = { 'Start Chat': '/chat', 'View Memories': '/memories', 'Go to Settings': '/settings' };
      for (const [label, href] of Object.entries(actions)) {
        await expect(page.getByRole('link', { name: label }).getAttribute('href')).resolves.toBe(href);
      }
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      for (const label of ['Dashboard', 'Chat', 'Memories', 'Settings']) {
        await navigation.getByRole('link', { name: label }).waitFor();
      }
      await expect(
        navigation.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      // The background setup (default key, free subscription) finishes; the notice, if shown, goes away.
      await page.getByTestId('setup-pending').waitFor({ state: 'detached' });
    });

    it('opens the side navigation from the menu button on a phone and closes it after a choice', async () => {
      const { page } = await signedIn('/dashboard', { viewport: PHONE_VIEWPORT });
      await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByTestId('side-navigation-drawer');
      await drawer.getByRole('link', { name: 'Settings' }).click();

      await page.waitForURL(url('/settings'));
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    });
  });

  describe('profile and notifications', () => {
    it('saves the profile with a 3-second banner, and the values persist after a reload', async () => {
      const { page, account } = await signedIn('/settings');
      await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
      await page.getByText('Manage your account settings and preferences').waitFor();
      const tabs = await page.getByRole('tab').allTextContents();
      expect(tabs).toEqual(['Profile', 'Notifications', 'Subscription', 'Security', 'API Keys']);

      const email = page.getByLabel('Email Address');
      await expect(email.inputValue()).resolves.toBe(account.email);
      await expect(email.isDisabled()).resolves.toBe(true);
      await page.getByText('Email cannot be changed').waitFor();
      await expect(page.getByLabel('Bio').inputValue()).resolves.toBe('AI enthusiast and technology lover.');

      await page.getByLabel('Full Name').fill('Grace Brewster Hopper');
      await page.getByLabel('Bio').fill('Compiler pioneer.');
      await page.getByLabel('Default AI Model').click();
      await page.getByRole('option', { name: 'GPT-4o' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect(savedBanner(page).textContent()).resolves.toBe(SAVED);
      const shownAt = Date.now();
      await savedBanner(page).waitFor({ state: 'detached', timeout: 10_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2_000);
      // The top bar follows the saved name at once.
      await expect(page.getByTestId('user-avatar').textContent()).resolves.toBe('G');

      await page.reload();
      await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Grace Brewster Hopper');
      await expect(page.getByLabel('Bio').inputValue()).resolves.toBe('Compiler pioneer.');
      await expect(page.getByLabel('Default AI Model').textContent()).resolves.toBe('GPT-4o');
      await expect(page.getByTestId('profile-summary').textContent()).resolves.toContain('Compiler pioneer.');
    });

    it('switches to dark mode at once, and the saved theme follows the account to another browser', async () => {
      const { page, account } = await signedIn('/settings');
      const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
      await darkMode.waitFor();
      const light = await bodyBackground(page);

      await darkMode.check();
      await pollUntil(
        () => bodyBackground(page),
        (color) => color !== light,
        { what: 'the dark background' },
      );
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await savedBanner(page).waitFor();

      // A fresh browser starts light (nothing stored locally) and takes the account's theme on sign-in.
      const other = await anonymousPage('/login');
      await expect(bodyBackground(other)).resolves.toBe(light);
      await signInThroughForm(other, web.product.url, account);
      await pollUntil(
        () => bodyBackground(other),
        (color) => color !== light,
        { what: 'the saved dark theme' },
      );
    });

    it('saves the notification switches', async () => {
      const { page } = await signedIn('/settings');
      await openTab(page, 'Notifications');
      const expected = {
        'Email Notifications': 'Receive email notifications for important updates',
        'New Features': 'Get notified when new features are available',
        'Marketing Emails': 'Receive promotional emails and offers',
        'Conversation Summaries': 'Receive weekly summaries of conversations',
      };
      for (const [title, description] of Object.entries(expected)) {
        await page.getByText(description, { exact: true }).waitFor();
        await page.getByRole('switch', { name: title }).waitFor();
      }
      const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
      const summaries = page.getByRole('switch', { name: 'Conversation Summaries' });
      await expect(marketing.isChecked()).resolves.toBe(false);
      await expect(summaries.isChecked()).resolves.toBe(true);

      await marketing.check();
      await summaries.uncheck();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(savedBanner(page).textContent()).resolves.toBe(SAVED);

      await page.reload();
      await openTab(page, 'Notifications');
      await expect(page.getByRole('switch', { name: 'Marketing Emails' }).isChecked()).resolves.toBe(true);
      await expect(page.getByRole('switch', { name: 'Conversation Summaries' }).isChecked()).resolves.toBe(
        false,
      );
    });
  });

  describe('subscription', () => {
    it('opens on /settings/subscription with the free plan current and the other plans on offer', async () => {
      const { page } = await signedIn('/settings/subscription');
      await expect(tab(page, 'Subscription').getAttribute('aria-selected')).resolves.toBe('true');
      await expect(page.getByTestId('current-plan-tier').textContent()).resolves.toBe('FREE');
      await expect(page.getByTestId('current-plan-description').textContent()).resolves.toBe('Free Plan');

      const free = page.getByTestId('available-plan-free');
      const basic = page.getByTestId('available-plan-basic');
      await expect(free.getAttribute('aria-current')).resolves.toBe('true');
      await expect(free.getByRole('button', { name: 'Current Plan' }).isDisabled()).resolves.toBe(true);
      await expect(basic.getByRole('button', { name: 'Upgrade' }).isDisabled()).resolves.toBe(false);
      // Plan changes, Manage Billing and View all plans are real (web-billing.e2e-spec.ts changes a plan).
      await expect(page.getByRole('link', { name: 'Manage Billing' }).getAttribute('href')).resolves.toBe(
        '#usage',
      );
      await expect(page.getByRole('button', { name: 'View all plans' }).isDisabled()).resolves.toBe(false);
    });
  });

  describe('API keys', () => {
    it('creates a key shown once (masked, revealable, copyable), lists it as Active, then revokes it', async () => {
      const { page } = await signedIn('/settings', { clipboard: true });
      await openTab(page, 'API Keys');
      // Sign-up makes no key whose secret nobody was shown (decision 088): a new account starts with none.
      await page.getByText("You don't have any API keys yet.").waitFor();
      await expect(page.getByTestId('api-key-item').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Create your first API key' }).waitFor();
      await page.getByRole('button', { name: 'Create New API Key' }).click();
      const create = page.getByRole('dialog', { name: 'Create New API Key' });
      await create.getByText('A name to help you identify this API key').waitFor();
      await create.getByRole('button', { name: 'Create API Key' }).click();
      await create.getByText('Name is required', { exact: true }).waitFor();
      await create.getByLabel('Name').fill('Laptop script');
      await create.getByLabel('Description').fill('Backs up my notes');
      await create.getByRole('button', { name: 'Create API Key' }).click();

      const reveal = page.getByRole('dialog', { name: 'API Key Created' });
      await reveal
        .getByText('This is the only time the full key will be visible', { exact: false })
        .waitFor();
      const value = reveal.getByLabel('API Key', { exact: true });
      const masked = await value.inputValue();
      expect(masked).toMatch(/^mblt_[A-Za-z0-9]{3}•{29}$/);
      await reveal.getByRole('button', { name: 'Show API key' }).click();
      const secret = await value.inputValue();
      expect(secret).toMatch(/^mblt_[A-Za-z0-9]{32}$/);
      expect(secret.slice(0, 8)).toBe(masked.slice(0, 8));
      await reveal.getByRole('button', { name: 'Hide API key' }).click();
      await expect(value.inputValue()).resolves.toBe(masked);

      await reveal.getByRole('button', { name: 'Copy API key' }).click();
      await expect(reveal.getByTestId('api-key-copied').textContent()).resolves.toBe(COPIED);
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
      const copiedAt = Date.now();
      await reveal.getByTestId('api-key-copied').waitFor({ state: 'detached', timeout: 10_000 });
      expect(Date.now() - copiedAt).toBeGreaterThan(1_000);

      // The key works on the REST gateway before anything else happens.
      const health = await fetch(url('/api/health'), { headers: { 'X-API-Key': secret } });
      expect(health.status).toBe(200);

      await reveal.getByRole('button', { name: 'Done' }).click();
      await reveal.waitFor({ state: 'detached' });
      const item = page.getByTestId('api-key-item').filter({ hasText: 'Laptop script' });
      await expect(item.getByTestId('api-key-status').textContent()).resolves.toBe('Active');
      await expect(item.getByTestId('api-key-prefix').textContent()).resolves.toBe(`${secret.slice(0, 8)}…`);
      await item.getByText('Backs up my notes').waitFor();
      await item.getByText(/^Created: /).waitFor();
      // The full key is gone from the page once the dialog is closed.
      await expect(page.content()).resolves.not.toContain(secret);

      await item.getByRole('button', { name: 'Revoke API Key' }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke API Key' });
      await revoke.getByText('Laptop script').waitFor();
      await revoke.getByText('This action cannot be undone', { exact: false }).waitFor();
      await revoke.getByRole('button', { name: 'Revoke Key' }).click();

      // The status changes once the mutation has answered: wait for it rather than read it at once.
      await item
        .getByTestId('api-key-status')
        .filter({ hasText: /^Revoked$/ })
        .waitFor();
      await expect(item.getByTestId('api-key-status').textContent()).resolves.toBe('Revoked');
      await expect(item.getByRole('button', { name: 'Revoke API Key' }).count()).resolves.toBe(0);
    });
  });

  describe('security', () => {
    it('changes the password only with the current one, and the new one signs in', async () => {
      const { page, account } = await signedIn('/settings');
      const newPassword = 'the second password';
      await openTab(page, 'Security');
      await page.getByText('Two-Factor Authentication').waitFor();
      await expect(page.getByRole('button', { name: 'Enable' }).isDisabled()).resolves.toBe(true);

      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      const error = dialog.getByTestId('change-password-error');
      const fill = async (current: string, next: string, confirmation: string) => {
        await dialog.getByLabel('Current Password', { exact: true }).fill(current);
        await dialog.getByLabel('New Password', { exact: true }).fill(next);
        await dialog.getByLabel('Confirm New Password', { exact: true }).fill(confirmation);
        await dialog.getByRole('button', { name: 'Change Password' }).click();
      };

      await fill(account.password, newPassword, `${newPassword}?`);
      await expect(error.textContent()).resolves.toBe('Passwords do not match');
      await fill(account.password, 'short', 'short');
      await expect(error.textContent()).resolves.toBe('Password must be at least 8 characters long');
      await fill(account.password, ' '.repeat(8), ' '.repeat(8));
      await expect(error.textContent()).resolves.toBe('Password must contain characters other than spaces');
      // Only the server holds the common-password list: its message is shown.
      await fill(account.password, 'iloveyou', 'iloveyou');
      await expect(error.textContent()).resolves.toBe(
        'This password is too common and appears in lists of leaked passwords. Please choose a less predictable one.',
      );
      await fill('not my password', newPassword, newPassword);
      await expect(error.textContent()).resolves.toBe('The current password is incorrect.');
      await fill(account.password, newPassword, newPassword);

      await dialog.waitFor({ state: 'detached' });
      await expect(savedBanner(page).textContent()).resolves.toBe(SAVED);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(
        page
          .getByRole('dialog', { name: 'Change Password' })
          .getByLabel('Current Password', { exact: true })
          .inputValue(),
      ).resolves.toBe('');

      const other = await anonymousPage('/login');
      await signInThroughForm(other, web.product.url, { ...account, password: newPassword });
    });

    it('deletes the account, lands on the sign-in screen with the notice, and the account is gone', async () => {
      const { page, account } = await signedIn('/settings');
      await openTab(page, 'Security');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      await dialog.getByText('deleted permanently', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page
        .getByRole('dialog', { name: 'Delete Account' })
        .getByRole('button', { name: 'Delete Account' })
        .click();

      await page.waitForURL(url('/login'));
      await expect(page.getByTestId('login-notice').textContent()).resolves.toBe(
        'Your account and all of its data have been deleted.',
      );
      await page.getByLabel('Email Address').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Invalid email or password');
      await page.getByTestId('login-notice').waitFor({ state: 'detached' });
    });
  });

  (SCREENSHOT_DIR ? it : it.skip)(
    'captures every screen on a desktop and a phone (WEB_SCREENSHOT_DIR)',
    async () => {
      if (!SCREENSHOT_DIR) return;
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const [device, viewport] of [
        ['desktop', DESKTOP_VIEWPORT],
        ['phone', PHONE_VIEWPORT],
      ] as const) {
        const shot = (page: Page, name: string) =>
          page.screenshot({
            path: join(SCREENSHOT_DIR, `${device}-${name}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        const login = await anonymousPage('/login', { viewport });
        await login.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
        await login.getByLabel('Email Address').blur();
        await shot(login, 'login');
        await login.goto(url('/register'));
        await login.getByRole('heading', { name: 'Create Account' }).waitFor();
        await shot(login, 'register');

        const { page } = await signedIn('/dashboard', {
          viewport,
          account: anAccount({ name: 'Ada Lovelace' }),
        });
        await page.getByRole('heading', { name: 'Welcome back, Ada Lovelace' }).waitFor();
        await shot(page, 'dashboard');
        await page.goto(url('/settings'));
        await page.getByLabel('Full Name').waitFor();
        await shot(page, 'settings-profile');
        for (const name of ['Notifications', 'Subscription', 'Security', 'API Keys']) {
          await openTab(page, name);
          if (name === 'API Keys') await page.getByTestId('api-key-list').waitFor();
          await shot(page, `settings-${name.toLowerCase().replace(' ', '-')}`);
        }
        await openTab(page, 'Profile');
        await page.getByRole('switch', { name: 'Dark Mode' }).check();
        await shot(page, 'settings-profile-dark');
        await openTab(page, 'API Keys');
        await page.getByTestId('api-key-list').waitFor();
        await shot(page, 'settings-api-keys-dark');
        await login.goto(url('/login'));
        await login.getByRole('button', { name: 'Switch to dark mode' }).click();
        await shot(login, 'login-dark');
      }
    },
  );
});
