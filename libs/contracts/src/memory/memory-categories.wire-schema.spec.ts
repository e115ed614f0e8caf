import {
  ClassifyMemoryCategoriesRequest,
  CreateMemoryCategoryRequest,
  DeleteMemoryCategoryRequest,
  ListMemoryCategoriesRequest,
  MemoryCategoryNameRequest,
  UpdateMemoryCategoryRequest,
} from './memory-categories.js';
import { MemoryChangedEvent } from './memory-events.js';
import { MemoryScopeFields } from './memory.requests.js';
import { describeRefusals, type Refusal } from '../testing/refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same payload (the classes of
 * the commit before, side by side with the schemas through `validatePayload`;
 * docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md): every rule a value breaks, unknown
 * fields first, then the fields in the order the class listed them.
 */
const refusals: readonly Refusal[] = [
  [MemoryScopeFields, { endUserId: 'e', agentId: 'a', runId: 'r', zz: 1 }, 'zz should not exist'],
  [
    MemoryScopeFields,
    { endUserId: 'e', agentId: 'a', runId: 'r', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    MemoryScopeFields,
    { endUserId: 5, agentId: 'a', runId: 'r' },
    'endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [
    MemoryScopeFields,
    { endUserId: 'e', agentId: 5, runId: 'r' },
    'agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [
    MemoryScopeFields,
    { endUserId: 'e', agentId: 'a', runId: 5 },
    'runId must be a string; runId must be shorter than or equal to 200 characters',
  ],
  [
    MemoryScopeFields,
    { endUserId: 5, agentId: 5, runId: 'r' },
    'endUserId must be a string; endUserId must be shorter than or equal to 200 characters; agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [ListMemoryCategoriesRequest, { a: 1 }, 'a should not exist'],
  [ListMemoryCategoriesRequest, { a: 1, b: 2 }, 'a should not exist; b should not exist'],
  [ListMemoryCategoriesRequest, { constructor: 1 }, '"constructor" cannot be used as a field name.'],
  [
    ListMemoryCategoriesRequest,
    { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
    'a, b, c, d, e and 1 more fields should not exist',
  ],
  [
    CreateMemoryCategoryRequest,
    {},
    'name must be a lowercase slug (a letter, then letters, digits, - or _) of at most 40 characters; description is required',
  ],
  [CreateMemoryCategoryRequest, { name: 'travel-plans', description: 'Trips', zz: 1 }, 'zz should not exist'],
  [
    CreateMemoryCategoryRequest,
    { name: 'travel-plans', description: 'Trips', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    CreateMemoryCategoryRequest,
    { zz: 1 },
    'zz should not exist; name must be a lowercase slug (a letter, then letters, digits, - or _) of at most 40 characters; description is required',
  ],
  [
    CreateMemoryCategoryRequest,
    { description: 'Trips' },
    'name must be a lowercase slug (a letter, then letters, digits, - or _) of at most 40 characters',
  ],
  [
    CreateMemoryCategoryRequest,
    { name: 'personal', description: 'Trips' },
    'name "personal" is a built-in category',
  ],
  [
    MemoryCategoryNameRequest,
    {},
    'name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [MemoryCategoryNameRequest, { name: 'x', zz: 1 }, 'zz should not exist'],
  [MemoryCategoryNameRequest, { name: 'x', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    MemoryCategoryNameRequest,
    { zz: 1 },
    'zz should not exist; name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [
    UpdateMemoryCategoryRequest,
    {},
    'description is required; name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [UpdateMemoryCategoryRequest, { name: 'x', description: 'd', zz: 1 }, 'zz should not exist'],
  [
    UpdateMemoryCategoryRequest,
    { name: 'x', description: 'd', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    UpdateMemoryCategoryRequest,
    { zz: 1 },
    'zz should not exist; description is required; name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [
    UpdateMemoryCategoryRequest,
    { description: 'd' },
    'name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [UpdateMemoryCategoryRequest, { name: 'x' }, 'description is required'],
  [
    DeleteMemoryCategoryRequest,
    {},
    'name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [DeleteMemoryCategoryRequest, { name: 'x', zz: 1 }, 'zz should not exist'],
  [DeleteMemoryCategoryRequest, { name: 'x', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    DeleteMemoryCategoryRequest,
    { zz: 1 },
    'zz should not exist; name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [
    ClassifyMemoryCategoriesRequest,
    {},
    'each value in texts must be shorter than or equal to 20000 characters; each value in texts must be a string; texts must contain no more than 100 elements; texts must be an array',
  ],
  [ClassifyMemoryCategoriesRequest, { texts: ['a'], zz: 1 }, 'zz should not exist'],
  [
    ClassifyMemoryCategoriesRequest,
    { texts: ['a'], zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ClassifyMemoryCategoriesRequest,
    { zz: 1 },
    'zz should not exist; each value in texts must be shorter than or equal to 20000 characters; each value in texts must be a string; texts must contain no more than 100 elements; texts must be an array',
  ],
  [
    ClassifyMemoryCategoriesRequest,
    { texts: '' },
    'texts must contain no more than 100 elements; texts must be an array',
  ],
  [
    ClassifyMemoryCategoriesRequest,
    { texts: [1] },
    'each value in texts must be shorter than or equal to 20000 characters; each value in texts must be a string',
  ],
  [
    MemoryChangedEvent,
    {},
    'userId must be shorter than or equal to 100 characters; userId must be a string; each value in memoryIds must be a string; memoryIds must be an array; change must be one of the following values: created, updated, deleted, closed; at must be a string',
  ],
  [
    MemoryChangedEvent,
    { userId: 'u1', endUserId: 'e', memoryIds: ['m1'], change: 'created', at: '2026-01-01T00:00:00Z', zz: 1 },
    'zz should not exist',
  ],
  [
    MemoryChangedEvent,
    {
      userId: 'u1',
      endUserId: 'e',
      memoryIds: ['m1'],
      change: 'created',
      at: '2026-01-01T00:00:00Z',
      zz: 1,
      yy: 2,
    },
    'zz should not exist; yy should not exist',
  ],
  [
    MemoryChangedEvent,
    { zz: 1 },
    'zz should not exist; userId must be shorter than or equal to 100 characters; userId must be a string; each value in memoryIds must be a string; memoryIds must be an array; change must be one of the following values: created, updated, deleted, closed; at must be a string',
  ],
  [
    MemoryChangedEvent,
    { endUserId: 'e', memoryIds: ['m1'], change: 'created', at: '2026-01-01T00:00:00Z' },
    'userId must be shorter than or equal to 100 characters; userId must be a string',
  ],
  [
    MemoryChangedEvent,
    { userId: 'u1', endUserId: 5, memoryIds: ['m1'], change: 'created', at: '2026-01-01T00:00:00Z' },
    'endUserId must be a string',
  ],
];

describeRefusals(
  'the memory scope, category requests and change broadcast (zod schemas, the texts of the classes they replaced)',
  refusals,
);
