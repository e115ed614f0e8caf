import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '../common/validate-payload.js';
import {
  BatchMemoryItem,
  ConceptGraphRequest,
  ConceptMemoriesRequest,
  ConversationMemoryCountsRequest,
  DeleteEndUserRequest,
  DeleteScopeRequest,
  ExportMemoriesRequest,
  GenerateEmbeddingRequest,
  ListEndUsersRequest,
  MemoryStatsRequest,
  RetentionPreviewRequest,
  CreateMemoryBatchRequest,
  CreateMemoryRequest,
  GetMemoryRequest,
  ImportJobRequest,
  ImportMemoriesRequest,
  ImportPartRequest,
  ListMemoriesRequest,
  LocateMemoryRequest,
  MemoryIdRequest,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from './memory.requests.js';
import { itRefuses, problemOf, type Refusal } from '../testing/index.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same payload
 * (docs/decisions/198-memory-requests-as-zod-schemas.md), so a bus refusal reads as it did: every rule a value
 * breaks, unknown fields first, then the fields in the order the class listed them.
 */
const refusals: ReadonlyArray<Refusal> = [
  [CreateMemoryRequest, {}, 'text is required; text must be at most 20000 characters'],
  [CreateMemoryRequest, { text: '' }, 'text is required'],
  [CreateMemoryRequest, { text: 'ok', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    CreateMemoryRequest,
    { text: 'ok', metadata: [] },
    'metadata must be a JSON object or a string holding one',
  ],
  [CreateMemoryRequest, { text: 'ok', importance: 2 }, 'importance must be a number from 0 to 1'],
  [
    CreateMemoryRequest,
    { text: 'ok', category: 'Hobby!' },
    "category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
  ],
  [CreateMemoryRequest, { text: 'ok', source: 'nope' }, 'source must be one of: memory, chat, file, api'],
  [CreateMemoryRequest, { text: 'ok', conversationId: '' }, 'conversationId should not be empty'],
  [
    CreateMemoryRequest,
    { text: 'ok', conversationId: 5 },
    'conversationId must be a string; conversationId must be shorter than or equal to 100 characters',
  ],
  [
    CreateMemoryRequest,
    {
      text: 'ok',
      conversationId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'conversationId must be shorter than or equal to 100 characters',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', conversationTitle: 5 },
    'conversationTitle must be shorter than or equal to 200 characters; conversationTitle must be a string',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', embedding: 'x' },
    'embedding must be an array; embedding must contain no more than 8192 elements; each value in embedding must be a number conforming to the specified constraints',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', embedding: [1, 'a'] },
    'each value in embedding must be a number conforming to the specified constraints',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', validFrom: 'yesterday' },
    'validFrom must be a valid ISO 8601 date string',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', validTo: 'x', expirationDate: 'y' },
    'validTo must be a valid ISO 8601 date string; expirationDate must be a valid ISO 8601 date string',
  ],
  [CreateMemoryRequest, { text: 'ok', dedupe: 'yes' }, 'dedupe must be a boolean value'],
  [
    CreateMemoryRequest,
    { text: 5, endUserId: 5, dedupe: 1, importance: 9, zz: 1, conversationTitle: 3, validTo: 'x' },
    'zz should not exist; dedupe must be a boolean value; text is required; text must be at most 20000 characters; importance must be a number from 0 to 1; conversationTitle must be shorter than or equal to 200 characters; conversationTitle must be a string; validTo must be a valid ISO 8601 date string; endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [CreateMemoryRequest, { text: 'ok', id: 'm1' }, 'id should not exist'],
  [CreateMemoryRequest, { text: 'ok', createdAt: '2026-01-01T00:00:00Z' }, 'createdAt should not exist'],
  [
    BatchMemoryItem,
    { text: 'ok', id: '', createdAt: 'x' },
    'id should not be empty; createdAt must be a valid ISO 8601 date string',
  ],
  [
    BatchMemoryItem,
    { id: 5, text: 5, createdAt: 5 },
    'id must be a string; id must be shorter than or equal to 100 characters; createdAt must be a valid ISO 8601 date string; text is required; text must be at most 20000 characters',
  ],
  [BatchMemoryItem, { text: 'ok', endUserId: 'x' }, 'endUserId should not exist'],
  [
    CreateMemoryBatchRequest,
    {},
    'memories must contain no more than 1000 elements; memories must contain at least 1 elements; memories must be an array',
  ],
  [CreateMemoryBatchRequest, { memories: [] }, 'memories must contain at least 1 elements'],
  [
    CreateMemoryBatchRequest,
    { memories: 'x' },
    'memories must contain no more than 1000 elements; memories must contain at least 1 elements; memories must be an array; each value in nested property memories must be either object or array',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 'ok' }, { text: 'x', importance: 2 }] },
    'importance must be a number from 0 to 1',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 'ok', endUserId: 'eu-2' }] },
    'memories.0.endUserId should not exist',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 'ok', endUserId: 'eu-2', zz: 1 }, { text: '' }] },
    'memories.0.endUserId should not exist; memories.0.zz should not exist; text is required',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: ['text', null, 5] },
    'each value in nested property memories must be either object or array',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 7, conversationId: 5, conversationTitle: 6 }] },
    'text is required; text must be at most 20000 characters; conversationId must be a string; conversationId must be shorter than or equal to 100 characters; conversationTitle must be shorter than or equal to 200 characters; conversationTitle must be a string',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 'a' }], dedupe: 'x', runId: 3 },
    'dedupe must be a boolean value; runId must be a string; runId must be shorter than or equal to 200 characters',
  ],
  [ImportMemoriesRequest, { memories: [] }, 'memories must contain at least 1 elements'],
  [
    ImportMemoriesRequest,
    {},
    'each value in memories must be an object; memories must contain no more than 1000 elements; memories must contain at least 1 elements; memories must be an array',
  ],
  [ImportMemoriesRequest, { memories: ['x', null] }, 'each value in memories must be an object'],
  [
    ImportPartRequest,
    { importId: 'imp_x', index: 1, memories: [{ text: 'one' }] },
    'importId is not an import id',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: -1, memories: [{ text: 'one' }] },
    'index must not be less than 0',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: 1.5, memories: [{ text: 'one' }] },
    'index must be an integer number',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: '1', memories: [{ text: 'one' }] },
    'index must not be greater than 99999; index must not be less than 0; index must be an integer number',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: 100000, memories: [{ text: 'one' }] },
    'index must not be greater than 99999',
  ],
  [
    ImportPartRequest,
    {},
    'importId is not an import id; index must not be greater than 99999; index must not be less than 0; index must be an integer number; each value in memories must be an object; memories must contain no more than 1000 elements; memories must contain at least 1 elements; memories must be an array',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: 1, memories: [] },
    'memories must contain at least 1 elements',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: 1, memories: ['text', null] },
    'each value in memories must be an object',
  ],
  [
    ImportPartRequest,
    { importId: 'imp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_2', index: 1, memories: [{ text: 'one' }], extra: 1 },
    'extra should not exist',
  ],
  [ImportJobRequest, {}, 'importId is not an import id'],
  [
    UpdateMemoryRequest,
    {},
    'memoryId must be a string; memoryId should not be empty; memoryId must be shorter than or equal to 100 characters',
  ],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', text: null },
    'text is required; text must be at most 20000 characters',
  ],
  [UpdateMemoryRequest, { memoryId: 'm', text: '  ' }, 'text is required'],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', metadata: null },
    'metadata must be a JSON object or a string holding one',
  ],
  [UpdateMemoryRequest, { memoryId: 'm', importance: null }, 'importance must be a number from 0 to 1'],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', category: null },
    "category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters)",
  ],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', embedding: null },
    'embedding must be an array; embedding must contain no more than 8192 elements; each value in embedding must be a number conforming to the specified constraints',
  ],
  [UpdateMemoryRequest, { memoryId: 'm', validFrom: null }, 'validFrom must be a valid ISO 8601 date string'],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', validTo: 'x', expirationDate: 5 },
    'validTo must be a valid ISO 8601 date string; expirationDate must be a valid ISO 8601 date string',
  ],
  [UpdateMemoryRequest, { memoryId: 'm', source: 'api' }, 'source should not exist'],
  [
    UpdateMemoryRequest,
    { memoryId: 5, text: 5, metadata: 5, importance: 5, category: 5, embedding: 5, validFrom: 5 },
    "text is required; text must be at most 20000 characters; metadata must be a JSON object or a string holding one; importance must be a number from 0 to 1; category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters); embedding must be an array; embedding must contain no more than 8192 elements; validFrom must be a valid ISO 8601 date string; memoryId must be a string; memoryId must be shorter than or equal to 100 characters",
  ],
  [
    MemoryIdRequest,
    { memoryId: 'm1', agentId: 42 },
    'agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [
    MemoryIdRequest,
    {},
    'memoryId must be a string; memoryId should not be empty; memoryId must be shorter than or equal to 100 characters',
  ],
  [
    LocateMemoryRequest,
    {},
    'memoryId must be a string; memoryId should not be empty; memoryId must be shorter than or equal to 100 characters',
  ],
  [LocateMemoryRequest, { memoryId: 'm', endUserId: 'x' }, 'endUserId should not exist'],
  [GetMemoryRequest, { memoryId: 'm', includeEmbedding: 'yes' }, 'includeEmbedding must be a boolean value'],
  [
    SearchMemoriesRequest,
    {},
    'query must be shorter than or equal to 2000 characters; query is required; limit must not be greater than 100; limit must not be less than 1; limit must be an integer number',
  ],
  [
    SearchMemoriesRequest,
    { query: 5, limit: 10 },
    'query must be shorter than or equal to 2000 characters; query is required',
  ],
  [SearchMemoriesRequest, { query: 'q', limit: 0 }, 'limit must not be less than 1'],
  [SearchMemoriesRequest, { query: 'q', limit: 1000 }, 'limit must not be greater than 100'],
  [SearchMemoriesRequest, { query: 'q', limit: 1.5 }, 'limit must be an integer number'],
  [
    SearchMemoriesRequest,
    { query: 'q', limit: '5' },
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number',
  ],
  [SearchMemoriesRequest, { query: 'q', limit: 10, threshold: -1 }, 'threshold must not be less than 0'],
  [SearchMemoriesRequest, { query: 'q', limit: 10, threshold: 2 }, 'threshold must not be greater than 1'],
  [
    SearchMemoriesRequest,
    { query: 'q', limit: 10, threshold: 'x' },
    'threshold must not be greater than 1; threshold must not be less than 0; threshold must be a number conforming to the specified constraints',
  ],
  [
    SearchMemoriesRequest,
    {
      query: 'q',
      limit: 10,
      category: 'BAD',
      source: 'x',
      createdAfter: 'x',
      createdBefore: 5,
      conversationId: '',
      metadata: [],
      filters: { AND: 5 },
      includeClosed: 'x',
      asOf: 'x',
      includeEmbedding: 1,
    },
    "category must be one of: personal, work, preference, interest, none, or the name of one of the account's custom categories (a lowercase slug of at most 40 characters); source must be one of: memory, chat, file, api; createdAfter must be a valid ISO 8601 date string; createdBefore must be a valid ISO 8601 date string; conversationId should not be empty; metadata must be an object; filters.AND: must be a non-empty array of filter objects; includeClosed must be a boolean value; asOf must be a valid ISO 8601 date string; includeEmbedding must be a boolean value",
  ],
  [
    SearchMemoriesRequest,
    { query: 'q', limit: 10, filters: { created_at: { gtx: 1 } } },
    'filters.created_at: unknown operator "gtx" (use eq, ne, in, nin, gt, gte, lt, lte, contains, icontains)',
  ],
  [SearchMemoriesRequest, { query: 'q', limit: 10, filters: 'x' }, 'filters: must be a JSON object, got "x"'],
  [SearchMemoriesRequest, { query: 'q', limit: 10, memoryId: 'x' }, 'memoryId should not exist'],
  [
    ListMemoriesRequest,
    {},
    'limit must not be greater than 1000; limit must not be less than 1; limit must be an integer number; offset must not be greater than 1000000000; offset must not be less than 0; offset must be an integer number; sort must be one of: importance, recent, oldest',
  ],
  [
    ListMemoriesRequest,
    { limit: 10, offset: 0, sort: 'newest' },
    'sort must be one of: importance, recent, oldest',
  ],
  [
    ListMemoriesRequest,
    { limit: 10, offset: -1, sort: 'newest', category: 'hobby' },
    'offset must not be less than 0; sort must be one of: importance, recent, oldest',
  ],
  [
    ListMemoriesRequest,
    { limit: 10, offset: 0, sort: 'newest', query: 'x' },
    'query should not exist; sort must be one of: importance, recent, oldest',
  ],
  [
    CreateMemoryRequest,
    { text: 'ok', embedding: 5 },
    'embedding must be an array; embedding must contain no more than 8192 elements',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: '' }, 'x', { text: 'ok', zz: 1 }] },
    'text is required; each value in nested property memories must be either object or array; memories.2.zz should not exist',
  ],
  [
    CreateMemoryBatchRequest,
    { memories: [{ text: 'a' }], zz: 1, dedupe: 3 },
    'zz should not exist; dedupe must be a boolean value',
  ],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', embedding: [1, 'x'] },
    'each value in embedding must be a number conforming to the specified constraints',
  ],
  [
    UpdateMemoryRequest,
    { memoryId: 'm', text: 5, agentId: 4 },
    'text is required; text must be at most 20000 characters; agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [UpdateMemoryRequest, { memoryId: '', zz: 1 }, 'zz should not exist; memoryId should not be empty'],
  [
    ListMemoriesRequest,
    { limit: 10, offset: 0, sort: 'recent', metadata: { a: 1 }, filters: { memory_ids: ['a'] } },
    'filters.memory_ids: must be a string, a number or a boolean, got an array',
  ],
  [SearchMemoriesRequest, { query: 'q', limit: 10, metadata: 'x' }, 'metadata must be an object'],
  // The stats, counts, export, embedding, end-user, scope, concept and retention requests (decision 209).
  [
    MemoryStatsRequest,
    {
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    MemoryStatsRequest,
    { endUserId: 5 },
    'endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [MemoryStatsRequest, { runId: 'r', zz: 1 }, 'zz should not exist'],
  [
    DeleteScopeRequest,
    {
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    DeleteScopeRequest,
    { endUserId: 5 },
    'endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [DeleteScopeRequest, { runId: 'r', zz: 1 }, 'zz should not exist'],
  [
    ConversationMemoryCountsRequest,
    {},
    'each value in conversationIds must be shorter than or equal to 100 characters; each value in conversationIds should not be empty; each value in conversationIds must be a string; conversationIds must contain no more than 100 elements; conversationIds must be an array',
  ],
  [
    ConversationMemoryCountsRequest,
    { conversationIds: 'abc' },
    'conversationIds must contain no more than 100 elements; conversationIds must be an array',
  ],
  [
    ConversationMemoryCountsRequest,
    { conversationIds: '' },
    'each value in conversationIds should not be empty; conversationIds must contain no more than 100 elements; conversationIds must be an array',
  ],
  [
    ConversationMemoryCountsRequest,
    { conversationIds: 5 },
    'each value in conversationIds must be shorter than or equal to 100 characters; each value in conversationIds must be a string; conversationIds must contain no more than 100 elements; conversationIds must be an array',
  ],
  [
    ConversationMemoryCountsRequest,
    { conversationIds: [''] },
    'each value in conversationIds should not be empty',
  ],
  [
    ConversationMemoryCountsRequest,
    { conversationIds: [5] },
    'each value in conversationIds must be shorter than or equal to 100 characters; each value in conversationIds must be a string',
  ],
  [ExportMemoriesRequest, { limit: 0 }, 'limit must not be less than 1'],
  [ExportMemoriesRequest, { limit: 1001 }, 'limit must not be greater than 1000'],
  [ExportMemoriesRequest, { limit: 5.5 }, 'limit must be an integer number'],
  [
    ExportMemoriesRequest,
    { limit: '5' },
    'limit must not be greater than 1000; limit must not be less than 1; limit must be an integer number',
  ],
  [
    ExportMemoriesRequest,
    {
      limit: 5,
      cursor:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'cursor must be shorter than or equal to 200 characters',
  ],
  [
    ExportMemoriesRequest,
    { limit: 5, cursor: 5 },
    'cursor must be shorter than or equal to 200 characters; cursor must be a string',
  ],
  [GenerateEmbeddingRequest, {}, 'text is required; text must be at most 20000 characters'],
  [GenerateEmbeddingRequest, { text: '' }, 'text is required'],
  [GenerateEmbeddingRequest, { text: 'a', zz: 1 }, 'zz should not exist'],
  [ListEndUsersRequest, { offset: 0, limit: 0 }, 'limit must not be less than 1'],
  [ListEndUsersRequest, { offset: 0, limit: 1001 }, 'limit must not be greater than 1000'],
  [ListEndUsersRequest, { offset: 0, limit: 5.5 }, 'limit must be an integer number'],
  [
    ListEndUsersRequest,
    { offset: 0, limit: '5' },
    'limit must not be greater than 1000; limit must not be less than 1; limit must be an integer number',
  ],
  [ListEndUsersRequest, { limit: 5, offset: -1 }, 'offset must not be less than 0'],
  [ListEndUsersRequest, { limit: 5, offset: 5.5 }, 'offset must be an integer number'],
  [
    DeleteEndUserRequest,
    {},
    'endUserId must be shorter than or equal to 200 characters; endUserId must be a string',
  ],
  [
    DeleteEndUserRequest,
    {
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [DeleteEndUserRequest, { endUserId: 'e', zz: 1 }, 'zz should not exist'],
  [ConceptGraphRequest, { maxNodes: 0 }, 'maxNodes must not be less than 1'],
  [ConceptGraphRequest, { maxNodes: 2001 }, 'maxNodes must not be greater than 2000'],
  [ConceptGraphRequest, { maxNodes: 5.5 }, 'maxNodes must be an integer number'],
  [
    ConceptGraphRequest,
    { maxNodes: '5' },
    'maxNodes must not be greater than 2000; maxNodes must not be less than 1; maxNodes must be an integer number',
  ],
  [
    ConceptGraphRequest,
    {
      maxNodes: 5,
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    ConceptGraphRequest,
    { maxNodes: 5, endUserId: 5 },
    'endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [ConceptMemoriesRequest, { conceptId: 'c', limit: 0 }, 'limit must not be less than 1'],
  [ConceptMemoriesRequest, { conceptId: 'c', limit: 1001 }, 'limit must not be greater than 1000'],
  [ConceptMemoriesRequest, { conceptId: 'c', limit: 5.5 }, 'limit must be an integer number'],
  [
    ConceptMemoriesRequest,
    { conceptId: 'c', limit: '5' },
    'limit must not be greater than 1000; limit must not be less than 1; limit must be an integer number',
  ],
  [
    ConceptMemoriesRequest,
    { limit: 5 },
    'conceptId must be a string; conceptId should not be empty; conceptId must be shorter than or equal to 100 characters',
  ],
  [ConceptMemoriesRequest, { limit: 5, conceptId: '' }, 'conceptId should not be empty'],
  [RetentionPreviewRequest, { retentionDays: 0 }, 'retentionDays must not be less than 1'],
  [RetentionPreviewRequest, { retentionDays: 36501 }, 'retentionDays must not be greater than 36500'],
  [RetentionPreviewRequest, { retentionDays: 5.5 }, 'retentionDays must be an integer number'],
  [
    RetentionPreviewRequest,
    { retentionDays: '5' },
    'retentionDays must not be greater than 36500; retentionDays must not be less than 1; retentionDays must be an integer number',
  ],
  [RetentionPreviewRequest, { retentionDays: null, zz: 1 }, 'zz should not exist'],
];

describe('memory request schemas', () => {
  itRefuses(refusals, { title: 'refusal %# answers the text of the class it replaced' });

  it('trims a memory text, keeps a search query as given, and reads an optional null as absent', () => {
    expect(validatePayload(CreateMemoryRequest, { text: ' ok ', importance: null, dedupe: true })).toEqual({
      text: 'ok',
      dedupe: true,
    });
    expect(validatePayload(SearchMemoriesRequest, { query: ' q ', limit: 5, threshold: null })).toEqual({
      query: ' q ',
      limit: 5,
    });
    expect(
      validatePayload(CreateMemoryBatchRequest, { memories: [{ text: ' a ', id: 'i1' }], endUserId: 'eu' }),
    ).toEqual({ memories: [{ text: 'a', id: 'i1' }], endUserId: 'eu' });
  });

  it('an update keeps null where it means something (reopen, never expire) and refuses it elsewhere', () => {
    expect(
      validatePayload(UpdateMemoryRequest, { memoryId: 'm', validTo: null, expirationDate: null }),
    ).toEqual({ memoryId: 'm', validTo: null, expirationDate: null });
    expect(problemOf(UpdateMemoryRequest, { memoryId: 'm', text: null })).toBe(
      'text is required; text must be at most 20000 characters',
    );
  });

  it('refuses what the classes let through: a batch item that is a list, and an object for the list', () => {
    expect(problemOf(CreateMemoryBatchRequest, { memories: [[{ text: 'x' }]] })).toBe(
      'each value in nested property memories must be either object or array',
    );
    expect(problemOf(CreateMemoryBatchRequest, { memories: {} })).toBe(
      'memories must contain no more than 1000 elements; memories must contain at least 1 elements; memories must be an array; each value in nested property memories must be either object or array',
    );
  });
});
