import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  type CreateMemoryRequest,
  type MemoryCategoryView,
  type MemoryScopeFields,
  type MemorySearchResultView,
  MemorySubjects,
  type MemoryView,
  type SearchMemoriesRequest,
  type UpdateMemoryRequest,
} from '@membolt/contracts';
import type { MemoryAccess } from '../../ports/memory-access.js';

/** More open facts than this on one subject would mean the subject is not single-valued: none are. */
const OPEN_FACTS_LIMIT = 50;

@Injectable()
export class BusMemoryAccess implements MemoryAccess {
  constructor(private readonly bus: BusClient) {}

  async search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]> {
    return (await this.bus.request(MemorySubjects.search, request, { userId })).results;
  }

  openFactsOn(userId: string, scope: MemoryScopeFields, subject: string): Promise<readonly MemoryView[]> {
    return this.factsWith(userId, scope, { subject }, false);
  }

  async factsWith(
    userId: string,
    scope: MemoryScopeFields,
    metadata: Readonly<Record<string, string>>,
    includeClosed: boolean,
  ): Promise<readonly MemoryView[]> {
    const page = await this.bus.request(
      MemorySubjects.list,
      {
        ...scope,
        limit: OPEN_FACTS_LIMIT,
        offset: 0,
        sort: 'recent',
        metadata: { ...metadata },
        includeClosed,
      },
      { userId },
    );
    return page.memories;
  }

  create(userId: string, request: CreateMemoryRequest): Promise<MemoryView> {
    return this.bus.request(MemorySubjects.create, request, { userId });
  }

  update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView> {
    return this.bus.request(MemorySubjects.update, request, { userId });
  }

  async customCategories(userId: string): Promise<readonly MemoryCategoryView[]> {
    return (await this.bus.request(MemorySubjects.listCategories, {}, { userId })).categories;
  }

  async classifyCategories(userId: string, texts: readonly string[]): Promise<ReadonlyArray<string | null>> {
    if (texts.length === 0) return [];
    return (await this.bus.request(MemorySubjects.classifyCategories, { texts: [...texts] }, { userId }))
      .categories;
  }

  async conversationCounts(
    userId: string,
    scope: MemoryScopeFields,
    conversationIds: readonly string[],
  ): Promise<Readonly<Record<string, number>>> {
    if (conversationIds.length === 0) return {};
    return (
      await this.bus.request(
        MemorySubjects.conversationCounts,
        { ...scope, conversationIds: [...conversationIds] },
        { userId },
      )
    ).counts;
  }
}
