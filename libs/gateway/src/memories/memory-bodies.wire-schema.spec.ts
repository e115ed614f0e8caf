import { describe, expect, it } from '@jest/globals';
import { itRefuses, problemOf, type Refusal } from '@membolt/contracts/testing';
import { validatePayload } from '@membolt/contracts';
import {
  EmptyBodySchema,
  ExportMemoriesQuerySchema,
  ImportMemoriesQuerySchema,
  MemoryScopeQuerySchema,
  NoQuerySchema,
  TextBodySchema,
} from './memory.dto.js';
import { DeleteMemoryQuerySchema } from './memory-erasure.dto.js';
import { BatchDeleteBodySchema, BatchUpdateBodySchema } from './memory-batch.dto.js';
import { AddMessagesBodySchema } from './memory-messages.dto.js';
import { scopeRefusals, ownFieldAndScopeRefusals } from '../testing/scope-refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same query string or body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a value breaks, unknown fields
 * first, then the fields in the order the class checked them (its own, then the scope's).
 */
const refusals: ReadonlyArray<Refusal> = [
  [NoQuerySchema, { zz: 1 }, 'zz should not exist'],
  [EmptyBodySchema, { a: 1, b: 2 }, 'a should not exist; b should not exist'],
  [MemoryScopeQuerySchema, { end_user_id: 'e', zz: 1 }, 'zz should not exist'],
  [MemoryScopeQuerySchema, { end_user_id: 'e', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    MemoryScopeQuerySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  ...scopeRefusals(MemoryScopeQuerySchema),
  [
    MemoryScopeQuerySchema,
    { end_user_id: 'e', agent_id: 'x'.repeat(201) },
    'agent_id must be a string of at most 200 characters',
  ],
  [
    MemoryScopeQuerySchema,
    { end_user_id: 'e', run_id: 'x'.repeat(201) },
    'run_id must be a string of at most 200 characters',
  ],
  [
    MemoryScopeQuerySchema,
    { end_user_id: 'e', agent_id: 5, run_id: 5, zz: 1 },
    'zz should not exist; agent_id must be a string of at most 200 characters; run_id must be a string of at most 200 characters',
  ],
  [ExportMemoriesQuerySchema, { format: '' }, 'format must be one of: ndjson, mem0'],
  ...ownFieldAndScopeRefusals(ExportMemoriesQuerySchema, 'format', {
    valid: 'mem0',
    text: 'format must be one of: ndjson, mem0',
  }),
  [
    ExportMemoriesQuerySchema,
    { format: 'zz-not-valid', run_id: 'zz-not-valid', zz: 1 },
    'zz should not exist; format must be one of: ndjson, mem0',
  ],
  ...scopeRefusals(ImportMemoriesQuerySchema),
  [TextBodySchema, {}, 'text is required'],
  [TextBodySchema, { text: 'x'.repeat(20001) }, 'text must be at most 20000 characters'],
  [DeleteMemoryQuerySchema, { cascade: '' }, 'cascade must be one of: source'],
  ...ownFieldAndScopeRefusals(DeleteMemoryQuerySchema, 'cascade', {
    valid: 'source',
    text: 'cascade must be one of: source',
  }),
  [
    BatchUpdateBodySchema,
    {},
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items',
  ],
  [
    BatchUpdateBodySchema,
    { memories: null },
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items; each value in nested property memories must be either object or array',
  ],
  [BatchUpdateBodySchema, { memories: [] }, 'memories must hold at least 1 item'],
  [
    BatchUpdateBodySchema,
    { memories: ['a'] },
    'each value in nested property memories must be either object or array',
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{}] },
    'memory_id must be at most 100 characters; memory_id must be a string',
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{ memory_id: 5, text: null }] },
    'memory_id must be at most 100 characters; memory_id must be a string; text is required',
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{ memory_id: 'x'.repeat(201) }] },
    'memory_id must be at most 100 characters',
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{ memory_id: 'm', importance: 2, category: 'Bad!' }] },
    "importance must be a number from 0 to 1; category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{ memory_id: 'm', metadata: 'nope', text: '' }] },
    'text is required; metadata must be a JSON object or a string holding one',
  ],
  [
    BatchUpdateBodySchema,
    { memories: [{ memory_id: 'm', importance: null, category: null, metadata: null }] },
    "metadata must be a JSON object or a string holding one; importance must be a number from 0 to 1; category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
  ],
  [
    BatchDeleteBodySchema,
    {},
    'memory_ids must hold ids of at most 100 characters; memory_ids must hold strings; memory_ids must be an array; memory_ids must hold at least 1 item; memory_ids must hold at most 1000 items',
  ],
  [
    BatchDeleteBodySchema,
    { memory_ids: '' },
    'memory_ids must be an array; memory_ids must hold at least 1 item; memory_ids must hold at most 1000 items',
  ],
  [
    BatchDeleteBodySchema,
    { memory_ids: 'x'.repeat(201) },
    'memory_ids must hold ids of at most 100 characters; memory_ids must be an array; memory_ids must hold at least 1 item; memory_ids must hold at most 1000 items',
  ],
  [BatchDeleteBodySchema, { memory_ids: [] }, 'memory_ids must hold at least 1 item'],
  [
    BatchDeleteBodySchema,
    { memory_ids: [1] },
    'memory_ids must hold ids of at most 100 characters; memory_ids must hold strings',
  ],
  [
    BatchDeleteBodySchema,
    { memory_ids: ['x'.repeat(201)] },
    'memory_ids must hold ids of at most 100 characters',
  ],
  ...scopeRefusals(BatchDeleteBodySchema, { memory_ids: ['m1'] }),
  [
    BatchDeleteBodySchema,
    { memory_ids: 5, run_id: 5, zz: 1 },
    'zz should not exist; memory_ids must hold ids of at most 100 characters; memory_ids must hold strings; memory_ids must be an array; memory_ids must hold at least 1 item; memory_ids must hold at most 1000 items; run_id must be a string of at most 200 characters',
  ],
  [AddMessagesBodySchema, {}, 'messages must be a list of {role, content} objects or a string'],
  [AddMessagesBodySchema, { messages: '' }, 'messages must not be empty'],
  [AddMessagesBodySchema, { messages: [] }, 'messages must hold at least 1 message'],
  [AddMessagesBodySchema, { messages: ['a'] }, 'messages[0] must be an object with role and content'],
  [
    AddMessagesBodySchema,
    { messages: [{ role: 'bot', content: 'x' }] },
    'messages[0].role must be one of: user, assistant, system',
  ],
  [AddMessagesBodySchema, { messages: [{ role: 'user' }] }, 'messages[0].content must be a string'],
  [
    AddMessagesBodySchema,
    { messages: [{ role: 'user', content: ' ' }] },
    'messages[0].content must not be empty',
  ],
  [
    AddMessagesBodySchema,
    { messages: [{ role: 'user', content: 'x'.repeat(20001) }] },
    'messages[0].content must be at most 20000 characters',
  ],
  [
    AddMessagesBodySchema,
    { messages: [{ role: 'user', content: 'I live in Paris.' }], infer: '' },
    'infer must be true or false',
  ],
  [
    AddMessagesBodySchema,
    { messages: [{ role: 'user', content: 'I live in Paris.' }], async: '' },
    'async must be true or false',
  ],
];

describe('the REST bodies and queries (zod schemas, the texts of the classes they replaced)', () => {
  itRefuses(refusals);

  it('reads what the classes read: a string as one message, a JSON text as metadata, a trimmed text', () => {
    expect(
      validatePayload(AddMessagesBodySchema, {
        messages: 'I live in Paris.',
        metadata: '{"topic":"home"}',
        infer: false,
        end_user_id: 'customer-42',
      }),
    ).toEqual({
      messages: [{ role: 'user', content: 'I live in Paris.' }],
      metadata: { topic: 'home' },
      infer: false,
      end_user_id: 'customer-42',
    });
    expect(validatePayload(TextBodySchema, { text: '  hello  ' })).toEqual({ text: 'hello' });
    expect(
      validatePayload(BatchUpdateBodySchema, {
        memories: [{ memory_id: 'm1', text: ' new ', metadata: '{"a":1}' }],
        run_id: 'r1',
      }),
    ).toEqual({ memories: [{ memory_id: 'm1', text: 'new', metadata: { a: 1 } }], run_id: 'r1' });
  });

  it('reads an optional null as absent, but refuses a null a batch item or a messages add gives', () => {
    expect(validatePayload(ExportMemoriesQuerySchema, { format: null, agent_id: null })).toEqual({});
    expect(validatePayload(DeleteMemoryQuerySchema, { cascade: 'source', end_user_id: null })).toEqual({
      cascade: 'source',
    });
    expect(problemOf(BatchUpdateBodySchema, { memories: [{ memory_id: 'm1', importance: null }] })).toBe(
      'importance must be a number from 0 to 1',
    );
    expect(problemOf(AddMessagesBodySchema, { messages: 'hi', metadata: null })).toBe(
      'metadata must be a JSON object or a string holding one',
    );
  });
});
