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
