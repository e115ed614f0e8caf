import 'reflect-metadata';
import { ArrayMaxSize, IsArray, IsString, MaxLength, ValidateBy } from 'class-validator';
import { composeDecorators, Trim } from '../common/validators.js';
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

const IsCustomCategoryName = (): PropertyDecorator =>
  ValidateBy({
    name: 'isCustomCategoryName',
    validator: {
      validate: (value: unknown) => customCategoryNameProblem(value) === null,
      defaultMessage: (args) => customCategoryNameProblem(args?.value) ?? MemoryMessages.categoryNameFormat,
    },
  });

/** Why a description is refused (null: fine), after trimming: missing or blank, or too long. */
function categoryDescriptionProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return MemoryMessages.categoryDescriptionRequired;
  if (value.length > MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH) return MemoryMessages.categoryDescriptionTooLong;
  return null;
}

const IsCategoryDescription = (): PropertyDecorator =>
  composeDecorators(
    Trim(),
    ValidateBy({
      name: 'isCategoryDescription',
      validator: {
        validate: (value: unknown) => categoryDescriptionProblem(value) === null,
        defaultMessage: (args) =>
          categoryDescriptionProblem(args?.value) ?? MemoryMessages.categoryDescriptionRequired,
      },
    }),
  );

/** Lists the acting account's custom categories: nothing to send. */
export class ListMemoryCategoriesRequest {}

/** A new custom category of the acting account. */
export class CreateMemoryCategoryRequest {
  @IsCustomCategoryName()
  name!: string;

  @IsCategoryDescription()
  description!: string;
}

/** Names one custom category of the acting account. */
export class MemoryCategoryNameRequest {
  @IsString()
  @MaxLength(200)
  name!: string;
}

/** Changes a custom category's description. Its name is its identity: rename by adding and deleting. */
export class UpdateMemoryCategoryRequest extends MemoryCategoryNameRequest {
  @IsCategoryDescription()
  description!: string;
}

/** Deleting a category leaves its memories uncategorised (decision 159). */
export class DeleteMemoryCategoryRequest extends MemoryCategoryNameRequest {}

/** Texts classified at once (the facts of one message). */
export const CLASSIFY_CATEGORIES_MAX_TEXTS = 100;

/** Texts (extracted facts) to classify into the acting account's custom categories. */
export class ClassifyMemoryCategoriesRequest {
  @IsArray()
  @ArrayMaxSize(CLASSIFY_CATEGORIES_MAX_TEXTS)
  @IsString({ each: true })
  @MaxLength(MEMORY_TEXT_MAX_LENGTH, { each: true })
  texts!: string[];
}

/** One answer per text, in order: the custom category that fits it, or null (keep the built-in one). */
export interface MemoryCategoryClassificationView {
  readonly categories: ReadonlyArray<string | null>;
}

export interface MemoryCategoryView {
  readonly name: string;
  readonly description: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface MemoryCategoryListView {
  readonly categories: readonly MemoryCategoryView[];
}

export interface MemoryCategoryDeletionView {
  readonly name: string;
  /** Memories that carried the category and are uncategorised now. */
  readonly memoriesUncategorised: number;
}
