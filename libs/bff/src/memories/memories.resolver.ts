import { Args, Float, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { MEMORY_SEARCH_DEFAULT_THRESHOLD, METERED_ENDPOINTS, MemorySubjects } from '@membolt/contracts';
import { Metered } from '@membolt/edge';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import {
  toCategoryChange,
  toDeletionReceiptModel,
  toFilterFields,
  toHistoryModel,
  toMemoryModel,
  toMemoryPage,
  toScopeFields,
  toSearchResults,
  toStatsModel,
} from './memories.mapper.js';
import {
  ConceptGraphModel,
  ConceptModel,
  CreateMemoryInput,
  DEFAULT_MEMORY_GRAPH_NODES,
  DEFAULT_MEMORY_PAGE_SIZE,
  DEFAULT_MEMORY_SORT,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  type MemoryCategoryModel,
  MemoryDeletionReceiptModel,
  MemoryHistoryModel,
  MemoryModel,
  MemoryPageModel,
  MemoryScopeArgs,
  MemorySearchFiltersInput,
  MemorySearchResultsModel,
  MemorySortModel,
  MemorySourceModel,
  MemoryStatsModel,
  UpdateMemoryInput,
} from './memories.models.js';

/**
 * The signed-in user's memories (the Memories screen, the dashboard, the chat's memory panel). Every call
 * acts for the session's account: its own memories, or (list, search, stats) one of its end users', agents'
 * or runs' scopes named by the scope arguments, as the REST API reads them. The memory service validates
 * every argument: a bad value is BAD_USER_INPUT, another user's memory id NOT_FOUND.
 */
@Resolver(() => MemoryModel)
export class MemoriesResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => MemoryPageModel, { description: 'One page of memories, sorted and filtered.' })
  @Metered(METERED_ENDPOINTS.memoryList)
  async memories(
    @CurrentUser() user: SessionUser,
    @Args('limit', { type: () => Int, defaultValue: DEFAULT_MEMORY_PAGE_SIZE }) limit: number,
    @Args('offset', { type: () => Int, defaultValue: 0 }) offset: number,
    @Args('sort', { type: () => MemorySortModel, defaultValue: DEFAULT_MEMORY_SORT }) sort: MemorySortModel,
    @Args('category', { type: () => String, nullable: true })
    category: MemoryCategoryModel | null,
    @Args('source', { type: () => MemorySourceModel, nullable: true }) source: MemorySourceModel | null,
    @Args() scope: MemoryScopeArgs,
  ): Promise<MemoryPageModel> {
    const page = await this.bus.request(
      MemorySubjects.list,
      { limit, offset, sort, ...toFilterFields({ category, source }), ...toScopeFields(scope) },
      { userId: user.userId },
    );
    return toMemoryPage(page);
  }

  @Query(() => MemoryModel)
  async memory(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<MemoryModel> {
    return toMemoryModel(
      await this.bus.request(MemorySubjects.get, { memoryId: id }, { userId: user.userId }),
    );
  }

  @Query(() => MemoryHistoryModel, { description: 'Every version of one memory, oldest first.' })
  async memoryHistory(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<MemoryHistoryModel> {
    return toHistoryModel(
      await this.bus.request(MemorySubjects.history, { memoryId: id }, { userId: user.userId }),
    );
  }

  @Query(() => [ConceptModel], { description: 'The concepts extracted from one memory.' })
  async memoryConcepts(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<readonly ConceptModel[]> {
    const view = await this.bus.request(
      MemorySubjects.memoryConcepts,
      { memoryId: id },
      { userId: user.userId },
    );
    return view.concepts;
  }

  @Query(() => MemorySearchResultsModel, {
    description: 'Hybrid search; each result carries the scores that explain its rank.',
  })
  @Metered(METERED_ENDPOINTS.memorySearch)
  async memorySearch(
    @CurrentUser() user: SessionUser,
    @Args('query') query: string,
    @Args('limit', { type: () => Int, defaultValue: MEMORY_SEARCH_DEFAULT_LIMIT }) limit: number,
    @Args('filters', { type: () => MemorySearchFiltersInput, nullable: true })
    filters: MemorySearchFiltersInput | null,
    @Args('threshold', {
      type: () => Float,
      defaultValue: MEMORY_SEARCH_DEFAULT_THRESHOLD,
      description:
        'The least relevance (0 to 1) a result must have; 0 keeps every memory that matches at all. The default ' +
        'lets a query nothing bears on answer nothing, so the Memories screen shows its empty state.',
    })
    threshold: number,
    @Args() scope: MemoryScopeArgs,
  ): Promise<MemorySearchResultsModel> {
    const view = await this.bus.request(
      MemorySubjects.search,
      {
        query,
        limit,
        ...(threshold > 0 ? { threshold } : {}),
        ...toFilterFields(filters),
        ...toScopeFields(scope),
      },
      { userId: user.userId },
    );
    return toSearchResults(view);
  }

  @Query(() => MemoryStatsModel)
  async memoryStats(
    @CurrentUser() user: SessionUser,
    @Args() scope: MemoryScopeArgs,
  ): Promise<MemoryStatsModel> {
    return toStatsModel(
      await this.bus.request(MemorySubjects.stats, toScopeFields(scope), { userId: user.userId }),
    );
  }

  @Query(() => Int, {
    description:
      'How many of your memories a plan keeping them `retentionDays` days (null: without limit) would delete now: the warning before a downgrade.',
  })
  async memoriesPastRetention(
    @CurrentUser() user: SessionUser,
    @Args('retentionDays', { type: () => Int, nullable: true }) retentionDays: number | null,
  ): Promise<number> {
    return (
      await this.bus.request(MemorySubjects.retentionPreview, { retentionDays }, { userId: user.userId })
    ).memoriesRemoved;
  }

  @Query(() => ConceptGraphModel, { description: 'The strongest concepts and the relations among them.' })
  async memoryGraph(
    @CurrentUser() user: SessionUser,
    @Args('maxNodes', { type: () => Int, defaultValue: DEFAULT_MEMORY_GRAPH_NODES }) maxNodes: number,
  ): Promise<ConceptGraphModel> {
    return this.bus.request(MemorySubjects.conceptGraph, { maxNodes }, { userId: user.userId });
  }

  @Query(() => MemoryPageModel, { description: 'The memories linked to one concept.' })
  async conceptMemories(
    @CurrentUser() user: SessionUser,
    @Args('conceptId', { type: () => ID }) conceptId: string,
    @Args('limit', { type: () => Int, defaultValue: DEFAULT_MEMORY_PAGE_SIZE }) limit: number,
  ): Promise<MemoryPageModel> {
    return toMemoryPage(
      await this.bus.request(MemorySubjects.conceptMemories, { conceptId, limit }, { userId: user.userId }),
    );
  }

  @Mutation(() => MemoryModel)
  async createMemory(
    @CurrentUser() user: SessionUser,
    @Args('input') input: CreateMemoryInput,
  ): Promise<MemoryModel> {
    const request = {
      text: input.text,
      ...(input.category ? { category: input.category } : {}),
      ...(input.importance !== undefined && input.importance !== null
        ? { importance: input.importance }
        : {}),
      ...(input.expirationDate ? { expirationDate: input.expirationDate } : {}),
    };
    return toMemoryModel(await this.bus.request(MemorySubjects.create, request, { userId: user.userId }));
  }

  @Mutation(() => MemoryModel, {
    description: 'Changes only the fields given; the previous version is kept.',
  })
  async updateMemory(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateMemoryInput,
  ): Promise<MemoryModel> {
    const request = {
      memoryId: id,
      ...(input.text !== undefined && input.text !== null ? { text: input.text } : {}),
      ...(input.importance !== undefined && input.importance !== null
        ? { importance: input.importance }
        : {}),
      ...toCategoryChange(input.category),
      ...(input.expirationDate !== undefined ? { expirationDate: input.expirationDate } : {}),
    };
    return toMemoryModel(await this.bus.request(MemorySubjects.update, request, { userId: user.userId }));
  }

  @Mutation(() => MemoryDeletionReceiptModel, {
    description: 'Deletes the memory with its vector, keyword entry, history and concept links.',
  })
  @Metered(METERED_ENDPOINTS.memoryDelete)
  async deleteMemory(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<MemoryDeletionReceiptModel> {
    return toDeletionReceiptModel(
      await this.bus.request(MemorySubjects.delete, { memoryId: id }, { userId: user.userId }),
    );
  }
}
