import { describe, expect, it } from '@jest/globals';
import { AsyncLocalStorage } from 'node:async_hooks';
import { inThisAsyncContext } from './async-context.js';

describe('inThisAsyncContext', () => {
  it('runs the function later in the context it was bound in, with its arguments and result', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('request A', () =>
      inThisAsyncContext((a: number, b: number) => `${storage.getStore()} ${a + b}`),
    );
    // Called from another context (another request's release), and from none at all.
    expect(storage.run('request B', () => bound(1, 2))).toBe('request A 3');
    await new Promise((resolve) => setImmediate(resolve));
    expect(bound(3, 4)).toBe('request A 7');
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps the context across the awaits of what it runs', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('request A', () =>
      inThisAsyncContext(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return storage.getStore();
      }),
    );
    await expect(storage.run('request B', bound)).resolves.toBe('request A');
  });
});
