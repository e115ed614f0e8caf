import 'reflect-metadata';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import { composeDecorators, Trim } from '../common/validators.js';
import {
  isMemoryCategoryName,
  MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
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

const IsCategoryDescription = (): PropertyDecorator =>
  composeDecorators(
    Trim(),
    IsString({ message: MemoryMessages.categoryDescriptionRequired }),
    IsNotEmpty({ message: MemoryMessages.categoryDescriptionRequired }),
    MaxLength(MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH, { message: MemoryMessages.categoryDescriptionTooLong }),
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
