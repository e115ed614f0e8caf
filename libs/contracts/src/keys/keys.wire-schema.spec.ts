import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '../common/validate-payload.js';
import * as apiKeyEvents from './api-key-events.js';
import * as providerKeys from './provider-keys.js';
import { itRefuses, type Refusal } from '../testing/index.js';
import { ApiKeysRevokedEvent } from './api-key-events.js';
import {
  CreateProviderKeyRequest,
  DeleteProviderKeyRequest,
  ListProviderKeysRequest,
} from './provider-keys.js';

/*
 * Each text below is what the class-validator class the schema replaced answered for the same payload (both
 * were run side by side on these payloads), so the keys subjects refuse in the same words.
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    CreateProviderKeyRequest,
    {},
    'provider must be one of the following values: anthropic, openai, gemini, openai-compatible; apiKey must be shorter than or equal to 512 characters; apiKey must be longer than or equal to 1 characters; apiKey must be a string',
  ],
  [
    CreateProviderKeyRequest,
    { apiKey: 'sk-123', baseUrl: 'http://localhost:11434/v1' },
    'provider must be one of the following values: anthropic, openai, gemini, openai-compatible',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', baseUrl: 'http://localhost:11434/v1' },
    'apiKey must be shorter than or equal to 512 characters; apiKey must be longer than or equal to 1 characters; apiKey must be a string',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', apiKey: '', baseUrl: 'http://localhost:11434/v1' },
    'apiKey must be longer than or equal to 1 characters',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', apiKey: 'sk-123', baseUrl: 5 },
    'baseUrl must be shorter than or equal to 2048 characters; baseUrl must be a URL address',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', apiKey: 'sk-123', baseUrl: '' },
    'baseUrl must be a URL address',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', apiKey: 5, baseUrl: 5 },
    'apiKey must be shorter than or equal to 512 characters; apiKey must be longer than or equal to 1 characters; apiKey must be a string; baseUrl must be shorter than or equal to 2048 characters; baseUrl must be a URL address',
  ],
  [
    CreateProviderKeyRequest,
    { provider: [], apiKey: [], baseUrl: [] },
    'provider must be one of the following values: anthropic, openai, gemini, openai-compatible; apiKey must be shorter than or equal to 512 characters; apiKey must be longer than or equal to 1 characters; apiKey must be a string; baseUrl must be shorter than or equal to 2048 characters; baseUrl must be a URL address',
  ],
  [
    CreateProviderKeyRequest,
    { provider: 'openai', apiKey: 'k', baseUrl: 'ftp://x.example' },
    'baseUrl must be a URL address',
  ],
  [
    DeleteProviderKeyRequest,
    {},
    'providerKeyId must be a string; providerKeyId should not be empty; providerKeyId must be shorter than or equal to 100 characters',
  ],
  [
    DeleteProviderKeyRequest,
    { providerKeyId: 5 },
    'providerKeyId must be a string; providerKeyId must be shorter than or equal to 100 characters',
  ],
  [DeleteProviderKeyRequest, { providerKeyId: '' }, 'providerKeyId should not be empty'],
  [
    DeleteProviderKeyRequest,
    { providerKeyId: 'x'.repeat(101) },
    'providerKeyId must be shorter than or equal to 100 characters',
  ],
  [
    ApiKeysRevokedEvent,
    {},
    'userId must be shorter than or equal to 100 characters; userId must be a string; keyIds must contain no more than 1000 elements; each value in keyIds must be shorter than or equal to 100 characters; each value in keyIds must be a string',
  ],
  [
    ApiKeysRevokedEvent,
    { keyIds: ['k1', 'k2'] },
    'userId must be shorter than or equal to 100 characters; userId must be a string',
  ],
  [
    ApiKeysRevokedEvent,
    { userId: 'x'.repeat(101), keyIds: ['k1', 'k2'] },
    'userId must be shorter than or equal to 100 characters',
  ],
  [
    ApiKeysRevokedEvent,
    { userId: 'u1' },
    'keyIds must contain no more than 1000 elements; each value in keyIds must be shorter than or equal to 100 characters; each value in keyIds must be a string',
  ],
  [ApiKeysRevokedEvent, { userId: 'u1', keyIds: '' }, 'keyIds must contain no more than 1000 elements'],
  [
    ApiKeysRevokedEvent,
    { userId: 'u1', keyIds: [1] },
    'each value in keyIds must be shorter than or equal to 100 characters; each value in keyIds must be a string',
  ],
  [
    ApiKeysRevokedEvent,
    { userId: 'u1', keyIds: ['x'.repeat(101)] },
    'each value in keyIds must be shorter than or equal to 100 characters',
  ],
  [
    ApiKeysRevokedEvent,
    { userId: 'u1', keyIds: 'x'.repeat(101) },
    'keyIds must contain no more than 1000 elements; each value in keyIds must be shorter than or equal to 100 characters',
  ],
  [ListProviderKeysRequest, { a: 1 }, 'a should not exist'],
];

describe('keys wire schemas on receipt', () => {
  itRefuses(refusals, {
    names: { ...apiKeyEvents, ...providerKeys },
    title: 'refuse %s %j with the class-validator texts',
  });

  it('read a null base URL as absent and keep a key as it was given', () => {
    expect(
      validatePayload(CreateProviderKeyRequest, { provider: 'openai', apiKey: ' sk ', baseUrl: null }),
    ).toEqual({ provider: 'openai', apiKey: ' sk ' });
  });

  it('accept an empty list of revoked keys (every key of the user)', () => {
    expect(validatePayload(ApiKeysRevokedEvent, { userId: 'u', keyIds: [] })).toEqual({
      userId: 'u',
      keyIds: [],
    });
  });
});
