import { z } from 'zod';
import { boundedString } from '../common/wire-schema.js';
import { eachStringList } from '../common/wire-strings.js';
import {
  isMemoryCategoryName,
  MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  MEMORY_TEXT_MAX_LENGTH,
  MemoryMessages,
  RESERVED_MEMORY_CATEGORY_NAMES,
} from '../rules/memory.rules.js';

/** Why a custom category's name is refused (null: fine): its shape, or a built-in name. */
export function customCategoryNameProblem(value: unknown): string | null {
  if (!isMemoryCategoryName(value)) return MemoryMessages.categoryNameFormat;
  if (RESERVED_MEMORY_CATEGORY_NAMES.includes(value)) return MemoryMessages.categoryNameReserved(value);
  return null;
}

/** A custom category's name: its shape first, then a built-in name is refused. */
const customCategoryName = () =>
  z.string({ error: MemoryMessages.categoryNameFormat }).check((ctx) => {
    const problem = customCategoryNameProblem(ctx.value);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** Why a description is refused (null: fine), after trimming: missing or blank, or too long. */
function categoryDescriptionProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return MemoryMessages.categoryDescriptionRequired;
  if (value.length > MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH) return MemoryMessages.categoryDescriptionTooLong;
  return null;
}

/** A category's description, trimmed, then required and bounded. */
const categoryDescription = () =>
  z
    .string({ error: MemoryMessages.categoryDescriptionRequired })
    .trim()
    .check((ctx) => {
      const problem = categoryDescriptionProblem(ctx.value);
      if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    });

/*
 * The category requests are zod schemas refusing with the texts of the class-validator classes they replace
 * (docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md).
 */

/** Lists the acting account's custom categories: nothing to send. */
export const ListMemoryCategoriesRequest = z.strictObject({});
export type ListMemoryCategoriesRequest = z.output<typeof ListMemoryCategoriesRequest>;

/** A new custom category of the acting account. */
export const CreateMemoryCategoryRequest = z.strictObject({
  name: customCategoryName(),
  description: categoryDescription(),
});
export type CreateMemoryCategoryRequest = z.output<typeof CreateMemoryCategoryRequest>;

const categoryNameField = () => boundedString(200, { lengthTextFirst: true });

/** Names one custom category of the acting account. */
export const MemoryCategoryNameRequest = z.strictObject({ name: categoryNameField() });
export type MemoryCategoryNameRequest = z.output<typeof MemoryCategoryNameRequest>;

/** Changes a custom category's description. Its name is its identity: rename by adding and deleting. */
export const UpdateMemoryCategoryRequest = z.strictObject({
  description: categoryDescription(),
  name: categoryNameField(),
});
export type UpdateMemoryCategoryRequest = z.output<typeof UpdateMemoryCategoryRequest>;

/** Deleting a category leaves its memories uncategorised (decision 159). */
export const DeleteMemoryCategoryRequest = MemoryCategoryNameRequest;
export type DeleteMemoryCategoryRequest = z.output<typeof DeleteMemoryCategoryRequest>;

/** Texts classified at once (the facts of one message). */
export const CLASSIFY_CATEGORIES_MAX_TEXTS = 100;

/** Texts (extracted facts) to classify into the acting account's custom categories. */
export const ClassifyMemoryCategoriesRequest = z.strictObject({
  texts: eachStringList(MEMORY_TEXT_MAX_LENGTH, { max: CLASSIFY_CATEGORIES_MAX_TEXTS }),
});
export type ClassifyMemoryCategoriesRequest = z.output<typeof ClassifyMemoryCategoriesRequest>;

/** One answer per text, in order: the custom category that fits it, or null (keep the built-in one). */
export interface MemoryCategoryClassificationView {
  readonly categories: ReadonlyArray<string | null>;
}

/** One of the account's custom categories (decision 159). */
export const MemoryCategoryView = z
  .object({
    name: z.string(),
    description: z
      .string()
      .meta({ description: 'What the category holds: the fact extractors read it to assign the category.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type MemoryCategoryView = z.output<typeof MemoryCategoryView>;

export const MemoryCategoryListView = z
  .object({ categories: z.array(MemoryCategoryView).readonly() })
  .readonly();
export type MemoryCategoryListView = z.output<typeof MemoryCategoryListView>;

export const MemoryCategoryDeletionView = z
  .object({
    name: z.string(),
    memoriesUncategorised: z
      .int()
      .meta({ description: 'Memories that carried the category: they are uncategorised now.' }),
  })
  .readonly();
export type MemoryCategoryDeletionView = z.output<typeof MemoryCategoryDeletionView>;
