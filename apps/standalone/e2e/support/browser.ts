import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; playwright-core downloads no browser of its own here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// Keep headless Chromium quiet and offline: no QUIC, sync, component updates or background fetches.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium with a fresh temporary profile (Playwright creates and removes it). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\``,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  await browser?.close();
}

/** Records every request the page makes that does not go to `origin`; the returned array fills as they happen. */
export function recordForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url !== origin && !url.startsWith(`${origin}/`)) foreign.push(url);
  });
  return foreign;
}

export interface PollOptions {
  readonly what: string;
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/** Probes until `accept` holds and returns the accepted value; on timeout the error shows the last value seen. */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  { what, timeoutMs = 10_000, intervalMs = 50 }: PollOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await probe();
  }
  return last;
}
