import { randomUUID } from 'node:crypto';
import type { ApiKey } from '../domain/api-key.js';
import { displayPrefixOf, generateApiKeySecret, hashApiKey } from '../domain/api-key-secret.js';

/** A stored key with sensible defaults; override what the test is about. */
export function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  const secret = generateApiKeySecret();
  return {
    id: randomUUID(),
    userId: 'user-a',
    name: 'Test key',
    description: null,
    graphId: null,
    keyHash: hashApiKey(secret),
    displayPrefix: displayPrefixOf(secret),
    active: true,
    permissions: ['read', 'write'],
    createdAt: new Date('2026-01-01T10:00:00.000Z'),
    lastUsedAt: null,
    revokedAt: null,
    updatedAt: null,
    ...overrides,
  };
}

/** `base` plus `seconds` seconds. */
export const later = (base: Date, seconds: number): Date => new Date(base.getTime() + seconds * 1000);
