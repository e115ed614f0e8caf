import { describe, expect, it } from '@jest/globals';
import {
  Field,
  GraphQLSchemaBuilderModule,
  GraphQLSchemaFactory,
  ObjectType,
  Query,
  Resolver,
} from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { printSchema } from 'graphql';
import { graphqlEnum } from './graphql-enum.js';

const FLAVOURS = ['plain', 'extra-hot', 'co-op-blend'] as const;
type Flavour = (typeof FLAVOURS)[number];

const FlavourModel = graphqlEnum(FLAVOURS, { name: 'TestFlavour', description: 'How it tastes.' });

@ObjectType('TestDish')
class DishModel {
  @Field(() => FlavourModel)
  flavour!: Flavour;
}

@Resolver(() => DishModel)
class DishResolver {
  @Query(() => DishModel)
  dish(): DishModel {
    return { flavour: 'extra-hot' };
  }
}

describe('graphqlEnum', () => {
  it('names each contract value camel-cased and keeps the value itself', () => {
    expect(FlavourModel).toEqual({ plain: 'plain', extraHot: 'extra-hot', coOpBlend: 'co-op-blend' });
    const value: Flavour = FlavourModel.extraHot;
    expect(value).toBe('extra-hot');
  });

  it('registers the enum in the schema under its names, with its description', async () => {
    const module = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
    const schema = await module.get(GraphQLSchemaFactory).create([DishResolver]);
    const printed = printSchema(schema);
    expect(printed).toContain(
      '"""How it tastes."""\nenum TestFlavour {\n  plain\n  extraHot\n  coOpBlend\n}',
    );
    expect(printed).toContain('flavour: TestFlavour!');
  });

  it('refuses values whose GraphQL names would collide or be invalid', () => {
    expect(() => graphqlEnum(['a-b', 'aB'], { name: 'TestClash' })).toThrow(
      'GraphQL enum TestClash: "aB" has no distinct GraphQL name',
    );
    expect(() => graphqlEnum(['1st'], { name: 'TestDigit' })).toThrow(
      'GraphQL enum TestDigit: "1st" has no distinct GraphQL name',
    );
  });
});
