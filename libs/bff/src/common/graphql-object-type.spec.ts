import { describe, expect, it } from '@jest/globals';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory, Query, Resolver } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { printSchema } from 'graphql';
import { z } from 'zod';
import { graphqlObjectType } from './graphql-object-type.js';

const Part = z.object({ label: z.string() });
const Gadget = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'What its owner calls it.' }),
    note: z.string().nullable(),
    count: z.int(),
    weight: z.number().optional(),
    active: z.boolean(),
    colour: z.enum(['red', 'blue']),
    tags: z.array(z.string()).readonly(),
    part: Part,
    secret: z.string(),
  })
  .readonly();

const PartModel = graphqlObjectType('TestPart', Part);
const GadgetModel = graphqlObjectType('TestGadget', Gadget.unwrap().omit({ secret: true }), {
  description: 'A thing under test.',
  ids: ['id'],
  types: { part: () => PartModel },
});
type GadgetModel = InstanceType<typeof GadgetModel>;

@Resolver(() => GadgetModel)
class GadgetResolver {
  @Query(() => GadgetModel)
  gadget(): GadgetModel {
    return {
      id: 'g1',
      name: 'n',
      note: null,
      count: 1,
      active: true,
      colour: 'red',
      tags: [],
      part: { label: 'l' },
    };
  }
}

describe('graphqlObjectType', () => {
  it('declares one field per schema field, with its nullability, type and description', async () => {
    const module = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
    const printed = printSchema(await module.get(GraphQLSchemaFactory).create([GadgetResolver]));
    expect(printed).toContain(
      [
        '"""A thing under test."""',
        'type TestGadget {',
        '  id: ID!',
        '',
        '  """What its owner calls it."""',
        '  name: String!',
        '  note: String',
        '  count: Int!',
        '  weight: Float',
        '  active: Boolean!',
        '  colour: String!',
        '  tags: [String!]!',
        '  part: TestPart!',
        '}',
      ].join('\n'),
    );
    expect(printed).not.toContain('secret');
  });

  it("takes a field's description from `descriptions` over the schema's own", async () => {
    const Described = graphqlObjectType('TestDescribed', Gadget.unwrap().pick({ name: true, note: true }), {
      descriptions: { name: 'The name on its label.', note: 'Free text.' },
    });
    @Resolver(() => Described)
    class DescribedResolver {
      @Query(() => Described)
      described(): InstanceType<typeof Described> {
        return { name: 'n', note: null };
      }
    }
    const module = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
    const printed = printSchema(await module.get(GraphQLSchemaFactory).create([DescribedResolver]));
    expect(printed).toContain(
      [
        'type TestDescribed {',
        '  """The name on its label."""',
        '  name: String!',
        '',
        '  """Free text."""',
        '  note: String',
        '}',
      ].join('\n'),
    );
    expect(printed).not.toContain('What its owner calls it.');
  });

  it('refuses a description for a field the schema does not have', () => {
    const misspelt = { descriptions: { nmae: 'The name on its label.' } } as unknown as Parameters<
      typeof graphqlObjectType<typeof Part>
    >[2];
    expect(() => graphqlObjectType('TestMisspelt', Part, misspelt)).toThrow(
      'TestMisspelt.nmae: no such field to describe',
    );
  });

  it('refuses a nested object it is not told the type of', () => {
    expect(() => graphqlObjectType('TestOrphan', z.object({ part: Part }))).toThrow(
      'TestOrphan.part: no GraphQL type for this schema; name one in `types`',
    );
  });
});
