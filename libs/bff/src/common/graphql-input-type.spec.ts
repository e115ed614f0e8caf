import { describe, expect, it } from '@jest/globals';
import {
  Args,
  GraphQLSchemaBuilderModule,
  GraphQLSchemaFactory,
  Mutation,
  Query,
  Resolver,
} from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { printSchema } from 'graphql';
import { z } from 'zod';
import { graphqlEnum } from './graphql-enum.js';
import { graphqlArgsType, graphqlInputType } from './graphql-input-type.js';

const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .transform((value) => value ?? undefined)
    .optional();

/** A request as a contract writes one: wrappers, a preprocess step, a transform, a hand-checked list. */
const GadgetRequest = z.strictObject({
  ownerId: z.string(),
  name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().min(1)),
  note: optional(z.string().max(10)).meta({ description: 'A note from its owner.' }),
  count: z.int(),
  weight: optional(z.number()),
  active: z.boolean(),
  colour: z.enum(['red', 'blue']),
  cleared: z.string().nullable().optional(),
  tags: z.unknown().transform((value) => value as string[]),
  parentId: optional(z.string()),
});

const ColourModel = graphqlEnum(['red', 'blue'] as const, { name: 'TestColour' });

const GadgetInput = graphqlInputType('TestGadgetInput', GadgetRequest.omit({ ownerId: true }), {
  description: 'A thing to make.',
  ids: ['parentId'],
  types: { colour: () => ColourModel, tags: () => [String] },
  descriptions: { count: 'How many.' },
  defaults: { active: false },
});
type GadgetInput = InstanceType<typeof GadgetInput>;

const ScopeArgs = graphqlArgsType('TestScopeArgs', z.object({ scope: optional(z.string()) }), {
  descriptions: { scope: 'Where to look.' },
});
type ScopeArgs = InstanceType<typeof ScopeArgs>;

@Resolver()
class GadgetResolver {
  @Query(() => Boolean)
  gadgets(@Args() _scope: ScopeArgs): boolean {
    return true;
  }

  @Mutation(() => Boolean)
  makeGadget(@Args('input') _input: GadgetInput): boolean {
    return true;
  }
}

describe('graphqlInputType', () => {
  it('declares one input field per schema field, optional where the schema is, typed by the side a client writes', async () => {
    const module = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
    const printed = printSchema(await module.get(GraphQLSchemaFactory).create([GadgetResolver]));
    expect(printed).toContain(
      [
        '"""A thing to make."""',
        'input TestGadgetInput {',
        '  name: String!',
        '',
        '  """A note from its owner."""',
        '  note: String',
        '',
        '  """How many."""',
        '  count: Int!',
        '  weight: Float',
        '  active: Boolean! = false',
        '  colour: TestColour!',
        '  cleared: String',
        '  tags: [String!]!',
        '  parentId: ID',
        '}',
      ].join('\n'),
    );
    expect(printed).toContain('gadgets(\n    """Where to look."""\n    scope: String\n  ): Boolean!');
    expect(printed).not.toContain('ownerId');
  });

  it('names each class after its GraphQL type (the resolvers name them as parameter types)', () => {
    expect(GadgetInput.name).toBe('TestGadgetInput');
    expect(ScopeArgs.name).toBe('TestScopeArgs');
  });

  it('refuses a field it cannot type without being told', () => {
    expect(() => graphqlInputType('TestOrphanInput', z.object({ list: z.unknown() }))).toThrow(
      'TestOrphanInput.list: no GraphQL type for this schema; name one in `types`',
    );
  });
});
