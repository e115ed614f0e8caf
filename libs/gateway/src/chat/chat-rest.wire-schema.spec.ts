import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { ChatBodySchema, ConversationsQuerySchema, WebSearchBodySchema } from './chat.dto.js';
import { scopeRefusals } from '../testing/scope-refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same query string or body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a value breaks, unknown fields
 * first, then the fields in the order the class checked them (its own, then the scope's).
 */
const refusals: ReadonlyArray<Refusal> = [
  [ChatBodySchema, {}, 'message is required; message must be shorter than or equal to 32000 characters'],
  [ChatBodySchema, { message: 'hello', zz: 1 }, 'zz should not exist'],
  [ChatBodySchema, { message: 'hello', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    ChatBodySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [ChatBodySchema, { message: '' }, 'message is required'],
  [
    ChatBodySchema,
    { message: 'x'.repeat(40001) },
    'message must be shorter than or equal to 32000 characters',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: '' },
    'history must contain no more than 200 elements; history must be an array; each value in nested property history must be either object or array',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: ['a'] },
    'each value in nested property history must be either object or array',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: [{ role: 'bot', content: 'x' }] },
    'role must be one of the following values: user, assistant, system',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: [{ role: 'user' }] },
    'message must be at most 32000 characters; content must be a string',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: [{ role: 'user', content: 'x'.repeat(40001) }] },
    'message must be at most 32000 characters',
  ],
  [
    ChatBodySchema,
    { message: 'hello', history: [{ role: 'user', content: 'hi', zz: 1 }] },
    'history.0.zz should not exist',
  ],
  [
    ChatBodySchema,
    { message: 'hello', userId: 'x'.repeat(201) },
    'userId must be shorter than or equal to 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 'hello', userId: 0 },
    'userId must be shorter than or equal to 200 characters; userId must be a string',
  ],
  [
    ChatBodySchema,
    { message: 'hello', model: 'x'.repeat(201) },
    'model must be shorter than or equal to 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 'hello', model: 0 },
    'model must be shorter than or equal to 200 characters; model must be a string',
  ],
  [ChatBodySchema, { message: 'hello', conversationId: '' }, 'conversationId should not be empty'],
  [
    ChatBodySchema,
    { message: 'hello', conversationId: 'x'.repeat(201) },
    'conversationId must be shorter than or equal to 100 characters',
  ],
  [
    ChatBodySchema,
    { message: 'hello', conversationId: 0 },
    'conversationId must be a string; conversationId must be shorter than or equal to 100 characters',
  ],
  ...scopeRefusals(ChatBodySchema, { message: 'hello' }),
  [
    ChatBodySchema,
    { message: 5, userId: 5, zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters; userId must be shorter than or equal to 200 characters; userId must be a string',
  ],
  [
    ChatBodySchema,
    { message: null, userId: null, zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters',
  ],
  [
    ChatBodySchema,
    { message: 'x'.repeat(20001), userId: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; userId must be shorter than or equal to 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 5, model: 5, zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters; model must be shorter than or equal to 200 characters; model must be a string',
  ],
  [
    ChatBodySchema,
    { message: 'x'.repeat(20001), model: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; model must be shorter than or equal to 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 5, run_id: 5, zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters; run_id must be a string of at most 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 'x'.repeat(20001), run_id: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; run_id must be a string of at most 200 characters',
  ],
  [
    ChatBodySchema,
    { message: 5, history: 5, zz: 1 },
    'zz should not exist; message is required; message must be shorter than or equal to 32000 characters; history must contain no more than 200 elements; history must be an array; each value in nested property history must be either object or array',
  ],
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
  ...scopeRefusals(ConversationsQuerySchema, { limit: '5' }),
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

describeRefusals(
  'the REST bodies and queries (zod schemas, the texts of the classes they replaced)',
  refusals,
);
