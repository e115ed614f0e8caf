import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '@membolt/contracts';
import { itRefuses, type Refusal } from '@membolt/contracts/testing';
import {
  Mem0AddBodySchema,
  Mem0BatchDeleteBodySchema,
  Mem0BatchUpdateBodySchema,
  Mem0DeleteQuerySchema,
  Mem0ExportBodySchema,
  Mem0FeedbackBodySchema,
  Mem0GetAllBodySchema,
  Mem0GetExportBodySchema,
  Mem0PageQuerySchema,
  Mem0ScopeQuerySchema,
  Mem0SearchBodySchema,
  Mem0UpdateBodySchema,
} from './mem0.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same body or query
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a value breaks, unknown fields
 * first, then the fields in the order the class checked them.
 */
const refusals: ReadonlyArray<Refusal> = [
  [Mem0AddBodySchema, { messages: 'hi', zz: 1 }, 'zz should not exist'],
  [Mem0AddBodySchema, { messages: 'hi', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    Mem0AddBodySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [
    Mem0AddBodySchema,
    { messages: 'hi', user_id: 'x'.repeat(201) },
    'user_id must be a string of at most 200 characters',
  ],
  [
    Mem0AddBodySchema,
    { messages: 'hi', agent_id: 'x'.repeat(201) },
    'agent_id must be a string of at most 200 characters',
  ],
  [
    Mem0AddBodySchema,
    { messages: 'hi', run_id: 'x'.repeat(201) },
    'run_id must be a string of at most 200 characters',
  ],
  [
    Mem0AddBodySchema,
    { messages: 'hi', metadata: null },
    'metadata must be a JSON object or a string holding one',
  ],
  [Mem0AddBodySchema, { messages: 'hi', infer: '' }, 'infer must be true or false'],
  [Mem0SearchBodySchema, {}, 'query is required'],
  [Mem0SearchBodySchema, { query: 'q', filters: '' }, 'filters must be a JSON object'],
  [Mem0SearchBodySchema, { query: 'q', top_k: '' }, 'top_k must be an integer from 1 to 100'],
  [Mem0SearchBodySchema, { query: 'q', threshold: '' }, 'threshold must be a number from 0 to 1'],
  [Mem0SearchBodySchema, { query: 5, top_k: 5, zz: 1 }, 'zz should not exist; query is required'],
  [
    Mem0SearchBodySchema,
    { query: [], top_k: [], zz: 1 },
    'zz should not exist; query is required; top_k must be an integer from 1 to 100',
  ],
  [
    Mem0SearchBodySchema,
    { query: 'zz-not-valid', top_k: 'zz-not-valid', zz: 1 },
    'zz should not exist; top_k must be an integer from 1 to 100',
  ],
  [
    Mem0SearchBodySchema,
    { query: 'x'.repeat(20001), top_k: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; query must be at most 2000 characters; top_k must be an integer from 1 to 100',
  ],
  [Mem0GetAllBodySchema, { filters: '' }, 'filters must be a JSON object'],
  [
    Mem0GetAllBodySchema,
    { filters: 5, start_date: 5, zz: 1 },
    'zz should not exist; filters must be a JSON object',
  ],
  [Mem0PageQuerySchema, { page: '' }, 'page must be an integer from 1 to 1000000000'],
  [Mem0PageQuerySchema, { page: '1', page_size: '' }, 'page_size must be an integer from 1 to 1000'],
  [
    Mem0PageQuerySchema,
    { page: [], page_size: [], zz: 1 },
    'zz should not exist; page must be an integer from 1 to 1000000000; page_size must be an integer from 1 to 1000',
  ],
  [Mem0UpdateBodySchema, { text: null }, 'text is required'],
  [
    Mem0UpdateBodySchema,
    { text: 'x', metadata: null },
    'metadata must be a JSON object or a string holding one',
  ],
  [Mem0UpdateBodySchema, { text: 'x', expiration_date: '' }, 'expiration_date must be an ISO 8601 date-time'],
  [Mem0UpdateBodySchema, { text: 5, timestamp: 5, zz: 1 }, 'zz should not exist; text is required'],
  [
    Mem0UpdateBodySchema,
    { text: 'x'.repeat(20001), timestamp: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; text must be at most 20000 characters',
  ],
  [
    Mem0UpdateBodySchema,
    { text: 5, metadata: 5, zz: 1 },
    'zz should not exist; text is required; metadata must be a JSON object or a string holding one',
  ],
  [
    Mem0UpdateBodySchema,
    { text: 'zz-not-valid', metadata: 'zz-not-valid', zz: 1 },
    'zz should not exist; metadata must be a JSON object or a string holding one',
  ],
  [
    Mem0UpdateBodySchema,
    { text: 'x'.repeat(20001), metadata: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; text must be at most 20000 characters; metadata must be a JSON object or a string holding one',
  ],
  [Mem0DeleteQuerySchema, { delete_linked: '' }, 'delete_linked must be true or false'],
  [Mem0ScopeQuerySchema, { user_id: 'x'.repeat(201) }, 'user_id must be a string of at most 200 characters'],
  [
    Mem0ScopeQuerySchema,
    { user_id: 'u', agent_id: 'x'.repeat(201) },
    'agent_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 'u', run_id: 'x'.repeat(201) },
    'run_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 5, agent_id: 5, zz: 1 },
    'zz should not exist; user_id must be a string of at most 200 characters; agent_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 'u', agent_id: 5, run_id: 5, zz: 1 },
    'zz should not exist; agent_id must be a string of at most 200 characters; run_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 'u', agent_id: 5, app_id: 5, zz: 1 },
    'zz should not exist; agent_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 5, run_id: 5, zz: 1 },
    'zz should not exist; user_id must be a string of at most 200 characters; run_id must be a string of at most 200 characters',
  ],
  [
    Mem0ScopeQuerySchema,
    { user_id: 5, app_id: 5, zz: 1 },
    'zz should not exist; user_id must be a string of at most 200 characters',
  ],
  [
    Mem0BatchUpdateBodySchema,
    {},
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items',
  ],
  [
    Mem0BatchUpdateBodySchema,
    { memories: null },
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items; each value in nested property memories must be either object or array',
  ],
  [Mem0BatchUpdateBodySchema, { memories: [] }, 'memories must hold at least 1 item'],
  [
    Mem0BatchUpdateBodySchema,
    { memories: ['a'] },
    'each value in nested property memories must be either object or array',
  ],
  [
    Mem0BatchUpdateBodySchema,
    { memories: [{}] },
    'memory_id must be at most 100 characters; memory_id must be a string; text is required',
  ],
  [
    Mem0BatchDeleteBodySchema,
    {},
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items',
  ],
  [
    Mem0BatchDeleteBodySchema,
    { memories: null },
    'memories must be an array; memories must hold at least 1 item; memories must hold at most 1000 items; each value in nested property memories must be either object or array',
  ],
  [Mem0BatchDeleteBodySchema, { memories: [] }, 'memories must hold at least 1 item'],
  [
    Mem0BatchDeleteBodySchema,
    { memories: ['a'] },
    'each value in nested property memories must be either object or array',
  ],
  [
    Mem0BatchDeleteBodySchema,
    { memories: [{}] },
    'memory_id must be at most 100 characters; memory_id must be a string',
  ],
  [
    Mem0BatchDeleteBodySchema,
    { memories: [{ memory_id: 'x'.repeat(101) }] },
    'memory_id must be at most 100 characters',
  ],
  [Mem0FeedbackBodySchema, {}, 'memory_id must be at most 100 characters; memory_id must be a string'],
  [Mem0FeedbackBodySchema, { memory_id: 'x'.repeat(201) }, 'memory_id must be at most 100 characters'],
  [
    Mem0FeedbackBodySchema,
    { memory_id: 'm', feedback: '' },
    'feedback must be one of: POSITIVE, NEGATIVE, VERY_NEGATIVE',
  ],
  [
    Mem0FeedbackBodySchema,
    { memory_id: 'm', feedback_reason: 'x'.repeat(1001) },
    'feedback_reason must be at most 1000 characters',
  ],
  [
    Mem0FeedbackBodySchema,
    { memory_id: 'm', feedback_reason: 0 },
    'feedback_reason must be at most 1000 characters; feedback_reason must be a string',
  ],
  [
    Mem0FeedbackBodySchema,
    { memory_id: 5, feedback: 5, zz: 1 },
    'zz should not exist; memory_id must be at most 100 characters; memory_id must be a string; feedback must be one of: POSITIVE, NEGATIVE, VERY_NEGATIVE',
  ],
  [
    Mem0FeedbackBodySchema,
    { memory_id: null, feedback: null, zz: 1 },
    'zz should not exist; memory_id must be at most 100 characters; memory_id must be a string',
  ],
  [
    Mem0FeedbackBodySchema,
    { memory_id: 'zz-not-valid', feedback: 'zz-not-valid', zz: 1 },
    'zz should not exist; feedback must be one of: POSITIVE, NEGATIVE, VERY_NEGATIVE',
  ],
  [Mem0ExportBodySchema, {}, 'schema must be a JSON object; filters must be a JSON object'],
  [Mem0ExportBodySchema, { filters: {} }, 'schema must be a JSON object'],
  [Mem0ExportBodySchema, { schema: {} }, 'filters must be a JSON object'],
  [
    Mem0ExportBodySchema,
    { schema: 5, filters: 5, zz: 1 },
    'zz should not exist; schema must be a JSON object; filters must be a JSON object',
  ],
  [
    Mem0ExportBodySchema,
    { schema: 5, filters: {}, export_instructions: 5, zz: 1 },
    'zz should not exist; schema must be a JSON object',
  ],
  [
    Mem0ExportBodySchema,
    { schema: {}, filters: 5, export_instructions: 5, zz: 1 },
    'zz should not exist; filters must be a JSON object',
  ],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 0 },
    'memory_export_id is too long; memory_export_id must be a string',
  ],
  [Mem0GetExportBodySchema, { memory_export_id: 'x'.repeat(4097) }, 'memory_export_id is too long'],
  [Mem0GetExportBodySchema, { memory_export_id: 'e', filters: '' }, 'filters must be a JSON object'],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 5, org_id: 5, zz: 1 },
    'zz should not exist; memory_export_id is too long; memory_export_id must be a string',
  ],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 'x'.repeat(20001), org_id: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; memory_export_id is too long',
  ],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 5, filters: 5, zz: 1 },
    'zz should not exist; memory_export_id is too long; memory_export_id must be a string; filters must be a JSON object',
  ],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 'zz-not-valid', filters: 'zz-not-valid', zz: 1 },
    'zz should not exist; filters must be a JSON object',
  ],
  [
    Mem0GetExportBodySchema,
    { memory_export_id: 'x'.repeat(20001), filters: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; memory_export_id is too long; filters must be a JSON object',
  ],
];

describe('the Mem0-compatible bodies and queries (zod schemas, the texts of the classes they replaced)', () => {
  itRefuses(refusals);

  it('passes the options a Mem0 client sends through as they are, and keeps a null expiry and feedback', () => {
    expect(
      validatePayload(Mem0AddBodySchema, {
        messages: [{ role: 'user', content: 'hi' }],
        version: 'v2',
        app_id: null,
        expiration_date: null,
        user_id: null,
      }),
    ).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      version: 'v2',
      app_id: null,
      expiration_date: null,
    });
    expect(validatePayload(Mem0FeedbackBodySchema, { memory_id: 'm', feedback: null })).toEqual({
      memory_id: 'm',
      feedback: null,
    });
    expect(validatePayload(Mem0SearchBodySchema, { query: 'q', top_k: '7', threshold: 0.5 })).toEqual({
      query: 'q',
      top_k: 7,
      threshold: 0.5,
    });
  });
});
