import { describe, expect, it } from '@jest/globals';
import { AccessTokens } from './access-tokens.js';

const SECRET = 'a'.repeat(32);

describe('AccessTokens', () => {
  it('signs and verifies the user and session ids and the time of sign-in (whole seconds)', async () => {
    const tokens = new AccessTokens(SECRET);
    const authTime = new Date(Date.now() - 90_500);
    const { token, expiresAt } = await tokens.sign({ sub: 'user-1', sid: 'session-1', authTime });
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    await expect(tokens.verify(token)).resolves.toEqual({
      sub: 'user-1',
      sid: 'session-1',
      authTime: new Date(Math.floor(authTime.getTime() / 1000) * 1000),
    });
  });

  it('answers no time of sign-in for a token signed without one', async () => {
    const tokens = new AccessTokens(SECRET);
    const { token } = await tokens.sign({ sub: 'user-1', sid: 'session-1', authTime: null });
    await expect(tokens.verify(token)).resolves.toEqual({ sub: 'user-1', sid: 'session-1', authTime: null });
  });

  it('rejects an expired token', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const { token } = await tokens.sign(
      { sub: 'u', sid: 's', authTime: null },
      new Date(Date.now() - 120_000),
    );
    await expect(tokens.verify(token)).resolves.toBeNull();
  });

  it('rejects a token signed with another secret, and garbage', async () => {
    const { token } = await new AccessTokens('b'.repeat(32)).sign({ sub: 'u', sid: 's', authTime: null });
    const tokens = new AccessTokens(SECRET);
    await expect(tokens.verify(token)).resolves.toBeNull();
    await expect(tokens.verify('not-a-jwt')).resolves.toBeNull();
  });

  it('refuses a short secret', () => {
    expect(() => new AccessTokens('short')).toThrow('at least 32 characters');
  });
});
