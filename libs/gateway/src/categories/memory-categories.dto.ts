import { ApiProperty } from '@nestjs/swagger';
import {
  CUSTOM_MEMORY_CATEGORIES_MAX,
  MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_PATTERN,
  MemoryCategoryDeletionView,
  MemoryCategoryListView,
  MemoryCategoryView,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';

const NAME = {
  description:
    'A lowercase slug, unique in the account; not a built-in category (personal, work, preference, interest) ' +
    'nor none.',
  pattern: MEMORY_CATEGORY_NAME_PATTERN.source,
  maxLength: MEMORY_CATEGORY_NAME_MAX_LENGTH,
  example: 'travel',
};
const DESCRIPTION = {
  description: 'What the category holds, in words: the fact extractors read it to assign the category.',
  minLength: 1,
  maxLength: MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  example: 'Trips, flights, hotels and places visited or planned',
};

/** `POST /api/user/{userId}/categories`. */
export class CreateMemoryCategoryBody {
  @ApiProperty(NAME)
  name!: string;

  @ApiProperty(DESCRIPTION)
  description!: string;
}

/** `PUT /api/user/{userId}/categories/{name}`: the name is the category's identity and does not change. */
export class UpdateMemoryCategoryBody {
  @ApiProperty(DESCRIPTION)
  description!: string;
}

/*
 * The category answers on the REST wire: the contract's views (libs/contracts memory-categories.ts) under
 * snake_case names (restObjectType), with the name and description rules a body is read by, and the built-in
 * categories a list shows beside the account's own.
 */
const category = MemoryCategoryView.unwrap().shape;
export const MemoryCategoryResponse = restObjectType(
  'MemoryCategoryResponse',
  z.object({
    name: category.name.meta({ rest: NAME }),
    description: category.description.meta({ rest: DESCRIPTION }),
    createdAt: category.createdAt.meta({ rest: { format: 'date-time' } }),
    updatedAt: category.updatedAt.meta({ rest: { format: 'date-time' } }),
  }),
);
export type MemoryCategoryResponse = InstanceType<typeof MemoryCategoryResponse>;

export const MemoryCategoryListResponse = restObjectTypeOf<{
  categories: MemoryCategoryResponse[];
  built_in: string[];
}>(
  'MemoryCategoryListResponse',
  z.object({
    categories: MemoryCategoryListView.unwrap().shape.categories.meta({
      description: `The account's custom categories by name (at most ${CUSTOM_MEMORY_CATEGORIES_MAX}).`,
    }),
    builtIn: z.array(z.string()).meta({
      description: 'The built-in categories every account has, beside its own.',
      rest: { example: ['personal', 'work', 'preference', 'interest'] },
    }),
  }),
  { types: { categories: () => [MemoryCategoryResponse] } },
);
export type MemoryCategoryListResponse = InstanceType<typeof MemoryCategoryListResponse>;

const deletion = MemoryCategoryDeletionView.unwrap().shape;
export const MemoryCategoryDeletionResponse = restObjectType(
  'MemoryCategoryDeletionResponse',
  z.object({
    name: restExample(deletion.name, 'travel'),
    memoriesUncategorised: deletion.memoriesUncategorised,
  }),
);
export type MemoryCategoryDeletionResponse = InstanceType<typeof MemoryCategoryDeletionResponse>;
