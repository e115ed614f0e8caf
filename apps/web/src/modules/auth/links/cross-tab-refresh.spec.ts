import { describe, expect, it } from '@jest/globals';
import { browserCrossTabRefresh } from './cross-tab-refresh';

/** A Web Locks stand-in with the browser's semantics for one lock name: exclusive, FIFO, `ifAvailable`. */
class FakeLockManager {
  private tail: Promise<void> = Promise.resolve();
  /** Requests granted or waiting. */
  private holders = 0;

  request(name: string, ...args: unknown[]): Promise<unknown> {
    const [options, callback] = (args.length === 1 ? [{}, args[0]] : args) as [
      { ifAvailable?: boolean },
      (lock: { name: string } | null) => Promise<unknown>,
    ];
    if (options.ifAvailable && this.holders > 0) return callback(null);
    this.holders++;
    const run = this.tail.then(() => callback({ name })).finally(() => this.holders--);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

describe('browserCrossTabRefresh', () => {
  it('lets one tab refresh while another waits for it and then skips its own refresh', async () => {
    const locks = new FakeLockManager() as unknown as LockManager;
    const tabA = browserCrossTabRefresh(locks);
    const tabB = browserCrossTabRefresh(locks);
    const refreshes: string[] = [];
    let finishA: (value: string) => void = () => undefined;
    const aRefreshed = new Promise<string>((resolve) => (finishA = resolve));

    const a = tabA.refreshOrWait(() => {
      refreshes.push('A');
      return aRefreshed;
    });
    const b = tabB.refreshOrWait(async () => {
      refreshes.push('B');
      return 'B refreshed';
    });
    finishA('A refreshed');

    await expect(a).resolves.toBe('A refreshed');
    await expect(b).resolves.toBeNull();
    expect(refreshes).toEqual(['A']);
  });

  it('refreshes directly when Web Locks are unavailable', async () => {
    await expect(browserCrossTabRefresh(undefined).refreshOrWait(async () => 'done')).resolves.toBe('done');
  });
});
