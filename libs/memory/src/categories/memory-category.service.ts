import { Inject, Injectable } from '@nestjs/common';
import {
  CUSTOM_MEMORY_CATEGORIES_MAX,
  type CreateMemoryCategoryRequest,
  RESERVED_MEMORY_CATEGORY_NAMES,
  type UpdateMemoryCategoryRequest,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { classifyCustomCategories } from './custom-category.classifier.js';
import type { CustomMemoryCategory } from '../domain/memory-category.js';
import { categoryExists, categoryNotFound, tooManyCategories, unknownCategory } from '../memory.errors.js';
import { MEMORY_STORE, type MemoryStore } from '../ports/memory-store.js';

/**
 * The custom categories of an account (decision 159): a name beside the built-in ones and a description
 * the fact extractors read. A memory may carry a built-in category or one of its account's.
 */
@Injectable()
export class MemoryCategoryService {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  list(userId: string): Promise<CustomMemoryCategory[]> {
    return this.store.categories.list(userId);
  }

  async create(userId: string, request: CreateMemoryCategoryRequest): Promise<CustomMemoryCategory> {
    const now = this.clock.now();
    const category: CustomMemoryCategory = {
      userId,
      name: request.name,
      description: request.description,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await this.store.categories.insert(category, CUSTOM_MEMORY_CATEGORIES_MAX);
    if (outcome === 'exists') throw categoryExists(request.name);
    if (outcome === 'full') throw tooManyCategories();
    return category;
  }

  async update(userId: string, request: UpdateMemoryCategoryRequest): Promise<CustomMemoryCategory> {
    const updated = await this.store.categories.updateDescription(
      userId,
      request.name,
      request.description,
      this.clock.now(),
    );
    if (!updated) throw categoryNotFound();
    return updated;
  }

  /** Removes the category; the memories carrying it become uncategorised. How many they were. */
  async delete(userId: string, name: string): Promise<number> {
    const uncategorised = await this.store.categories.delete(userId, name);
    if (uncategorised === null) throw categoryNotFound();
    return uncategorised;
  }

  /**
   * Refuses the first name given that is neither built in ("none" included) nor a custom category of the
   * account. Reads the account's categories only when a name is not built in.
   */
  async assertKnown(userId: string, names: ReadonlyArray<string | null | undefined>): Promise<void> {
    const custom = [
      ...new Set(
        names.filter((name): name is string => !!name && !RESERVED_MEMORY_CATEGORY_NAMES.includes(name)),
      ),
    ];
    if (custom.length === 0) return;
    const held = new Set((await this.store.categories.list(userId)).map((category) => category.name));
    const unknown = custom.find((name) => !held.has(name));
    if (unknown !== undefined) throw unknownCategory(unknown);
  }

  /** The custom category that fits each text, or null: none of the account's does (or it has none). */
  async classify(userId: string, texts: readonly string[]): Promise<Array<string | null>> {
    if (texts.length === 0) return [];
    return classifyCustomCategories(texts, await this.store.categories.list(userId));
  }

  deleteUserData(userId: string): Promise<number> {
    return this.store.categories.deleteUser(userId);
  }
}
