import { expect } from '@jest/globals';
import type { GraphqlBrowser } from '@membolt/bff/testing';
import { eventually } from './app-process.js';

/** Waits until sign-up's follow-ups (default key in keys, free subscription in billing) ran from identity's outbox. */
export function untilSetupComplete(browser: GraphqlBrowser): Promise<void> {
  return eventually(
    async () =>
      (await browser.request<{ viewer: { setupComplete: boolean } }>('{ viewer { setupComplete } }')).data
        ?.viewer.setupComplete === true,
    20_000,
    'setupComplete',
  );
}

/** Signs a user up through the BFF, waits for the account's setup, then creates an API key named `keyName`. */
export async function signUpWithApiKey(
  browser: GraphqlBrowser,
  input: { email: string; password: string; name: string },
  keyName: string,
): Promise<{ userId: string; key: string }> {
  const signUp = await browser.request<{ signUp: { id: string } }>(
    'mutation ($input: SignUpInput!) { signUp(input: $input) { id } }',
    { input },
  );
  expect(signUp.errors).toBeUndefined();
  await untilSetupComplete(browser);
  const created = await browser.request<{ createApiKey: { secret: string } }>(
    'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { name: keyName } },
  );
  expect(created.errors).toBeUndefined();
  if (!signUp.data || !created.data) throw new Error('sign-up or key creation answered no data');
  return { userId: signUp.data.signUp.id, key: created.data.createApiKey.secret };
}
