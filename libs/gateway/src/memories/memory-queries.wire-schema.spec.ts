import { describe, expect, it } from '@jest/globals';
import { itRefuses, type Refusal } from '@membolt/contracts/testing';
import { validatePayload } from '@membolt/contracts';
import type { z } from 'zod';
import {
  GetMemoryQuerySchema,
  ListEndUsersQuerySchema,
  ListMemoriesQuerySchema,
  SearchMemoriesBodySchema,
  SearchMemoriesQuerySchema,
} from './memory.dto.js';

/** The search's own refusals, the same in the query string (GET) and the body (POST). */
const searchRefusals = (schema: z.ZodObject): Refusal[] =>
  (
    [
      [
        {
          query: 'q',
          end_user_id:
            'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        },
        'end_user_id must be a string of at most 200 characters',
      ],
      [{ query: 'q', agent_id: ['a', 'b'] }, 'agent_id must be a string of at most 200 characters'],
      [{ query: 'q', include_embedding: 'yes' }, 'include_embedding must be true or false'],
      [{ query: 'q', include_closed: '1' }, 'include_closed must be true or false'],
      [
        { query: 'q', category: 'Hobby!' },
        "category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
      ],
      [{ query: 'q', source: 'nope' }, 'source must be one of: memory, chat, file, api'],
      [{ query: 'q', created_after: '2026-13-01' }, 'created_after must be an ISO 8601 date-time'],
      [{ query: 'q', created_before: 'yesterday' }, 'created_before must be an ISO 8601 date-time'],
      [{ query: 'q', as_of: 'x' }, 'as_of must be an ISO 8601 date-time'],
      [{ query: 'q', conversation_id: '' }, 'conversation_id should not be empty'],
      [
        { query: 'q', metadata: 'not json' },
        'metadata must be a JSON object of at most 10 string, number or boolean values',
      ],
    ] as const
  ).map(([raw, text]): Refusal => [schema, raw, text]);

/*
 * Each text is what the class-validator class the schema replaced answered for the same query string or body
 * (docs/decisions/209-rest-queries-as-zod-schemas.md): every rule a value breaks, unknown parameters first,
 * then the parameters in the order the class checked them.
 */
const refusals: ReadonlyArray<Refusal> = [
  [SearchMemoriesQuerySchema, {}, 'query is required'],
  ...searchRefusals(SearchMemoriesQuerySchema),
  [
    ListMemoriesQuerySchema,
    {
      end_user_id:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'end_user_id must be a string of at most 200 characters',
  ],
  [ListMemoriesQuerySchema, { agent_id: ['a', 'b'] }, 'agent_id must be a string of at most 200 characters'],
  [ListMemoriesQuerySchema, { include_embedding: 'yes' }, 'include_embedding must be true or false'],
  [ListMemoriesQuerySchema, { include_closed: '1' }, 'include_closed must be true or false'],
  [
    ListMemoriesQuerySchema,
    { category: 'Hobby!' },
    "category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
  ],
  [ListMemoriesQuerySchema, { source: 'nope' }, 'source must be one of: memory, chat, file, api'],
  [ListMemoriesQuerySchema, { created_after: '2026-13-01' }, 'created_after must be an ISO 8601 date-time'],
  [ListMemoriesQuerySchema, { created_before: 'yesterday' }, 'created_before must be an ISO 8601 date-time'],
  [ListMemoriesQuerySchema, { as_of: 'x' }, 'as_of must be an ISO 8601 date-time'],
  [ListMemoriesQuerySchema, { conversation_id: '' }, 'conversation_id should not be empty'],
  [
    ListMemoriesQuerySchema,
    { metadata: 'not json' },
    'metadata must be a JSON object of at most 10 string, number or boolean values',
  ],
  [
    ListMemoriesQuerySchema,
    { filters: '{bad' },
    'filters: must be a JSON object (the text is not valid JSON)',
  ],
  [
    GetMemoryQuerySchema,
    {
      end_user_id:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'end_user_id must be a string of at most 200 characters',
  ],
  [GetMemoryQuerySchema, { agent_id: ['a', 'b'] }, 'agent_id must be a string of at most 200 characters'],
  [GetMemoryQuerySchema, { include_embedding: 'yes' }, 'include_embedding must be true or false'],
  [GetMemoryQuerySchema, { include_closed: '1' }, 'include_closed should not exist'],
  [
    GetMemoryQuerySchema,
    {
      include_embedding: 'x',
      end_user_id:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      zz: '1',
    },
    'zz should not exist; include_embedding must be true or false; end_user_id must be a string of at most 200 characters',
  ],
  [ListEndUsersQuerySchema, { limit: '0' }, 'limit must be an integer from 1 to 1000'],
  [ListEndUsersQuerySchema, { offset: 'abc' }, 'offset must be an integer from 0 to 1000000000'],
  [
    ListEndUsersQuerySchema,
    { limit: 'x', offset: 'y', zz: '1' },
    'zz should not exist; limit must be an integer from 1 to 1000; offset must be an integer from 0 to 1000000000',
  ],
  [SearchMemoriesBodySchema, {}, 'query is required'],
  ...searchRefusals(SearchMemoriesBodySchema),
];

describe('the REST read queries (zod schemas, query-string rules)', () => {
  itRefuses(refusals);

  it('reads a query string into numbers, flags and JSON objects', () => {
    expect(
      validatePayload(SearchMemoriesQuerySchema, {
        query: ' where ',
        limit: '5',
        threshold: '0.25',
        include_closed: 'true',
        include_embedding: 'false',
        metadata: '{"topic":"travel"}',
        filters: '{"user_id":"customer-42"}',
      }),
    ).toEqual({
      query: ' where ',
      limit: 5,
      threshold: 0.25,
      include_closed: true,
      include_embedding: false,
      metadata: { topic: 'travel' },
      filters: { user_id: 'customer-42' },
    });
    expect(validatePayload(ListMemoriesQuerySchema, { offset: '20', sort: 'oldest' })).toEqual({
      offset: 20,
      sort: 'oldest',
    });
    expect(validatePayload(SearchMemoriesBodySchema, { query: 'q', top_k: 7, limit: null })).toEqual({
      query: 'q',
      top_k: 7,
    });
  });
});
