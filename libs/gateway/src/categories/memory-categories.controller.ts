import { Body, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  CreateMemoryCategoryRequest,
  MemorySubjects,
  UpdateMemoryCategoryRequest,
  validatePayload,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  CreateMemoryCategoryBody,
  MemoryCategoryDeletionResponse,
  MemoryCategoryListResponse,
  MemoryCategoryResponse,
  UpdateMemoryCategoryBody,
} from './memory-categories.dto.js';
import {
  toMemoryCategoryDeletionResponse,
  toMemoryCategoryListResponse,
  toMemoryCategoryResponse,
} from './memory-categories.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description:
    'validation_error naming the field and the rule (or the limit of categories); nothing changed.',
} as const;
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: the account has no category of that name (another account’s are never found).',
} as const;
const NAME = { name: 'name', description: 'The custom category’s name.' };

const objectOf = (raw: unknown): object =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};

/**
 * The key's account's custom memory categories (decision 159): beside the built-in ones, a memory may carry
 * one of them, and the fact extractors read their descriptions.
 */
@ApiTags('categories')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@GatewayController('user/:userId/categories')
export class MemoryCategoriesController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({ summary: "The account's custom categories by name, and the built-in ones." })
  @ApiOkResponse({ type: MemoryCategoryListResponse })
  async list(): Promise<MemoryCategoryListResponse> {
    return toMemoryCategoryListResponse(await this.bus.request(MemorySubjects.listCategories, {}));
  }

  @Post()
  @ApiOperation({ summary: 'Adds a custom category: a lowercase slug name and a description.' })
  @ApiBody({ type: CreateMemoryCategoryBody })
  @ApiCreatedResponse({ type: MemoryCategoryResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiConflictResponse({
    type: ApiErrorResponse,
    description: 'conflict: the account has a category of that name.',
  })
  async create(@Body() raw: unknown): Promise<MemoryCategoryResponse> {
    const request = validatePayload(CreateMemoryCategoryRequest, objectOf(raw));
    return toMemoryCategoryResponse(await this.bus.request(MemorySubjects.createCategory, request));
  }

  @Put(':name')
  @ApiOperation({ summary: 'Changes a custom category’s description (its name is its identity).' })
  @ApiParam(NAME)
  @ApiBody({ type: UpdateMemoryCategoryBody })
  @ApiOkResponse({ type: MemoryCategoryResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async update(@Param('name') name: string, @Body() raw: unknown): Promise<MemoryCategoryResponse> {
    const request = validatePayload(UpdateMemoryCategoryRequest, { ...objectOf(raw), name });
    return toMemoryCategoryResponse(await this.bus.request(MemorySubjects.updateCategory, request));
  }

  @Delete(':name')
  @ApiOperation({
    summary: 'Removes a custom category; the memories carrying it become uncategorised.',
    description: 'Their history keeps the category they had. A second delete is not found.',
  })
  @ApiParam(NAME)
  @ApiOkResponse({ type: MemoryCategoryDeletionResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async remove(@Param('name') name: string): Promise<MemoryCategoryDeletionResponse> {
    return toMemoryCategoryDeletionResponse(await this.bus.request(MemorySubjects.deleteCategory, { name }));
  }
}
