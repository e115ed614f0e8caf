/**
 * Tabs of one browser share the session cookies. Without coordination, two tabs waking up together would
 * present the same refresh token at once and the server would end the session (reuse detection). A Web
 * Lock serialises refreshes across the tabs of this origin: a tab that finds another tab refreshing waits
 * for it and then retries with the cookies that refresh set, instead of refreshing again.
 */
export interface CrossTabRefresh {
  /** Runs `refresh`, or, when another tab is refreshing right now, waits for it and answers null. */
  refreshOrWait<T>(refresh: () => Promise<T>): Promise<T | null>;
}

const LOCK_NAME = 'membolt.session-refresh';

/** The browser implementation; without Web Locks (old browsers) each tab refreshes on its own. */
export function browserCrossTabRefresh(
  locks: LockManager | undefined = globalThis.navigator?.locks,
): CrossTabRefresh {
  return {
    async refreshOrWait<T>(refresh: () => Promise<T>): Promise<T | null> {
      if (!locks) return refresh();
      const ran = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
        lock ? { value: await refresh() } : null,
      );
      if (ran) return ran.value;
      // Another tab holds the lock: its refresh renews the shared cookies for this tab too.
      await locks.request(LOCK_NAME, async () => undefined);
      return null;
    },
  };
}
