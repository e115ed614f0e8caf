import { describe, expect, it } from '@jest/globals';
import { problemOf } from '@membolt/contracts/testing';
import type { z } from 'zod';
import { ConversationsQuerySchema, WebSearchBodySchema } from './chat.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same query string or body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a value breaks, unknown fields
 * first, then the fields in the order the class checked them (its own, then the scope's).
 */
const refusals: ReadonlyArray<readonly [z.ZodObject, Record<string, unknown>, string]> = [
  [WebSearchBodySchema, {}, 'query is required; query must be shorter than or equal to 400 characters'],
  [WebSearchBodySchema, { query: '' }, 'query is required'],
  [WebSearchBodySchema, { query: 'x'.repeat(1001) }, 'query must be shorter than or equal to 400 characters'],
  [
    WebSearchBodySchema,
    { query: 'hikes', numResults: '' },
    'numResults must not be greater than 20; numResults must not be less than 1; numResults must be an integer number',
  ],
  [WebSearchBodySchema, { query: 'hikes', numResults: 0 }, 'numResults must not be less than 1'],
  [WebSearchBodySchema, { query: 'hikes', numResults: 1.5 }, 'numResults must be an integer number'],
  [WebSearchBodySchema, { query: 'hikes', numResults: 1000000000 }, 'numResults must not be greater than 20'],
  [
    WebSearchBodySchema,
    { query: 5, numResults: 5, zz: 1 },
    'zz should not exist; query is required; query must be shorter than or equal to 400 characters',
  ],
  [
    WebSearchBodySchema,
    { query: [], numResults: [], zz: 1 },
    'zz should not exist; query is required; query must be shorter than or equal to 400 characters; numResults must not be greater than 20; numResults must not be less than 1; numResults must be an integer number',
  ],
  [
    WebSearchBodySchema,
    { query: 'zz-not-valid', numResults: 'zz-not-valid', zz: 1 },
    'zz should not exist; numResults must not be greater than 20; numResults must not be less than 1; numResults must be an integer number',
  ],
  [ConversationsQuerySchema, { limit: '' }, 'limit must be an integer from 1 to 100'],
  [ConversationsQuerySchema, { limit: '5', offset: '' }, 'offset must be an integer from 0 to 1000000000'],
  [
    ConversationsQuerySchema,
    { limit: '5', end_user_id: 'x'.repeat(201) },
    'end_user_id must be a string of at most 200 characters',
  ],
  [
    ConversationsQuerySchema,
    { limit: '5', agent_id: 'x'.repeat(201) },
    'agent_id must be a string of at most 200 characters',
  ],
  [
    ConversationsQuerySchema,
    { limit: '5', run_id: 'x'.repeat(201) },
    'run_id must be a string of at most 200 characters',
  ],
  [
    ConversationsQuerySchema,
    { limit: [], offset: [], zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100; offset must be an integer from 0 to 1000000000',
  ],
  [
    ConversationsQuerySchema,
    { limit: 5, run_id: 5, zz: 1 },
    'zz should not exist; run_id must be a string of at most 200 characters',
  ],
  [
    ConversationsQuerySchema,
    { limit: [], run_id: [], zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100; run_id must be a string of at most 200 characters',
  ],
  [
    ConversationsQuerySchema,
    { limit: 'zz-not-valid', run_id: 'zz-not-valid', zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100',
  ],
  [
    ConversationsQuerySchema,
    { limit: '5', offset: [], run_id: [], zz: 1 },
    'zz should not exist; offset must be an integer from 0 to 1000000000; run_id must be a string of at most 200 characters',
  ],
];

describe('the REST bodies and queries (zod schemas, the texts of the classes they replaced)', () => {
  it.each(refusals)('refuses %#', (schema, raw, text) => {
    expect(problemOf(schema, raw)).toBe(text);
  });
});
