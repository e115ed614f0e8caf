import {
  CreateMemoryCategoryRequest,
  MemoryCategoryDeletionView,
  MemoryCategoryView,
  UpdateMemoryCategoryRequest,
} from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/* The wording the GraphQL schema has always shown, where the view's differs. */

export const CustomMemoryCategoryModel = graphqlObjectType('CustomMemoryCategory', MemoryCategoryView, {
  description:
    'A category of the account beside the built-in ones; the fact extractors read its description.',
  descriptions: {
    name: 'A lowercase slug, unique in the account.',
    description: 'What the category holds, in words.',
  },
});
export type CustomMemoryCategoryModel = MemoryCategoryView;

export const MemoryCategoryDeletionModel = graphqlObjectType(
  'MemoryCategoryDeletion',
  MemoryCategoryDeletionView,
  {
    descriptions: { memoriesUncategorised: 'Memories that carried the category: uncategorised now.' },
  },
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
