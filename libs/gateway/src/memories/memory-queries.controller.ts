import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { MEMORY_LIST_DEFAULT_LIMIT, METERED_ENDPOINTS, MemorySubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { MeteredRoute, METERED_RESPONSE_HEADERS } from '../billing/metered-route.decorator.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  EmbeddingResponse,
  EndUserListResponse,
  ListEndUsersQuery,
  ListEndUsersQuerySchema,
  MemoryScopeQuery,
  MemoryScopeQuerySchema,
  MemoryStatsResponse,
  NoQuery,
  NoQuerySchema,
  SearchMemoriesQuery,
  SearchMemoriesQuerySchema,
  SearchResponse,
  TextBody,
  TextBodySchema,
} from './memory.dto.js';
import { EndUserIdPipe } from './memory-id.pipe.js';
import { EndUserDeletionResponse } from './memory-erasure.dto.js';
import { MemoryErasureService } from './memory-erasure.service.js';
import { toScope, toSearchMemoriesRequest } from './memory.requests.js';
import {
  toEmbeddingResponse,
  toEndUserListResponse,
  toMemoryDeletionResponse,
  toMemoryStatsResponse,
  toSearchResponse,
} from './memory.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the parameter and the rule.',
} as const;
const UNAVAILABLE = {
  type: ApiErrorResponse,
  description: 'service_unavailable: the memory service did not answer; retry after Retry-After.',
} as const;

/** Search, statistics and end users of one account (docs/requirements/rest-gateway.md, Routes, decision 022). */
@ApiTags('memories')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@ApiServiceUnavailableResponse(UNAVAILABLE)
@GatewayController('user/:userId')
export class MemoryQueriesController {
  constructor(
    private readonly bus: BusClient,
    private readonly erasure: MemoryErasureService,
  ) {}

  @Get('search')
  @MeteredRoute(METERED_ENDPOINTS.memorySearch)
  @ApiOperation({
    summary: 'Hybrid search (meaning + keywords, weighed by importance and recency); limit 10 by default.',
    description:
      'Each result is a memory with its `score` and the breakdown of why it ranked there (`scores`). ' +
      '`formatted_results` is a numbered text block, one line per memory with its text and date.',
  })
  @ApiOkResponse({ type: SearchResponse, headers: METERED_RESPONSE_HEADERS })
  @ApiBadRequestResponse(BAD_INPUT)
  async search(
    @Query(new ContractValidationPipe(SearchMemoriesQuerySchema)) query: SearchMemoriesQuery,
  ): Promise<SearchResponse> {
    const view = await this.bus.request(MemorySubjects.search, toSearchMemoriesRequest(query));
    return toSearchResponse(view, query.include_embedding === true);
  }

  @Get('memory_stats')
  @ApiOperation({ summary: 'Counts and averages of the memories of the scope, and the concept graph size.' })
  @ApiOkResponse({ type: MemoryStatsResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async stats(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<MemoryStatsResponse> {
    return toMemoryStatsResponse(await this.bus.request(MemorySubjects.stats, toScope(query)));
  }

  @Get('end_users')
  @ApiOperation({ summary: "The end users of the account's app that have memories, with their counts." })
  @ApiOkResponse({ type: EndUserListResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async endUsers(
    @Query(new ContractValidationPipe(ListEndUsersQuerySchema)) query: ListEndUsersQuery,
  ): Promise<EndUserListResponse> {
    const page = { limit: query.limit ?? MEMORY_LIST_DEFAULT_LIMIT, offset: query.offset ?? 0 };
    return toEndUserListResponse(await this.bus.request(MemorySubjects.listEndUsers, page), page);
  }

  @Delete('end_users/:endUserId')
  @ApiOperation({
    summary:
      'Erases one end user: their memories and everything derived, their conversations, their uploads and files; ' +
      'answers one receipt with the counts per kind.',
  })
  @ApiParam({ name: 'endUserId', description: 'The end user id your app chose.', example: 'customer-42' })
  @ApiOkResponse({ type: EndUserDeletionResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async deleteEndUser(
    @Param('endUserId', EndUserIdPipe) endUserId: string,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): Promise<EndUserDeletionResponse> {
    return toMemoryDeletionResponse(await this.erasure.deleteEndUser(endUserId));
  }
}

/** `POST /api/generate_embedding`: any key may embed a text (nothing is stored). */
@ApiTags('memories')
@ApiServiceUnavailableResponse(UNAVAILABLE)
@GatewayController()
export class EmbeddingsController {
  constructor(private readonly bus: BusClient) {}

  @Post('generate_embedding')
  @HttpCode(200)
  @ApiOperation({ summary: "The embedding of a text, as the server's embedder computes it for memories." })
  @ApiBody({ type: TextBody, examples: { text: { value: { text: 'I moved to Lisbon in March 2025.' } } } })
  @ApiOkResponse({ type: EmbeddingResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async generate(
    @Body(new ContractValidationPipe(TextBodySchema)) body: TextBody,
  ): Promise<EmbeddingResponse> {
    return toEmbeddingResponse(await this.bus.request(MemorySubjects.generateEmbedding, { text: body.text }));
  }
}
