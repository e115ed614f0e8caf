import { describe, expect, it } from '@jest/globals';
import { DeletionReceiptView, OidcStatusView, UserView } from './user.view.js';

const account = {
  id: 'user_1',
  email: 'ada@example.com',
  name: 'Ada',
  bio: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  settings: { theme: 'dark', defaultModel: 'gpt-4o-mini' },
  notifications: {
    emailNotifications: true,
    newFeatures: false,
    marketingEmails: false,
    conversationSummaries: true,
  },
  memoryGraph: { id: 'graph_1', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' },
  authMethods: ['password', 'google'],
  setupComplete: true,
};

const receipt = {
  userId: 'user_1',
  deletedAt: '2026-01-02T00:00:00.000Z',
  services: [{ service: 'memory', removed: { memories: 3, vectors: 3 } }],
  pending: ['billing'],
};

describe('identity account views', () => {
  it('accept an account as identity answers it, unchanged', () => {
    expect(UserView.parse(account)).toEqual(account);
    expect(UserView.parse({ ...account, lastActiveAt: '2026-01-03T00:00:00.000Z' }).lastActiveAt).toBe(
      '2026-01-03T00:00:00.000Z',
    );
  });

  it.each([
    ['a theme that is not light or dark', { ...account, settings: { ...account.settings, theme: 'blue' } }],
    ['a sign-in method identity does not offer', { ...account, authMethods: ['github'] }],
    [
      'a memory graph that is not active',
      { ...account, memoryGraph: { ...account.memoryGraph, status: 'closed' } },
    ],
    ['a missing notification preference', { ...account, notifications: { emailNotifications: true } }],
    ['an absent last activity (null when none)', { ...account, lastActiveAt: undefined }],
  ])('refuse %s', (_, value) => {
    expect(UserView.safeParse(value).success).toBe(false);
  });

  it('accept a deletion receipt and refuse a count that is not a whole number', () => {
    expect(DeletionReceiptView.parse(receipt)).toEqual(receipt);
    const fractional = { ...receipt, services: [{ service: 'memory', removed: { memories: 1.5 } }] };
    expect(DeletionReceiptView.safeParse(fractional).success).toBe(false);
  });

  it('accept the sign-in provider status', () => {
    expect(OidcStatusView.parse({ enabled: false, providerName: 'Google' })).toEqual({
      enabled: false,
      providerName: 'Google',
    });
    expect(OidcStatusView.safeParse({ enabled: 'yes', providerName: 'Google' }).success).toBe(false);
  });
});
