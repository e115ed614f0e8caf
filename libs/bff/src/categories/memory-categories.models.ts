import { Field, Int, ObjectType } from '@nestjs/graphql';
import { CreateMemoryCategoryRequest, UpdateMemoryCategoryRequest } from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';

@ObjectType('CustomMemoryCategory', {
  description:
    'A category of the account beside the built-in ones; the fact extractors read its description.',
})
export class CustomMemoryCategoryModel {
  @Field({ description: 'A lowercase slug, unique in the account.' })
  name!: string;

  @Field({ description: 'What the category holds, in words.' })
  description!: string;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;
}

@ObjectType('MemoryCategoryDeletion')
export class MemoryCategoryDeletionModel {
  @Field()
  name!: string;

  @Field(() => Int, { description: 'Memories that carried the category: uncategorised now.' })
  memoriesUncategorised!: number;
}

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
