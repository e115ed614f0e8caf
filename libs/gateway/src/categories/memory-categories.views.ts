import {
  MEMORY_CATEGORIES,
  type MemoryCategoryDeletionView,
  type MemoryCategoryListView,
  type MemoryCategoryView,
} from '@membolt/contracts';
import type {
  MemoryCategoryDeletionResponse,
  MemoryCategoryListResponse,
  MemoryCategoryResponse,
} from './memory-categories.dto.js';

export function toMemoryCategoryResponse(view: MemoryCategoryView): MemoryCategoryResponse {
  return {
    name: view.name,
    description: view.description,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}

export function toMemoryCategoryListResponse(view: MemoryCategoryListView): MemoryCategoryListResponse {
  return { categories: view.categories.map(toMemoryCategoryResponse), built_in: [...MEMORY_CATEGORIES] };
}

export function toMemoryCategoryDeletionResponse(
  view: MemoryCategoryDeletionView,
): MemoryCategoryDeletionResponse {
  return { name: view.name, memories_uncategorised: view.memoriesUncategorised };
}
