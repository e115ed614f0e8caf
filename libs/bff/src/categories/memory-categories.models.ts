import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';

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

@InputType()
export class CreateMemoryCategoryInput {
  @Field({ description: 'A lowercase slug (a letter, then letters, digits, - or _), at most 40 characters.' })
  name!: string;

  @Field({ description: 'At most 300 characters.' })
  description!: string;
}

@InputType()
export class UpdateMemoryCategoryInput {
  @Field({ description: 'The category to describe again (its name does not change).' })
  name!: string;

  @Field({ description: 'At most 300 characters.' })
  description!: string;
}
