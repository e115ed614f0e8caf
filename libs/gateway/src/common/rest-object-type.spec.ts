import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiOkResponse, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { MemoryView } from '@membolt/contracts';
import { z } from 'zod';
import { MemoryResponse, SearchResponse } from '../memories/memory.dto.js';
import { restObjectType, restObjectTypeOf, snakeCase, snakeCasedFields } from './rest-object-type.js';

const Inner = z.object({ slotMatch: z.boolean() }).readonly();
const Shape = z
  .object({
    conceptMatch: z.boolean().meta({ description: 'Shown by GraphQL and REST.' }),
    finalScore: z
      .int()
      .meta({ description: 'GraphQL text.', rest: { description: 'REST text.', example: 3 } }),
    validTo: z
      .string()
      .nullable()
      .meta({ rest: { format: 'date-time' } }),
    note: z.string().optional(),
    inner: Inner,
  })
  .readonly();

const Kinds = z.object({ email: z.enum(['allow', 'redact']), phone: z.enum(['allow', 'redact']) });
const Nested = z.object({
  kinds: Kinds.meta({ description: 'Every kind.' }),
  someKinds: Kinds.partial().optional(),
  counts: z.record(z.string(), z.int()),
  totals: z.object({ memories: z.int(), sizes: z.array(z.int()) }),
});

const InnerResponse = restObjectType('InnerResponse', Inner);
const NestedResponse = restObjectType('NestedResponse', Nested);
const ShapeResponse = restObjectType('ShapeResponse', Shape, { types: { inner: () => InnerResponse } });
const ContractCasedResponse = restObjectTypeOf<z.output<typeof Shape>>('ContractCasedResponse', Shape, {
  types: { inner: () => InnerResponse },
  casing: 'contract',
});

@Controller('shapes')
class ShapesController {
  @Get()
  @ApiOkResponse({ type: ShapeResponse })
  shape(): string {
    return 'documented only';
  }

  @Get('contract-cased')
  @ApiOkResponse({ type: ContractCasedResponse })
  contractCased(): string {
    return 'documented only';
  }

  @Get('nested')
  @ApiOkResponse({ type: NestedResponse })
  nested(): string {
    return 'documented only';
  }

  @Get('memory')
  @ApiOkResponse({ type: MemoryResponse })
  memory(): string {
    return 'documented only';
  }

  @Get('search')
  @ApiOkResponse({ type: SearchResponse })
  search(): string {
    return 'documented only';
  }
}

@Module({ controllers: [ShapesController] })
class ShapesModule {}

describe('restObjectType', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await NestFactory.create(ShapesModule, { logger: false });
    document = SwaggerModule.createDocument(app, { openapi: '3.0.0', info: { title: 't', version: '1' } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('documents the schema under snake_case names, with the REST overrides and without zod’s integer bounds', () => {
    expect(document.components?.schemas?.['ShapeResponse']).toEqual({
      type: 'object',
      properties: {
        concept_match: { type: 'boolean', description: 'Shown by GraphQL and REST.' },
        final_score: { type: 'integer', description: 'REST text.', example: 3 },
        valid_to: { type: 'string', nullable: true, format: 'date-time' },
        note: { type: 'string' },
        inner: { $ref: '#/components/schemas/InnerResponse' },
      },
      required: ['concept_match', 'final_score', 'valid_to', 'inner'],
    });
    expect(document.components?.schemas?.['InnerResponse']).toEqual({
      type: 'object',
      properties: { slot_match: { type: 'boolean' } },
      required: ['slot_match'],
    });
  });

  it('keeps a nested object’s own required list apart from its place in the parent’s', () => {
    const nested = document.components?.schemas?.['NestedResponse'] as {
      properties: Record<string, { required?: unknown; selfRequired?: unknown }>;
      required: string[];
    };
    expect(nested.required).toEqual(['kinds', 'counts', 'totals']);
    expect(nested.properties['kinds']).toMatchObject({
      type: 'object',
      description: 'Every kind.',
      required: ['email', 'phone'],
    });
    expect(nested.properties['some_kinds']?.required).toBeUndefined();
    expect(nested.properties['totals']?.required).toEqual(['memories', 'sizes']);
    expect(JSON.stringify(nested)).not.toContain('selfRequired');
  });

  it('drops zod’s integer bounds at every depth: a record’s values, a nested object’s properties and items', () => {
    expect(document.components?.schemas?.['NestedResponse']).toMatchObject({
      properties: {
        counts: { type: 'object', additionalProperties: { type: 'integer' } },
        totals: {
          type: 'object',
          properties: { memories: { type: 'integer' }, sizes: { type: 'array', items: { type: 'integer' } } },
        },
      },
    });
    expect(JSON.stringify(document.components?.schemas?.['NestedResponse'])).not.toMatch(/minimum|maximum/);
  });

  it('keeps the contract’s field names when asked to, with the same overrides', () => {
    expect(document.components?.schemas?.['ContractCasedResponse']).toEqual({
      type: 'object',
      properties: {
        conceptMatch: { type: 'boolean', description: 'Shown by GraphQL and REST.' },
        finalScore: { type: 'integer', description: 'REST text.', example: 3 },
        validTo: { type: 'string', nullable: true, format: 'date-time' },
        note: { type: 'string' },
        inner: { $ref: '#/components/schemas/InnerResponse' },
      },
      required: ['conceptMatch', 'finalScore', 'validTo', 'inner'],
    });
  });

  it('shows every field of the memory view in the REST memory, renamed, but the owner id', () => {
    const properties = Object.keys(
      (document.components?.schemas?.['MemoryResponse'] as { properties: object }).properties,
    );
    const viewFields = Object.keys(MemoryView.unwrap().shape)
      .filter((field) => field !== 'userId')
      .map(snakeCase);
    expect(properties).toEqual(expect.arrayContaining([...viewFields, 'timestamp']));
    expect(properties).not.toContain('user_id');
    expect(document.components?.schemas?.['SearchResponse']).toMatchObject({
      properties: {
        results: { type: 'array', items: { $ref: '#/components/schemas/SearchResultResponse' } },
      },
    });
  });

  it('copies only the fields its schema names, renamed', () => {
    const view = {
      conceptMatch: true,
      finalScore: 2,
      validTo: null,
      inner: { slotMatch: false },
      extra: 'x',
    };
    expect(snakeCasedFields(Shape, view)).toEqual({
      concept_match: true,
      final_score: 2,
      valid_to: null,
      inner: { slotMatch: false },
    });
  });
});
