import { ID } from '@nestjs/graphql';
import {
  CONCEPT_KINDS,
  CONCEPT_RELATION_KINDS,
  ConceptGraphView,
  ConceptRelationView,
  ConceptView,
  type ConceptKind,
  type ConceptRelationKind,
  CreateMemoryRequest,
  DEFAULT_IMPORTANCE,
  DEFAULT_MEMORY_SORT,
  MEMORY_GRAPH_MAX_NODES,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  MEMORY_VERSION_EVENTS,
  MemoryVersionView,
  MemoryHistoryView,
  MemoryDeletionReceipt,
  MemoryStatsView,
  MemoryListView,
  MemoryScoreBreakdown,
  MemoryScreenLimits,
  MemorySearchResultView,
  MemorySearchView,
  MemoryView,
  memoryFilterFields,
  memoryScopeRequestFields,
  UpdateMemoryRequest,
  type MemorySort,
  type MemorySource,
  type MemoryVersionEvent,
} from '@membolt/contracts';
import { z } from 'zod';
import { graphqlEnum } from '../common/graphql-enum.js';
import { graphqlArgsType, graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/**
 * A memory's category: a built-in one (personal, work, preference, interest) or the name of one of the
 * account's custom categories (decision 159), so a String; the memory service refuses a name the account does
 * not have. A memory without a category is uncategorised (null).
 */
export type MemoryCategoryModel = string;

/** GraphQL enums carry the contract's values, so a value outside them is refused before any resolver runs. */

export const MemorySourceModel = graphqlEnum(MEMORY_SOURCES, { name: 'MemorySource' });
export type MemorySourceModel = MemorySource;

export const MemorySortModel = graphqlEnum(MEMORY_SORTS, {
  name: 'MemorySort',
  description: 'Importance (highest first), Most Recent, Oldest First.',
});
export type MemorySortModel = MemorySort;

export const ConceptKindModel = graphqlEnum(CONCEPT_KINDS, { name: 'ConceptKind' });
export type ConceptKindModel = ConceptKind;

export const ConceptRelationKindModel = graphqlEnum(CONCEPT_RELATION_KINDS, { name: 'ConceptRelationKind' });
export type ConceptRelationKindModel = ConceptRelationKind;

export const MemoryVersionEventModel = graphqlEnum(MEMORY_VERSION_EVENTS, { name: 'MemoryVersionEvent' });
export type MemoryVersionEventModel = MemoryVersionEvent;

/**
 * The memory scope a query reads, as the REST API's `end_user_id`, `agent_id` and `run_id`: one end user of
 * the account (and within it, or the account's own memories, an agent or a run). None: the account's own.
 */
export const MemoryScopeArgs = graphqlArgsType('MemoryScopeArgs', z.object(memoryScopeRequestFields), {
  descriptions: {
    endUserId: 'An end user of your account (REST end_user_id).',
    agentId: 'An agent scope (REST agent_id).',
    runId: 'A run (session) scope (REST run_id).',
  },
});
export type MemoryScopeArgs = InstanceType<typeof MemoryScopeArgs>;

export const DEFAULT_MEMORY_PAGE_SIZE = MemoryScreenLimits.memoriesPage;
/** The graph tab's default: enough to be useful, small enough to lay out at once on a phone. */
export const DEFAULT_MEMORY_GRAPH_NODES = 500;
export { DEFAULT_MEMORY_SORT, MEMORY_GRAPH_MAX_NODES, MEMORY_SEARCH_DEFAULT_LIMIT, DEFAULT_IMPORTANCE };

/** The memory as GraphQL shows it: the owner and its scope ids stay server-side, the metadata is a JSON string. */
export const MemoryGraphqlShape = MemoryView.unwrap()
  .omit({ userId: true, endUserId: true, agentId: true, runId: true, embedding: true })
  .extend({ metadata: z.string().meta({ description: 'The stored metadata object as a JSON string.' }) });

export const MemoryModel = graphqlObjectType('Memory', MemoryGraphqlShape, {
  ids: ['id'],
  types: { source: () => MemorySourceModel },
});
export type MemoryModel = InstanceType<typeof MemoryModel>;

export const MemoryPageModel = graphqlObjectType('MemoryPage', MemoryListView, {
  types: { memories: () => [MemoryModel], sort: () => MemorySortModel },
});
export type MemoryPageModel = Omit<MemoryListView, 'memories'> & {
  readonly memories: readonly MemoryModel[];
};

const MemoryScoresModel = graphqlObjectType('MemoryScores', MemoryScoreBreakdown, {
  description: 'Why a search result ranked where it did.',
});
export type MemoryScoresModel = MemoryScoreBreakdown;

const MemorySearchResultModel = graphqlObjectType('MemorySearchResult', MemorySearchResultView, {
  types: { memory: () => MemoryModel, scores: () => MemoryScoresModel },
});

export const MemorySearchResultsModel = graphqlObjectType('MemorySearchResults', MemorySearchView, {
  types: { results: () => [MemorySearchResultModel] },
});
export type MemorySearchResultsModel = Omit<MemorySearchView, 'results'> & {
  readonly results: ReadonlyArray<Omit<MemorySearchResultView, 'memory'> & { readonly memory: MemoryModel }>;
};

/** The memory service's filter fields the Memories screen offers. */
export const MemorySearchFiltersInput = graphqlInputType(
  'MemorySearchFilters',
  z
    .object(memoryFilterFields)
    .pick({ category: true, source: true, createdAfter: true, createdBefore: true }),
  {
    types: { category: () => String, source: () => MemorySourceModel },
    descriptions: {
      createdAfter: 'ISO 8601; only memories created at or after it.',
      createdBefore: 'ISO 8601; only memories created before it.',
    },
  },
);
export type MemorySearchFiltersInput = InstanceType<typeof MemorySearchFiltersInput>;

/** A version as GraphQL shows it: without its metadata. */
export const MemoryVersionGraphqlShape = MemoryVersionView.unwrap().omit({ metadata: true });

/*
 * Where a view's description differs from the one the GraphQL schema has always shown, `descriptions` gives
 * GraphQL's wording (the REST wording stays the contract's).
 */

export const MemoryVersionModel = graphqlObjectType('MemoryVersion', MemoryVersionGraphqlShape, {
  description: 'One state of a memory; the last one is the current state.',
  types: { event: () => MemoryVersionEventModel },
  descriptions: { recordedAt: 'When this version was replaced (or, for the current one, last updated).' },
});
export type MemoryVersionModel = z.output<typeof MemoryVersionGraphqlShape>;

const MemoryHistoryGraphqlShape = MemoryHistoryView.unwrap().extend({
  versions: z.array(MemoryVersionGraphqlShape).readonly(),
});

export const MemoryHistoryModel = graphqlObjectType('MemoryHistory', MemoryHistoryGraphqlShape, {
  ids: ['memoryId'],
  types: { versions: () => [MemoryVersionModel] },
  descriptions: { versions: 'Oldest first.' },
});
export type MemoryHistoryModel = z.output<typeof MemoryHistoryGraphqlShape>;

/** One kind of record a delete removed and how many: an entry of the receipt's `removed` map. */
const MemoryRemovedCountShape = z.object({ kind: z.string(), count: z.int() });

export const MemoryRemovedCountModel = graphqlObjectType('MemoryRemovedCount', MemoryRemovedCountShape);
export type MemoryRemovedCountModel = z.output<typeof MemoryRemovedCountShape>;

/** The receipt as GraphQL shows it: its counts a list of kind and count (GraphQL has no map type). */
const MemoryDeletionReceiptGraphqlShape = MemoryDeletionReceipt.unwrap().extend({
  removed: z.array(MemoryRemovedCountShape).readonly(),
});

export const MemoryDeletionReceiptModel = graphqlObjectType(
  'MemoryDeletionReceipt',
  MemoryDeletionReceiptGraphqlShape,
  {
    description: 'What deleting a memory removed, counted by kind.',
    types: { memoryIds: () => [ID], removed: () => [MemoryRemovedCountModel] },
  },
);
export type MemoryDeletionReceiptModel = z.output<typeof MemoryDeletionReceiptGraphqlShape>;

export const MemoryStatsModel = graphqlObjectType('MemoryStats', MemoryStatsView, {
  descriptions: {
    memoryCount: 'Open memories of your own account: the same count as the totalCount of an unfiltered list.',
    closedCount: 'Facts closed since they were stored, counted apart from memoryCount.',
    oldestTimestamp: "The oldest memory's creation time; now when there are none.",
  },
});
export type MemoryStatsModel = MemoryStatsView;

export const ConceptModel = graphqlObjectType('Concept', ConceptView, {
  ids: ['id'],
  types: { kind: () => ConceptKindModel },
});
export type ConceptModel = ConceptView;

const ConceptRelationModel = graphqlObjectType('ConceptRelation', ConceptRelationView, {
  ids: ['source', 'target'],
  types: { kind: () => ConceptRelationKindModel },
});
export type ConceptRelationModel = ConceptRelationView;

export const ConceptGraphModel = graphqlObjectType('ConceptGraph', ConceptGraphView, {
  types: { concepts: () => [ConceptModel], relations: () => [ConceptRelationModel] },
});
export type ConceptGraphModel = ConceptGraphView;

/*
 * What the Memories screen writes: the memory service's create and update requests, picked to the fields the
 * screen offers (the category is a String: a custom category's name is checked by the service).
 */

export const CreateMemoryInput = graphqlInputType(
  'CreateMemoryInput',
  CreateMemoryRequest.pick({ text: true, category: true, importance: true, expirationDate: true }),
  {
    types: { category: () => String },
    descriptions: {
      importance: 'From 0 to 1; default 0.5.',
      expirationDate: 'ISO 8601: after it the memory is hidden from every read and then deleted.',
    },
  },
);
export type CreateMemoryInput = InstanceType<typeof CreateMemoryInput>;

export const UpdateMemoryInput = graphqlInputType(
  'UpdateMemoryInput',
  UpdateMemoryRequest.pick({ text: true, category: true, importance: true, expirationDate: true }),
  {
    description: 'Only the fields given change.',
    types: { category: () => String },
    descriptions: {
      category: 'An explicit null makes the memory uncategorised; leaving it out keeps the category.',
      expirationDate: 'ISO 8601 expiration; an explicit null removes it, leaving it out keeps it.',
    },
  },
);
export type UpdateMemoryInput = InstanceType<typeof UpdateMemoryInput>;
