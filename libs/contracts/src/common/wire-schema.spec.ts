import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  CreateApiKeyRequest,
  ListApiKeysRequest,
  RevokeApiKeyRequest,
  UpdateApiKeyRequest,
  ValidateApiKeyRequest,
} from '../keys/keys.requests.js';
import { ApiKeyView } from '../keys/api-key.view.js';
import {
  CreateWebhookEndpointRequest,
  ListWebhookDeliveriesRequest,
  ListWebhookEndpointsRequest,
  UpdateWebhookEndpointRequest,
} from '../webhooks/webhooks.requests.js';
import { validatePayload } from './validate-payload.js';
import { problemOf } from '../testing/problem-of.js';

const EVENTS =
  'memory.created, memory.updated, memory.deleted, memory.closed, upload.completed, upload.failed, subscription.changed';
const EVERY_EVENTS_RULE = `each event must be one of ${EVENTS}; All events's elements must be unique; events must contain no more than 7 elements; events must name at least one event; events must be an array`;

/*
 * Each text below is what the class-validator class the schema replaced answered for the same payload, so an
 * edge's refusal reads the same: every rule a value breaks, in the same order.
 */
const refusals: ReadonlyArray<readonly [string, z.ZodObject, unknown, string]> = [
  [
    'a missing key name',
    CreateApiKeyRequest,
    {},
    'Name is required; name must be shorter than or equal to 100 characters',
  ],
  [
    'a key name of another type',
    CreateApiKeyRequest,
    { name: 7 },
    'Name is required; name must be shorter than or equal to 100 characters',
  ],
  [
    'unknown fields first, then every field',
    CreateApiKeyRequest,
    { name: 'x'.repeat(300), description: 5, zz: 1 },
    'zz should not exist; name must be shorter than or equal to 100 characters; description must be a string; description must be shorter than or equal to 500 characters',
  ],
  [
    'a missing key id',
    RevokeApiKeyRequest,
    {},
    'keyId must be a string; keyId should not be empty; keyId must be shorter than or equal to 100 characters',
  ],
  [
    'a key id of another type',
    RevokeApiKeyRequest,
    { keyId: 7 },
    'keyId must be a string; keyId must be shorter than or equal to 100 characters',
  ],
  ['an empty key id', RevokeApiKeyRequest, { keyId: '' }, 'keyId should not be empty'],
  ['a missing flag', ListApiKeysRequest, {}, 'activeOnly must be a boolean value'],
  [
    'a missing presented key',
    ValidateApiKeyRequest,
    {},
    'key must be shorter than or equal to 128 characters; key must be a string',
  ],
  ['a blank new name', UpdateApiKeyRequest, { keyId: 'k', name: '' }, 'Name is required'],
  [
    'an empty webhook',
    CreateWebhookEndpointRequest,
    {},
    `url must be an http(s) URL; url must be shorter than or equal to 2000 characters; url is required; ${EVERY_EVENTS_RULE}`,
  ],
  [
    'an ftp URL, a repeated and an unknown event',
    CreateWebhookEndpointRequest,
    { url: 'ftp://x', events: ['memory.created', 'memory.created', 'nope'] },
    `url must be an http(s) URL; each event must be one of ${EVENTS}; All events's elements must be unique`,
  ],
  [
    'events that are no list',
    CreateWebhookEndpointRequest,
    { url: 'https://a.example', events: 'x' },
    EVERY_EVENTS_RULE,
  ],
  [
    'no event',
    CreateWebhookEndpointRequest,
    { url: 'https://a.example', events: [] },
    'events must name at least one event',
  ],
  [
    'a fractional limit',
    ListWebhookDeliveriesRequest,
    { endpointId: 'e', limit: 1.5 },
    'limit must be an integer number',
  ],
  [
    'a limit below 1',
    ListWebhookDeliveriesRequest,
    { endpointId: 'e', limit: 0 },
    'limit must not be less than 1',
  ],
  [
    'a limit given as text',
    ListWebhookDeliveriesRequest,
    { endpointId: 'e', limit: '3' },
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number',
  ],
  [
    'a flag given as text',
    UpdateWebhookEndpointRequest,
    { id: 'e', enabled: 'yes' },
    'enabled must be a boolean value',
  ],
  [
    'an update URL of another type',
    UpdateWebhookEndpointRequest,
    { id: 'e', url: 5 },
    'url must be an http(s) URL; url must be shorter than or equal to 2000 characters; url must be a string',
  ],
  ['a field on an empty payload', ListWebhookEndpointsRequest, { x: 1 }, 'x should not exist'],
  [
    'a constructor field',
    RevokeApiKeyRequest,
    { keyId: 'k', constructor: 1 },
    '"constructor" cannot be used as a field name.',
  ],
  ['a payload that is no object', RevokeApiKeyRequest, ['k'], 'The request body must be a JSON object.'],
];

describe('wire schemas on receipt', () => {
  it.each(refusals)('refuse %s with the class-validator texts', (_, schema, raw, text) => {
    expect(problemOf(schema, raw)).toBe(text);
  });

  it('refuse many unknown fields in one short message', () => {
    const raw = { keyId: 'k', ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`u${i}`, 1])) };
    expect(problemOf(RevokeApiKeyRequest, raw)).toBe(
      'u0, u1, u2, u3, u4 and 95 more fields should not exist',
    );
  });

  it('trim what a person typed and read a null optional field as absent', () => {
    expect(validatePayload(CreateApiKeyRequest, { name: ' CI ', description: null })).toEqual({ name: 'CI' });
    expect(
      validatePayload(CreateWebhookEndpointRequest, {
        url: ' http://localhost:8080/hook ',
        events: ['memory.created'],
        description: '  nightly  ',
      }),
    ).toEqual({ url: 'http://localhost:8080/hook', events: ['memory.created'], description: 'nightly' });
    expect(validatePayload(ListWebhookDeliveriesRequest, { endpointId: 'e', limit: 100 })).toEqual({
      endpointId: 'e',
      limit: 100,
    });
  });
});

describe('a view schema', () => {
  it('gives the JSON Schema of its wire shape', () => {
    const schema = z.toJSONSchema(ApiKeyView) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(schema.required).toEqual(Object.keys(ApiKeyView.unwrap().shape));
    expect(schema.properties['description']).toEqual({ type: ['string', 'null'] });
    expect(schema.properties['permissions']).toMatchObject({
      type: 'array',
      items: { enum: ['read', 'write'] },
    });
    expect(schema.properties['displayPrefix']).toMatchObject({
      description: 'The first characters of the key, to recognise it.',
    });
  });
});
