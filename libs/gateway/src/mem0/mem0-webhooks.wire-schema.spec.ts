import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { Mem0CreateWebhookBodySchema, Mem0UpdateWebhookBodySchema } from './mem0-webhooks.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md).
 */
const refusals: ReadonlyArray<Refusal> = [
  [Mem0CreateWebhookBodySchema, { url: 'https://a.example/h', zz: 1 }, 'zz should not exist'],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', name: 'x'.repeat(201) },
    'name must be at most 200 characters',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', name: 0 },
    'name must be at most 200 characters; name must be a string',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', event_types: '' },
    'event_types must be a list of event names; event_types must name at least one event; event_types must contain no more than 6 elements; each of event_types must be one of memory_add, memory_update, memory_delete (memory_categorize is not offered: a memory’s category is set when it is added)',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', event_types: [] },
    'event_types must name at least one event',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', event_types: ['a'] },
    'each of event_types must be one of memory_add, memory_update, memory_delete (memory_categorize is not offered: a memory’s category is set when it is added)',
  ],
  [
    Mem0CreateWebhookBodySchema,
    { url: 'https://a.example/h', event_types: 'memory_add' },
    'event_types must be a list of event names; event_types must name at least one event; event_types must contain no more than 6 elements',
  ],
  [
    Mem0CreateWebhookBodySchema,
    {
      url: 'https://a.example/h',
      event_types: [
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
      ],
    },
    'event_types must contain no more than 6 elements',
  ],
  [Mem0UpdateWebhookBodySchema, { name: 'x'.repeat(201) }, 'name must be at most 200 characters'],
  [Mem0UpdateWebhookBodySchema, { name: 0 }, 'name must be at most 200 characters; name must be a string'],
  [
    Mem0UpdateWebhookBodySchema,
    { name: 'n', event_types: '' },
    'event_types must be a list of event names; event_types must name at least one event; event_types must contain no more than 6 elements; each of event_types must be one of memory_add, memory_update, memory_delete (memory_categorize is not offered: a memory’s category is set when it is added)',
  ],
  [Mem0UpdateWebhookBodySchema, { name: 'n', event_types: [] }, 'event_types must name at least one event'],
  [
    Mem0UpdateWebhookBodySchema,
    { name: 'n', event_types: ['a'] },
    'each of event_types must be one of memory_add, memory_update, memory_delete (memory_categorize is not offered: a memory’s category is set when it is added)',
  ],
  [
    Mem0UpdateWebhookBodySchema,
    { name: 'n', event_types: 'memory_add' },
    'event_types must be a list of event names; event_types must name at least one event; event_types must contain no more than 6 elements',
  ],
  [
    Mem0UpdateWebhookBodySchema,
    {
      name: 'n',
      event_types: [
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
        'memory_add',
      ],
    },
    'event_types must contain no more than 6 elements',
  ],
  [Mem0UpdateWebhookBodySchema, { name: 'n', is_active: '' }, 'is_active must be true or false'],
  [
    Mem0UpdateWebhookBodySchema,
    { name: 5, url: 5, zz: 1 },
    'zz should not exist; name must be at most 200 characters; name must be a string',
  ],
  [
    Mem0UpdateWebhookBodySchema,
    { name: 'x'.repeat(20001), url: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; name must be at most 200 characters',
  ],
];

describeRefusals(
  'the Mem0-compatible webhook bodies (zod schemas, the texts of the classes they replaced)',
  refusals,
);
