import { randomUUID } from 'node:crypto';
import type { ProviderKey } from '../domain/provider-key.js';

/** A stored provider key with sensible defaults (a sealed-looking value; repositories never open it). */
export function makeProviderKey(overrides: Partial<ProviderKey> = {}): ProviderKey {
  return {
    id: randomUUID(),
    userId: 'user-a',
    provider: 'openai',
    sealedSecret: `v1.test.${randomUUID()}`,
    last4: 'Ab12',
    baseUrl: null,
    createdAt: new Date('2026-01-01T10:00:00.000Z'),
    ...overrides,
  };
}
