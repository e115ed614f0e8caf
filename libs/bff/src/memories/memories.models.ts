import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  CONCEPT_KINDS,
  CONCEPT_RELATION_KINDS,
  type ConceptKind,
  type ConceptRelationKind,
  DEFAULT_IMPORTANCE,
  DEFAULT_MEMORY_SORT,
  MEMORY_GRAPH_MAX_NODES,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  MEMORY_VERSION_EVENTS,
  MemoryScreenLimits,
  type MemorySort,
  type MemorySource,
  type MemoryVersionEvent,
} from '@membolt/contracts';
import { graphqlEnum } from '../common/graphql-enum.js';

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
@ArgsType()
export class MemoryScopeArgs {
  @Field(() => String, { nullable: true, description: 'An end user of your account (REST end_user_id).' })
  endUserId?: string | null;

  @Field(() => String, { nullable: true, description: 'An agent scope (REST agent_id).' })
  agentId?: string | null;

  @Field(() => String, { nullable: true, description: 'A run (session) scope (REST run_id).' })
  runId?: string | null;
}

export const DEFAULT_MEMORY_PAGE_SIZE = MemoryScreenLimits.memoriesPage;
/** The graph tab's default: enough to be useful, small enough to lay out at once on a phone. */
export const DEFAULT_MEMORY_GRAPH_NODES = 500;
export { DEFAULT_MEMORY_SORT, MEMORY_GRAPH_MAX_NODES, MEMORY_SEARCH_DEFAULT_LIMIT, DEFAULT_IMPORTANCE };

@ObjectType('Memory')
export class MemoryModel {
  @Field(() => ID)
  id!: string;

  @Field()
  text!: string;

  @Field(() => Float, { description: 'From 0 to 1 (default 0.5); weighs in search ranking.' })
  importance!: number;

  @Field(() => String, { nullable: true })
  category!: MemoryCategoryModel | null;

  @Field(() => MemorySourceModel)
  source!: MemorySourceModel;

  @Field(() => String, { nullable: true })
  conversationId!: string | null;

  @Field(() => String, { nullable: true })
  conversationTitle!: string | null;

  @Field({ description: 'The stored metadata object as a JSON string.' })
  metadata!: string;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;

  @Field({ description: 'When the fact started to hold.' })
  validFrom!: string;

  @Field(() => String, {
    nullable: true,
    description: 'When the fact stopped holding (null: it still does).',
  })
  validTo!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'After this time the memory is hidden from every read and then deleted (null: never).',
  })
  expirationDate!: string | null;

  @Field(() => Int, { description: '1 at creation, +1 on every update.' })
  version!: number;

  @Field(() => [String], {
    description: 'The kinds of sensitive data the privacy policy replaced by placeholders in this memory.',
  })
  redactions!: string[];
}

@ObjectType('MemoryPage')
export class MemoryPageModel {
  @Field(() => [MemoryModel])
  memories!: MemoryModel[];

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int, { description: 'Memories in this page.' })
  count!: number;

  @Field(() => Int, { description: 'Memories matching the filters in all pages.' })
  totalCount!: number;

  @Field(() => MemorySortModel)
  sort!: MemorySortModel;
}

@ObjectType('MemoryScores', { description: 'Why a search result ranked where it did.' })
export class MemoryScoresModel {
  @Field(() => Float, {
    nullable: true,
    description: 'Cosine similarity (0 to 1); null when not among the dense candidates.',
  })
  semantic!: number | null;

  @Field(() => Float, { nullable: true, description: 'BM25 keyword score; null when no query word matched.' })
  keyword!: number | null;

  @Field(() => Float, { description: 'Fused rank score before the rerank.' })
  fused!: number;

  @Field(() => Float)
  importance!: number;

  @Field(() => Float, { description: '1 for a memory made now, falling towards 0 with age.' })
  recency!: number;

  @Field({ description: 'A concept named in the query is linked to this memory.' })
  conceptMatch!: boolean;

  @Field({ description: 'The query named a time and the memory falls in it.' })
  timeMatch!: boolean;

  @Field(() => Float, { description: 'The final score results are sorted by.' })
  final!: number;

  @Field(() => Float, {
    description:
      'How much of the query the memory reaches by meaning rather than spelling (WordNet), 0 to 1.',
  })
  meaning!: number;

  @Field({ description: 'The query asks about a personal-fact slot (occupation, pet...) the memory states.' })
  slotMatch!: boolean;

  @Field(() => Float, { description: "The share of the query's content words the memory holds, 0 to 1." })
  coverage!: number;

  @Field(() => [String])
  reasons!: string[];
}

@ObjectType('MemorySearchResult')
export class MemorySearchResultModel {
  @Field(() => MemoryModel)
  memory!: MemoryModel;

  @Field(() => Float)
  score!: number;

  @Field(() => Float, {
    description: 'Calibrated relevance to the query, 0 to 1 (what `threshold` cuts on).',
  })
  relevance!: number;

  @Field(() => MemoryScoresModel)
  scores!: MemoryScoresModel;
}

@ObjectType('MemorySearchResults')
export class MemorySearchResultsModel {
  @Field(() => [MemorySearchResultModel])
  results!: MemorySearchResultModel[];

  @Field(() => Int)
  count!: number;

  @Field()
  query!: string;

  @Field({ description: '`exact` (scan of the user’s vectors) or `ann` (HNSW index).' })
  strategy!: string;
}

@InputType('MemorySearchFilters')
export class MemorySearchFiltersInput {
  @Field(() => String, { nullable: true })
  category?: MemoryCategoryModel | null;

  @Field(() => MemorySourceModel, { nullable: true })
  source?: MemorySourceModel | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601; only memories created at or after it.' })
  createdAfter?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601; only memories created before it.' })
  createdBefore?: string | null;
}

@ObjectType('MemoryVersion', { description: 'One state of a memory; the last one is the current state.' })
export class MemoryVersionModel {
  @Field(() => Int)
  version!: number;

  @Field()
  text!: string;

  @Field(() => Float)
  importance!: number;

  @Field(() => String, { nullable: true })
  category!: MemoryCategoryModel | null;

  @Field()
  validFrom!: string;

  @Field(() => String, { nullable: true })
  validTo!: string | null;

  @Field({ description: 'When this version was replaced (or, for the current one, last updated).' })
  recordedAt!: string;

  @Field(() => MemoryVersionEventModel)
  event!: MemoryVersionEventModel;
}

@ObjectType('MemoryHistory')
export class MemoryHistoryModel {
  @Field(() => ID)
  memoryId!: string;

  @Field(() => [MemoryVersionModel], { description: 'Oldest first.' })
  versions!: MemoryVersionModel[];
}

@ObjectType('MemoryRemovedCount')
export class MemoryRemovedCountModel {
  @Field()
  kind!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('MemoryDeletionReceipt', { description: 'What deleting a memory removed, counted by kind.' })
export class MemoryDeletionReceiptModel {
  @Field(() => [ID])
  memoryIds!: string[];

  @Field(() => [MemoryRemovedCountModel])
  removed!: MemoryRemovedCountModel[];

  @Field()
  deletedAt!: string;
}

@ObjectType('MemoryStats')
export class MemoryStatsModel {
  @Field(() => Int, {
    description: 'Open memories of your own account: the same count as the totalCount of an unfiltered list.',
  })
  memoryCount!: number;

  @Field(() => Int, { description: 'Facts closed since they were stored, counted apart from memoryCount.' })
  closedCount!: number;

  @Field(() => Float)
  avgImportance!: number;

  @Field({ description: "The oldest memory's creation time; now when there are none." })
  oldestTimestamp!: string;

  @Field(() => Int)
  conceptCount!: number;

  @Field(() => Int)
  relationCount!: number;
}

@ObjectType('Concept')
export class ConceptModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => ConceptKindModel)
  kind!: ConceptKindModel;

  @Field(() => String, {
    nullable: true,
    description: 'The most frequent category of its memories, for colouring.',
  })
  category!: MemoryCategoryModel | null;

  @Field(() => Int)
  memoryCount!: number;
}

@ObjectType('ConceptRelation')
export class ConceptRelationModel {
  @Field(() => ID, { description: 'A concept id.' })
  source!: string;

  @Field(() => ID, { description: 'A concept id.' })
  target!: string;

  @Field(() => Float)
  weight!: number;

  @Field(() => ConceptRelationKindModel)
  kind!: ConceptRelationKindModel;
}

@ObjectType('ConceptGraph')
export class ConceptGraphModel {
  @Field(() => [ConceptModel])
  concepts!: ConceptModel[];

  @Field(() => [ConceptRelationModel])
  relations!: ConceptRelationModel[];

  @Field({ description: 'True when the graph was cut to maxNodes (the strongest concepts kept).' })
  truncated!: boolean;
}

@InputType('CreateMemoryInput')
export class CreateMemoryInput {
  @Field()
  text!: string;

  @Field(() => String, { nullable: true })
  category?: MemoryCategoryModel | null;

  @Field(() => Float, { nullable: true, description: 'From 0 to 1; default 0.5.' })
  importance?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601: after it the memory is hidden from every read and then deleted.',
  })
  expirationDate?: string | null;
}

@InputType('UpdateMemoryInput', { description: 'Only the fields given change.' })
export class UpdateMemoryInput {
  @Field(() => String, { nullable: true })
  text?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An explicit null makes the memory uncategorised; leaving it out keeps the category.',
  })
  category?: MemoryCategoryModel | null;

  @Field(() => Float, { nullable: true })
  importance?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601 expiration; an explicit null removes it, leaving it out keeps it.',
  })
  expirationDate?: string | null;
}
