import { z } from 'zod';

/** What a key lets its holder do; every key is created with both. */
export const API_KEY_PERMISSIONS = ['read', 'write'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** An API key as its owner sees it: never the secret, except once in CreatedApiKeyView. */
export const ApiKeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    userId: z.string(),
    graphId: z.string().nullable(),
    displayPrefix: z.string().meta({ description: 'The first characters of the key, to recognise it.' }),
    active: z.boolean(),
    permissions: z.array(z.enum(API_KEY_PERMISSIONS)).readonly(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .readonly();
export type ApiKeyView = z.output<typeof ApiKeyView>;

export const CreatedApiKeyView = z
  .object({
    apiKey: ApiKeyView,
    secret: z.string().meta({ description: 'The full key. Shown only once, at creation.' }),
  })
  .readonly();
export type CreatedApiKeyView = z.output<typeof CreatedApiKeyView>;

export const ApiKeyListView = z.object({ keys: z.array(ApiKeyView).readonly() }).readonly();
export type ApiKeyListView = z.output<typeof ApiKeyListView>;

export const ApiKeyValidationView = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    userId: z.string(),
    keyId: z.string(),
    permissions: z.array(z.enum(API_KEY_PERMISSIONS)).readonly(),
  }),
  z.object({ valid: z.literal(false), reason: z.enum(['unknown', 'revoked']) }),
]);
export type ApiKeyValidationView = z.output<typeof ApiKeyValidationView>;
