import { describe, expect, it } from '@jest/globals';
import { requestContext } from './request-context.js';

describe('requestContext.actAs', () => {
  it('makes the user the acting one for the rest of the request, awaits and callbacks included', async () => {
    const seen = await requestContext.run({ correlationId: 'request-a-0001' }, async () => {
      expect(requestContext.current()).toEqual({ correlationId: 'request-a-0001' });
      // Work started before the key is known still sees the same request.
      const before = new Promise<unknown>((resolve) =>
        setTimeout(() => resolve(requestContext.current()), 5),
      );
      await Promise.resolve();
      expect(requestContext.actAs({ userId: 'user-1', apiKeyId: 'key-1' })).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      const after = requestContext.current();
      return { before: await before, after };
    });
    const owner = { correlationId: 'request-a-0001', userId: 'user-1', apiKeyId: 'key-1' };
    expect(seen).toEqual({ before: owner, after: owner });
  });

  it('changes only its own request: another request and what runs outside any are left alone', async () => {
    const other = requestContext.run({ correlationId: 'request-b-0002' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return requestContext.current();
    });
    await requestContext.run({ correlationId: 'request-a-0001' }, async () => {
      requestContext.actAs({ userId: 'user-1' });
    });
    expect(await other).toEqual({ correlationId: 'request-b-0002' });
    expect(requestContext.current()).toBeUndefined();
    expect(requestContext.actAs({ userId: 'user-1' })).toBe(false);
    expect(requestContext.current()).toBeUndefined();
  });

  it('drops a key the request acted with before when the new owner has none', () => {
    requestContext.run({ correlationId: 'request-a-0001' }, () => {
      requestContext.actAs({ userId: 'user-1', apiKeyId: 'key-1' });
      requestContext.actAs({ userId: 'user-2' });
      expect(requestContext.current()).toEqual({ correlationId: 'request-a-0001', userId: 'user-2' });
    });
  });
});

describe('requestContext.attach', () => {
  it('keeps a value for the rest of its own request only', async () => {
    const key = Symbol('test');
    const other = requestContext.run({ correlationId: 'request-b-0002' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return requestContext.attached(key);
    });
    const seen = await requestContext.run({ correlationId: 'request-a-0001' }, async () => {
      expect(requestContext.attach(key, 'value of a')).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      return requestContext.attached(key);
    });
    expect(seen).toBe('value of a');
    expect(await other).toBeUndefined();
    expect(requestContext.attach(key, 'outside')).toBe(false);
    expect(requestContext.attached(key)).toBeUndefined();
  });
});
