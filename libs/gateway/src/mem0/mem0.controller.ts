import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  CommonErrorCode,
  DEFAULT_MEMORY_SORT,
  MemboltError,
  MemoryFilterError,
  parseMemoryFilter,
  MEMORY_BATCH_MAX,
  MEMORY_SEARCH_DEFAULT_LIMIT,
  type MemoryDeletionReceipt,
  type MemoryScopeFields,
  METERED_ENDPOINTS,
  MemorySubjects,
  validatePayload,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { type EdgeReply, type EdgeRequest, headerOf, pathOf } from '@membolt/edge';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { AcceptsTokenAuthorization } from '../auth/token-authorization.decorator.js';
import {
  ApiMeteredRefusal,
  MeteredRoute,
  METERED_RESPONSE_HEADERS,
} from '../billing/metered-route.decorator.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  mem0EntityTypeUnsupported,
  mem0EventNotFound,
  mem0ExportNotFound,
  mem0FilterInvalid,
  mem0ScopeRequired,
  nothingToUpdate,
} from '../gateway.errors.js';
import { MemoryBatchService } from '../memories/memory-batch.service.js';
import { MemoryIdPipe } from '../memories/memory-id.pipe.js';
import { MemoryLearningService, meterLearningAsChat } from '../memories/memory-learning.service.js';
import { AddMessagesBodySchema } from '../memories/memory-messages.dto.js';
import { MemoryTransferService } from '../memories/memory-transfer.service.js';
import { toScope } from '../memories/memory.requests.js';
import { toLearnedMemoriesResponse } from '../memories/memory.views.js';
import {
  Mem0AddBody,
  Mem0AddBodySchema,
  Mem0BatchDeleteBody,
  Mem0BatchDeleteBodySchema,
  Mem0BatchUpdateBody,
  Mem0BatchUpdateBodySchema,
  Mem0DeleteQuery,
  Mem0DeleteQuerySchema,
  Mem0ExportBody,
  Mem0ExportBodySchema,
  Mem0FeedbackBody,
  Mem0FeedbackBodySchema,
  Mem0GetAllBody,
  Mem0GetAllBodySchema,
  Mem0GetExportBody,
  Mem0GetExportBodySchema,
  Mem0PageQuery,
  Mem0PageQuerySchema,
  Mem0ScopeQuery,
  Mem0ScopeQuerySchema,
  Mem0SearchBody,
  Mem0SearchBodySchema,
  Mem0UpdateBody,
  Mem0UpdateBodySchema,
} from './mem0.dto.js';
import { mem0ScopeQuery, mem0Selection, type Mem0Selection, toMem0Entities } from './mem0.requests.js';
import {
  toMem0AddResponse,
  toMem0Batch,
  toMem0Deletion,
  toMem0EventResponse,
  toMem0History,
  toMem0Memory,
  toMem0Page,
  toMem0QueuedResponse,
  toMem0SearchResults,
  toMem0Users,
} from './mem0.views.js';
import {
  Mem0AddResponse,
  Mem0BatchResponse,
  Mem0DeletionResponse,
  Mem0EntitiesResponse,
  Mem0EventResponse,
  Mem0ExportCreatedResponse,
  Mem0ExportResponse,
  Mem0FeedbackResponse,
  Mem0HistoryEntryResponse,
  Mem0MemoryResponse,
  Mem0PageResponse,
  Mem0PingResponse,
  Mem0QueuedResponse,
  Mem0SearchResponse,
  Mem0UpdatedMemoryResponse,
} from './mem0.responses.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the field (or the filter) and the rule; nothing changed.',
} as const;
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: no such memory in the key’s account (another account’s ids are never found).',
} as const;
const MEMORY_ID = { name: 'id', description: 'The memory id.' };
const EXPORT_PREFIX = 'exp_';

/** Feedback moves a memory's importance: kept memories rank higher, rejected ones sink and go first. */
const FEEDBACK_IMPORTANCE = { POSITIVE: 0.1, NEGATIVE: -0.1, VERY_NEGATIVE: -0.3 } as const;

/**
 * Mem0's platform API as the official `mem0ai` client (3.x) calls it, under `/api/mem0` (the client's `host`):
 * each call maps to the memory services the native API uses, with the same keys, metering, limits and scopes.
 * Mem0's `user_id` is an end user of the key's account; `agent_id` and `run_id` are scopes (decision 099).
 */
@ApiTags('mem0')
@ApiServiceUnavailableResponse({
  type: ApiErrorResponse,
  description: 'service_unavailable: a service did not answer; retry after Retry-After.',
})
@GatewayController('mem0')
@AcceptsTokenAuthorization()
export class Mem0Controller {
  constructor(
    private readonly bus: BusClient,
    private readonly learning: MemoryLearningService,
    private readonly batches: MemoryBatchService,
    private readonly transfer: MemoryTransferService,
  ) {}

  @ApiOkResponse({ type: Mem0PingResponse })
  @Get('v1/ping')
  @ApiOperation({ summary: 'Mem0 ping: answers ok for a valid key (401 otherwise).' })
  ping(@CurrentApiKey() principal: ApiKeyPrincipal) {
    return {
      status: 'ok',
      message: 'API key is valid',
      user_id: principal.userId,
      // Mem0's organisation and project are the account: mem0ai needs both for its webhook routes.
      org_id: principal.userId,
      project_id: principal.userId,
    };
  }

  @Post(['v3/memories/add', 'v1/memories'])
  @ApiOperation({
    summary: 'Mem0 add: learns the facts of messages into the user_id / agent_id / run_id scope.',
    description:
      'Answers {results: [{id, event, memory, ...}]} with Mem0’s events (ADD, UPDATE, DELETE for a contradicted ' +
      'fact closed with valid_to, NONE for a known one). async_mode: true answers an event_id at once. With ' +
      'infer (the default) the add is metered as a chat call, as the native add with messages is.',
  })
  @ApiOkResponse({
    type: Mem0AddResponse,
    description: 'The events, in order.',
    headers: METERED_RESPONSE_HEADERS,
  })
  @ApiAcceptedResponse({
    type: Mem0QueuedResponse,
    description: 'async_mode: the event to poll.',
    headers: METERED_RESPONSE_HEADERS,
  })
  @ApiMeteredRefusal()
  @ApiBadRequestResponse(BAD_INPUT)
  async add(
    @Body(new ContractValidationPipe(Mem0AddBodySchema)) body: Mem0AddBody,
    @Req() request: EdgeRequest,
    @Res({ passthrough: true }) response: EdgeReply,
  ) {
    const query = mem0ScopeQuery(body);
    const native = validatePayload(AddMessagesBodySchema, {
      messages: body.messages,
      ...(body.infer !== undefined ? { infer: body.infer } : {}),
      ...(body.async_mode !== undefined ? { async: body.async_mode && body.infer !== false } : {}),
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.expiration_date != null ? { expiration_date: body.expiration_date } : {}),
    });
    const outcome = await this.learning.add(
      query,
      native,
      headerOf(request, 'idempotency-key'),
      meterLearningAsChat,
    );
    if (outcome.kind === 'queued') {
      response.status(202);
      return toMem0QueuedResponse(outcome.job);
    }
    response.status(200);
    return toMem0AddResponse(outcome.answer);
  }

  @ApiOkResponse({ type: Mem0EventResponse })
  @Get('v1/event/:eventId')
  @ApiOperation({ summary: 'Mem0 event: the state of an async add (PENDING, RUNNING, SUCCEEDED, FAILED).' })
  @ApiParam({ name: 'eventId', description: 'The event_id an async add answered.' })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found: no such event of this account.' })
  async event(@Param('eventId') eventId: string) {
    const job = await this.learning.job(eventId).catch((error: unknown) => {
      throw isNotFound(error) ? mem0EventNotFound() : error;
    });
    return toMem0EventResponse(job, job.result ? toLearnedMemoriesResponse(job.result) : null);
  }

  @Post('v3/memories/search')
  @HttpCode(200)
  @MeteredRoute(METERED_ENDPOINTS.memorySearch)
  @ApiOperation({
    summary: 'Mem0 search: hybrid search in the scope the filters name; top_k and threshold as Mem0.',
  })
  @ApiOkResponse({ type: Mem0SearchResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async search(@Body(new ContractValidationPipe(Mem0SearchBodySchema)) body: Mem0SearchBody) {
    const { scope, fields } = this.selection(body.filters);
    const view = await this.bus.request(MemorySubjects.search, {
      ...scope,
      ...fields,
      query: body.query,
      limit: body.top_k ?? MEMORY_SEARCH_DEFAULT_LIMIT,
      ...(body.threshold !== undefined ? { threshold: body.threshold } : {}),
    });
    return toMem0SearchResults(view.results);
  }

  @Post('v3/memories')
  @HttpCode(200)
  @MeteredRoute(METERED_ENDPOINTS.memoryList)
  @ApiOperation({ summary: 'Mem0 getAll: the memories of the scope the filters name, a page at a time.' })
  @ApiOkResponse({ type: Mem0PageResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async getAll(
    @Query(new ContractValidationPipe(Mem0PageQuerySchema)) query: Mem0PageQuery,
    @Body(new ContractValidationPipe(Mem0GetAllBodySchema)) body: Mem0GetAllBody,
    @Req() request: EdgeRequest,
  ) {
    const { scope, fields } = this.selection(body.filters);
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 100 };
    const view = await this.bus.request(MemorySubjects.list, {
      ...scope,
      ...fields,
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
      sort: DEFAULT_MEMORY_SORT,
    });
    const base = pathOf(request);
    return toMem0Page(
      view.memories,
      view.totalCount,
      page,
      (n) => `${base}?page=${n}&page_size=${page.pageSize}`,
    );
  }

  @ApiOkResponse({ type: Mem0MemoryResponse })
  @Get('v1/memories/:id')
  @ApiOperation({ summary: 'Mem0 get: one memory of the key’s account, whichever end user holds it.' })
  @ApiParam(MEMORY_ID)
  @ApiNotFoundResponse(NOT_FOUND)
  async get(@Param('id', MemoryIdPipe) id: string) {
    return toMem0Memory(
      await this.bus.request(MemorySubjects.get, { ...(await this.scopeOf(id)), memoryId: id }),
    );
  }

  @ApiOkResponse({ type: Mem0UpdatedMemoryResponse })
  @Put('v1/memories/:id')
  @ApiOperation({ summary: 'Mem0 update: the text and/or metadata; the previous version stays in history.' })
  @ApiParam(MEMORY_ID)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiBadRequestResponse(BAD_INPUT)
  async update(
    @Param('id', MemoryIdPipe) id: string,
    @Body(new ContractValidationPipe(Mem0UpdateBodySchema)) body: Mem0UpdateBody,
  ) {
    const scope = await this.scopeOf(id);
    const changes = {
      ...(body.text !== undefined ? { text: body.text } : {}),
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.expiration_date !== undefined ? { expirationDate: body.expiration_date } : {}),
    };
    if (Object.keys(changes).length === 0) throw nothingToUpdate();
    const view = await this.bus.request(MemorySubjects.update, { ...scope, memoryId: id, ...changes });
    return { message: 'Memory updated successfully!', ...toMem0Memory(view) };
  }

  @ApiOkResponse({ type: Mem0DeletionResponse })
  @Delete('v1/memories/:id')
  @MeteredRoute(METERED_ENDPOINTS.memoryDelete)
  @ApiOperation({ summary: 'Mem0 delete: the memory with everything derived; the receipt comes beside.' })
  @ApiParam(MEMORY_ID)
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(
    @Param('id', MemoryIdPipe) id: string,
    @Query(new ContractValidationPipe(Mem0DeleteQuerySchema)) _query: Mem0DeleteQuery,
  ) {
    const receipt = await this.bus.request(MemorySubjects.delete, {
      ...(await this.scopeOf(id)),
      memoryId: id,
    });
    return toMem0Deletion('Memory deleted successfully!', receipt);
  }

  @ApiOkResponse({ type: [Mem0HistoryEntryResponse] })
  @Get('v1/memories/:id/history')
  @ApiOperation({ summary: 'Mem0 history: each change of the memory, oldest first.' })
  @ApiParam(MEMORY_ID)
  @ApiNotFoundResponse(NOT_FOUND)
  async history(@Param('id', MemoryIdPipe) id: string) {
    const scope = await this.scopeOf(id);
    const view = await this.bus.request(MemorySubjects.history, { ...scope, memoryId: id });
    return toMem0History(view, scope.endUserId ?? null);
  }

  @ApiOkResponse({ type: Mem0DeletionResponse })
  @Delete('v1/memories')
  @ApiOperation({
    summary: 'Mem0 deleteAll: every memory of the scope (user_id, agent_id and/or run_id; one is required).',
  })
  @ApiBadRequestResponse(BAD_INPUT)
  async deleteAll(@Query(new ContractValidationPipe(Mem0ScopeQuerySchema)) query: Mem0ScopeQuery) {
    const scope = toScope(mem0ScopeQuery(query));
    if (Object.keys(scope).length === 0) throw mem0ScopeRequired();
    return toMem0Deletion('Memories deleted successfully!', await this.deleteScope(scope));
  }

  @ApiOkResponse({ type: Mem0BatchResponse })
  @Put('v1/batch')
  @ApiOperation({ summary: 'Mem0 batchUpdate: up to 1,000 texts, each on its own, one result per item.' })
  @ApiBadRequestResponse(BAD_INPUT)
  async batchUpdate(@Body(new ContractValidationPipe(Mem0BatchUpdateBodySchema)) body: Mem0BatchUpdateBody) {
    const batch = await this.batches.updateMany(body.memories, (memoryId) => this.scopeOf(memoryId));
    return toMem0Batch('updated', batch);
  }

  @ApiOkResponse({ type: Mem0BatchResponse })
  @Delete('v1/batch')
  @ApiOperation({ summary: 'Mem0 batchDelete: up to 1,000 memories, each on its own, one result per item.' })
  @ApiBadRequestResponse(BAD_INPUT)
  async batchDelete(@Body(new ContractValidationPipe(Mem0BatchDeleteBodySchema)) body: Mem0BatchDeleteBody) {
    const batch = await this.batches.deleteMany(
      body.memories.map((item) => item.memory_id),
      (memoryId) => this.scopeOf(memoryId),
    );
    return toMem0Batch('deleted', batch);
  }

  @ApiOkResponse({ type: Mem0EntitiesResponse })
  @Get('v1/entities')
  @ApiOperation({ summary: 'Mem0 users: the end users of the account that have memories, with counts.' })
  async users(@Query(new ContractValidationPipe(Mem0PageQuerySchema)) query: Mem0PageQuery) {
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 100 };
    const view = await this.bus.request(MemorySubjects.listEndUsers, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    });
    return toMem0Users(view, page);
  }

  @ApiOkResponse({ type: Mem0DeletionResponse })
  @Delete(['v1/entities/:type/:entityId', 'v2/entities/:type/:entityId'])
  @ApiOperation({
    summary:
      'Mem0 deleteUser(s): a user erases that end user with everything derived; an agent or run deletes the ' +
      'memories of that agent or run in the account’s own scope.',
  })
  @ApiParam({ name: 'type', enum: ['user', 'agent', 'run'] })
  @ApiParam({ name: 'entityId' })
  @ApiBadRequestResponse(BAD_INPUT)
  async deleteEntity(@Param('type') type: string, @Param('entityId') entityId: string) {
    if (type !== 'user' && type !== 'agent' && type !== 'run') throw mem0EntityTypeUnsupported(type);
    const entity = validatePayload(Mem0ScopeQuerySchema, { [`${type}_id`]: entityId });
    const scope = toScope(mem0ScopeQuery(entity));
    return toMem0Deletion('Entity deleted successfully!', await this.deleteScope(scope));
  }

  @ApiOkResponse({ type: Mem0ExportCreatedResponse })
  @Post('v1/exports')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mem0 createMemoryExport: an export of the scope the filters name; read it with exports/get.',
    description:
      'The export is read when it is fetched (nothing is stored meanwhile), as a list of Mem0 memories; ' +
      '`schema` is recorded in the answer but does not reshape it (no model rewrites your memories).',
  })
  @ApiBadRequestResponse(BAD_INPUT)
  createExport(@Body(new ContractValidationPipe(Mem0ExportBodySchema)) body: Mem0ExportBody) {
    const scope = this.exportSelection(body.filters);
    const entities = JSON.stringify(toMem0Entities(scope));
    const id = `${EXPORT_PREFIX}${Buffer.from(entities, 'utf8').toString('base64url')}`;
    return { message: 'Memory export request received. The export is ready.', id };
  }

  @ApiOkResponse({ type: Mem0ExportResponse })
  @Post('v1/exports/get')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mem0 getMemoryExport: the memories of the export (or of the filters given).' })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found: no such export.' })
  @ApiBadRequestResponse(BAD_INPUT)
  async getExport(@Body(new ContractValidationPipe(Mem0GetExportBodySchema)) body: Mem0GetExportBody) {
    const scope =
      body.memory_export_id !== undefined
        ? exportScope(body.memory_export_id)
        : this.exportSelection(body.filters ?? {});
    const results = [];
    for await (const page of this.transfer.exportPages(scope))
      results.push(...page.memories.map(toMem0Memory));
    return {
      id: body.memory_export_id ?? null,
      status: 'completed',
      count: results.length,
      results,
    };
  }

  @ApiOkResponse({ type: Mem0FeedbackResponse })
  @Post('v1/feedback')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mem0 feedback: recorded in the memory’s metadata; it moves the memory’s importance.',
    description: 'POSITIVE +0.1, NEGATIVE −0.1, VERY_NEGATIVE −0.3 (within 0 to 1); null records no change.',
  })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiBadRequestResponse(BAD_INPUT)
  async feedback(@Body(new ContractValidationPipe(Mem0FeedbackBodySchema)) body: Mem0FeedbackBody) {
    const scope = await this.scopeOf(body.memory_id);
    const memory = await this.bus.request(MemorySubjects.get, { ...scope, memoryId: body.memory_id });
    const change = body.feedback ? FEEDBACK_IMPORTANCE[body.feedback] : 0;
    const importance = Math.round(Math.min(1, Math.max(0, memory.importance + change)) * 1000) / 1000;
    const updated = await this.bus.request(MemorySubjects.update, {
      ...scope,
      memoryId: body.memory_id,
      importance,
      metadata: {
        ...memory.metadata,
        feedback: body.feedback ?? null,
        feedback_reason: body.feedback_reason ?? null,
      },
    });
    return {
      message: 'Feedback recorded',
      memory_id: body.memory_id,
      feedback: body.feedback ?? null,
      feedback_reason: body.feedback_reason ?? null,
      importance: updated.importance,
    };
  }

  /** Mem0 names memories by id alone: the account's memory is found in whichever scope holds it. */
  private async scopeOf(memoryId: string): Promise<MemoryScopeFields> {
    const { endUserId } = await this.bus.request(MemorySubjects.locate, { memoryId });
    return endUserId === null ? {} : { endUserId };
  }

  /**
   * Mem0's filters: the scope keys choose the scope (mem0Selection); the rest passes through as the native
   * filter (the same syntax), checked here so a bad part is a 400 naming it before anything is read.
   */
  private selection(filters: Record<string, unknown> | undefined): Mem0Selection & {
    readonly fields: { filters?: Record<string, unknown> };
  } {
    const selection = mem0Selection(filters);
    if (!selection.rest) return { ...selection, fields: {} };
    try {
      // The filter as sent, so a bad part is named where the client put it (the rest has shifted indices).
      parseMemoryFilter(filters);
    } catch (error) {
      if (error instanceof MemoryFilterError) throw mem0FilterInvalid(error.path, error.problem);
      throw error;
    }
    return { ...selection, fields: { filters: selection.rest } };
  }

  /** An export is of a whole scope: other filters would be silently dropped, so they are refused. */
  private exportSelection(filters: Record<string, unknown>): MemoryScopeFields {
    const { scope, rest } = mem0Selection(filters);
    if (rest) {
      throw mem0FilterInvalid(
        `filters.${Object.keys(rest)[0]}`,
        'an export takes user_id, agent_id and run_id only',
      );
    }
    return scope;
  }

  /**
   * Every memory of a scope: an end user alone is erased as a whole (memories, concepts, relations: one
   * receipt); a narrower scope (an agent, a run) is deleted a page at a time, the receipts summed.
   */
  private async deleteScope(scope: MemoryScopeFields): Promise<MemoryDeletionReceipt> {
    if (scope.endUserId !== undefined && scope.agentId === undefined && scope.runId === undefined) {
      return this.bus.request(MemorySubjects.deleteEndUser, { endUserId: scope.endUserId });
    }
    const memoryIds: string[] = [];
    const removed: Record<string, number> = {};
    let deletedAt = new Date().toISOString();
    for (;;) {
      const page = await this.bus.request(MemorySubjects.list, {
        ...scope,
        limit: MEMORY_BATCH_MAX,
        offset: 0,
        sort: DEFAULT_MEMORY_SORT,
        includeClosed: true,
      });
      if (page.memories.length === 0) break;
      for (const memory of page.memories) {
        const receipt = await this.bus.request(MemorySubjects.delete, { ...scope, memoryId: memory.id });
        memoryIds.push(...receipt.memoryIds);
        for (const [kind, count] of Object.entries(receipt.removed))
          removed[kind] = (removed[kind] ?? 0) + count;
        deletedAt = receipt.deletedAt;
      }
    }
    return { memoryIds, removed, deletedAt };
  }
}

const isNotFound = (error: unknown): boolean =>
  error instanceof MemboltError && error.code === CommonErrorCode.NotFound;

/** The scope an export id carries (see createExport); anything else is an export that does not exist. */
function exportScope(exportId: string): MemoryScopeFields {
  if (!exportId.startsWith(EXPORT_PREFIX)) throw mem0ExportNotFound();
  try {
    const parsed: unknown = JSON.parse(
      Buffer.from(exportId.slice(EXPORT_PREFIX.length), 'base64url').toString('utf8'),
    );
    const selection = mem0Selection(parsed as Record<string, unknown>);
    if (selection.rest) throw mem0ExportNotFound();
    return selection.scope;
  } catch {
    throw mem0ExportNotFound();
  }
}
