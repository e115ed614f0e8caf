import {
  CreateMemoryCategoryRequest,
  MemoryCategoryDeletionView,
  MemoryCategoryView,
  UpdateMemoryCategoryRequest,
} from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';
import { describedAs } from '../memories/memories.models.js';

const categoryFields = MemoryCategoryView.unwrap().shape;

/** A custom category in the wording the GraphQL schema has always shown. */
const CustomMemoryCategoryGraphqlShape = MemoryCategoryView.unwrap().extend({
  name: describedAs(categoryFields.name, 'A lowercase slug, unique in the account.'),
  description: describedAs(categoryFields.description, 'What the category holds, in words.'),
});

export const CustomMemoryCategoryModel = graphqlObjectType(
  'CustomMemoryCategory',
  CustomMemoryCategoryGraphqlShape,
  {
    description:
      'A category of the account beside the built-in ones; the fact extractors read its description.',
  },
);
export type CustomMemoryCategoryModel = MemoryCategoryView;

const MemoryCategoryDeletionGraphqlShape = MemoryCategoryDeletionView.unwrap().extend({
  memoriesUncategorised: describedAs(
    MemoryCategoryDeletionView.unwrap().shape.memoriesUncategorised,
    'Memories that carried the category: uncategorised now.',
  ),
});

export const MemoryCategoryDeletionModel = graphqlObjectType(
  'MemoryCategoryDeletion',
  MemoryCategoryDeletionGraphqlShape,
);
export type MemoryCategoryDeletionModel = MemoryCategoryDeletionView;

export const CreateMemoryCategoryInput = graphqlInputType(
  'CreateMemoryCategoryInput',
  CreateMemoryCategoryRequest,
  {
    descriptions: {
      name: 'A lowercase slug (a letter, then letters, digits, - or _), at most 40 characters.',
      description: 'At most 300 characters.',
    },
  },
);
export type CreateMemoryCategoryInput = InstanceType<typeof CreateMemoryCategoryInput>;

export const UpdateMemoryCategoryInput = graphqlInputType(
  'UpdateMemoryCategoryInput',
  UpdateMemoryCategoryRequest,
  {
    descriptions: {
      name: 'The category to describe again (its name does not change).',
      description: 'At most 300 characters.',
    },
  },
);
export type UpdateMemoryCategoryInput = InstanceType<typeof UpdateMemoryCategoryInput>;
