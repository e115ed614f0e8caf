import { Body, Delete, Get, HttpCode, Logger, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { METERED_ENDPOINTS, type MemoryExportPageView, MemorySubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { type EdgeReply, type EdgeRequest, headerOf, pathOf, takeOver } from '@membolt/edge';
import { once } from 'node:events';
import { ApiErrorResponse } from '../common/api-error.response.js';
import {
  ApiMeteredRefusal,
  MeteredRoute,
  METERED_RESPONSE_HEADERS,
} from '../billing/metered-route.decorator.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  CreateMemoryBatchBody,
  CreateMemoryBatchBodySchema,
  CreateMemoryBody,
  ExportMemoriesQuery,
  ExportMemoriesQuerySchema,
  GetMemoryQuery,
  GetMemoryQuerySchema,
  ImportJobResponse,
  ImportMemoriesQuery,
  ImportMemoriesQuerySchema,
  ListMemoriesQuery,
  ListMemoriesQuerySchema,
  MemoryBatchResponse,
  MemoryDeletionResponse,
  MemoryHistoryResponse,
  MemoryImportResponse,
  MemoryListResponse,
  MemoryResponse,
  MemoryScopeQuery,
  MemoryScopeQuerySchema,
  NoQuery,
  NoQuerySchema,
  SearchMemoriesBody,
  SearchMemoriesBodySchema,
  SearchResponse,
  StoredMemoryResponse,
  UpdateMemoryBody,
  UpdateMemoryBodySchema,
} from './memory.dto.js';
import {
  toCreateMemoryBatchRequest,
  toListMemoriesRequest,
  toScope,
  toSearchMemoriesBodyRequest,
  toUpdateMemoryRequest,
} from './memory.requests.js';
import { AddMessagesBody, LearnedMemoriesResponse, LearningJobResponse } from './memory-messages.dto.js';
import { MemoryAddService } from './memory-add.service.js';
import { meterLearningAsChat } from './memory-learning.service.js';
import { toMem0Memory } from '../mem0/mem0.views.js';
import { MemoryIdPipe } from './memory-id.pipe.js';
import {
  DeleteMemoryQuery,
  DeleteMemoryQuerySchema,
  MemoryErasureResponse,
  toMemoryErasureResponse,
} from './memory-erasure.dto.js';
import { MemoryErasureService } from './memory-erasure.service.js';
import { MEMORY_BULK_TIMEOUT_MS, MemoryTransferService } from './memory-transfer.service.js';
import {
  toMemoryBatchResponse,
  toImportJobResponse,
  toMemoryDeletionResponse,
  toMemoryHistoryResponse,
  toLearningJobResponse,
  toMemoryImportResponse,
  toMemoryListResponse,
  toMemoryResponse,
  toQueuedImportResponse,
  toSearchResponse,
} from './memory.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the field and the rule; nothing was changed.',
} as const;
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: no such memory in this scope (memories of other users are never found).',
} as const;
const UNAVAILABLE = {
  type: ApiErrorResponse,
  description: 'service_unavailable: the memory service did not answer; retry after Retry-After.',
} as const;

const MEMORY_ID = {
  name: 'id',
  description: 'The memory id.',
  example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73',
};

/**
 * The REST memory API of docs/requirements/rest-gateway.md, Routes (decision 022): every call acts as the key's owner
 * (ApiKeyGuard has checked that the path's user is the key's), within the scope given by `end_user_id`,
 * `agent_id` and `run_id`.
 */
@ApiTags('memories')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@ApiServiceUnavailableResponse(UNAVAILABLE)
@GatewayController('user/:userId/memories')
export class MemoriesController {
  private readonly logger = new Logger(MemoriesController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly transfer: MemoryTransferService,
    private readonly adds: MemoryAddService,
    private readonly erasure: MemoryErasureService,
  ) {}

  @Post()
  @ApiExtraModels(CreateMemoryBody, AddMessagesBody, StoredMemoryResponse, LearnedMemoriesResponse)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'With `async`: the same key answers the job already queued instead of queueing another.',
  })
  @ApiOperation({
    summary:
      'Stores a memory (`text`), or learns from a conversation (`messages`): the facts it states, reconciled ' +
      'with the scope’s memories.',
    description:
      'With `text`: the memory as given; the server computes its embedding when none is given. `metadata` may ' +
      'be an object or a JSON string; it is returned as a JSON string. Answers 201 with the memory; when an open ' +
      'memory of the same scope already holds these words (case, spacing and punctuation aside), 200 with that ' +
      'memory and `deduplicated: true`, storing nothing (`dedupe: false` always stores).\n\n' +
      'With `messages` (a list of {role, content}, or one string) and `infer` (default true): the facts the user ' +
      'states are extracted (by the language model when one is reachable for the account, else by the offline ' +
      'rules) and reconciled with the open memories of the scope, by the rules the chat uses: a new fact is ' +
      'added (ADD), a known fact in new words updates it (UPDATE), a repeat changes nothing (NOOP), a ' +
      'contradicted fact is closed with valid_to (CLOSE) before the new one is added. With `infer: false` each ' +
      'user and assistant message is stored as it is. Answers the events in order: 201 when a memory was ' +
      'created, 200 otherwise. An add with `messages` and `infer` is metered as a chat call (POST /chat: the ' +
      "plan's check, the pay-per-use charge, the tokens processed; the answer carries X-Membolt-Tokens and " +
      'X-Membolt-Cost-Cents); a `text` add and `infer: false` are not.\n\nScopes (`end_user_id`, `agent_id`, `run_id`) may be body fields or query ' +
      'parameters; learning reads and writes that scope only.',
  })
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(CreateMemoryBody) }, { $ref: getSchemaPath(AddMessagesBody) }] },
    examples: {
      simple: { value: { text: 'I moved to Lisbon in March 2025.' } },
      full: {
        value: {
          text: 'Prefers window seats on long flights.',
          metadata: '{"topic":"travel"}',
          importance: 0.8,
          category: 'preference',
          end_user_id: 'customer-42',
        },
      },
      messages: {
        value: {
          end_user_id: 'customer-42',
          messages: [
            { role: 'user', content: 'I live in Paris and I work at Acme.' },
            { role: 'assistant', content: 'Noted!' },
          ],
        },
      },
      verbatim: {
        value: { end_user_id: 'customer-42', messages: 'Call me after 6 pm.', infer: false },
      },
    },
  })
  @ApiCreatedResponse({
    headers: METERED_RESPONSE_HEADERS,
    description: 'With `text`: the memory stored. With `messages`: the events, when a memory was created.',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(StoredMemoryResponse) },
        { $ref: getSchemaPath(LearnedMemoriesResponse) },
      ],
    },
  })
  @ApiOkResponse({
    headers: METERED_RESPONSE_HEADERS,
    description:
      'With `text`: the memory already holding these words (`deduplicated: true`). With `messages`: the events, ' +
      'when no memory was created (only NOOP, UPDATE or CLOSE events, or none).',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(StoredMemoryResponse) },
        { $ref: getSchemaPath(LearnedMemoriesResponse) },
      ],
    },
  })
  @ApiMeteredRefusal()
  @ApiAcceptedResponse({
    type: LearningJobResponse,
    headers: METERED_RESPONSE_HEADERS,
    description: '`async: true` with messages: the learning is queued; follow status_url (also in Location).',
  })
  @ApiBadRequestResponse({
    ...BAD_INPUT,
    description:
      'validation_error: the message names the field and the rule (for messages, the message and its part, ' +
      'e.g. "messages[1].role must be one of: user, assistant, system"); nothing was changed.',
  })
  async create(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body() raw: unknown,
    @Req() request: EdgeRequest,
    @Res({ passthrough: true }) response: EdgeReply,
  ): Promise<StoredMemoryResponse | LearnedMemoriesResponse | LearningJobResponse> {
    const outcome = await this.adds.add(
      query,
      raw,
      headerOf(request, 'idempotency-key'),
      meterLearningAsChat,
    );
    if (outcome.kind === 'queued') {
      const statusUrl = `${pathOf(request).replace(/\/$/, '')}/jobs/${outcome.job.jobId}`;
      response.status(202).header('Location', statusUrl);
      return toLearningJobResponse(outcome.job, statusUrl);
    }
    response.status(outcome.created ? 201 : 200);
    return outcome.answer;
  }

  @Get()
  @MeteredRoute(METERED_ENDPOINTS.memoryList)
  @ApiOperation({
    summary: 'Lists memories, a page at a time (limit 10, offset 0 by default), with filters.',
    description: '`embedding` is left out unless include_embedding=true.',
  })
  @ApiOkResponse({ type: MemoryListResponse, headers: METERED_RESPONSE_HEADERS })
  @ApiBadRequestResponse(BAD_INPUT)
  async list(
    @Query(new ContractValidationPipe(ListMemoriesQuerySchema)) query: ListMemoriesQuery,
  ): Promise<MemoryListResponse> {
    const view = await this.bus.request(MemorySubjects.list, toListMemoriesRequest(query));
    return toMemoryListResponse(view, query.include_embedding === true);
  }

  @Post('search')
  @HttpCode(200)
  @MeteredRoute(METERED_ENDPOINTS.memorySearch)
  @ApiOperation({
    summary:
      'The search of GET /api/user/{userId}/search with a JSON body: query, filters, limit or top_k, threshold.',
    description:
      "`filters` is a JSON object in Mem0's v2 syntax (see the `filters` query parameter of the search); the " +
      'scope comes from the query or the body. Answers as GET search.',
  })
  @ApiBody({
    type: SearchMemoriesBody,
    examples: {
      filters: {
        value: {
          query: 'where do I live?',
          filters: { AND: [{ user_id: 'customer-42' }, { created_at: { gte: '2026-01-01' } }] },
          top_k: 5,
          threshold: 0.3,
        },
      },
    },
  })
  @ApiOkResponse({ type: SearchResponse, headers: METERED_RESPONSE_HEADERS })
  @ApiBadRequestResponse(BAD_INPUT)
  async searchByBody(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body(new ContractValidationPipe(SearchMemoriesBodySchema)) body: SearchMemoriesBody,
  ): Promise<SearchResponse> {
    const view = await this.bus.request(MemorySubjects.search, toSearchMemoriesBodyRequest(query, body));
    return toSearchResponse(view, body.include_embedding === true);
  }

  @Delete()
  @MeteredRoute(METERED_ENDPOINTS.memoryDelete)
  @ApiOperation({
    summary:
      'Deletes every memory of one scope (end_user_id, agent_id and/or run_id; at least one); a receipt.',
    description:
      "With end_user_id alone, every memory of the end user (DELETE /end_users/{endUserId} also erases the end user's " +
      'conversations and uploads); with agent_id or ' +
      "run_id, the memories recorded for them (of that end user, or of the account's own without one).",
  })
  @ApiOkResponse({ type: MemoryDeletionResponse, headers: METERED_RESPONSE_HEADERS })
  @ApiBadRequestResponse(BAD_INPUT)
  async deleteScope(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<MemoryDeletionResponse> {
    return toMemoryDeletionResponse(await this.bus.request(MemorySubjects.deleteScope, toScope(query)));
  }

  @Post('batch')
  @ApiOperation({
    summary: 'Stores up to 1,000 memories in one transaction: all of them or none.',
    description:
      'Items already held in the same words by an open memory of the scope (or by an earlier item) are answered ' +
      'with that memory, marked `deduplicated: true`, and not stored (unless `dedupe: false`). 201 when a memory ' +
      'was stored, 200 when every item was already held.',
  })
  @ApiBody({
    type: CreateMemoryBatchBody,
    examples: {
      two: {
        value: {
          end_user_id: 'customer-42',
          memories: [{ text: 'Has a dog called Miso.' }, { text: 'Works as a nurse.', category: 'work' }],
        },
      },
    },
  })
  @ApiCreatedResponse({ type: MemoryBatchResponse })
  @ApiOkResponse({
    type: MemoryBatchResponse,
    description: 'Every item was already held (all deduplicated).',
  })
  @ApiBadRequestResponse(BAD_INPUT)
  async createBatch(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body(new ContractValidationPipe(CreateMemoryBatchBodySchema)) body: CreateMemoryBatchBody,
    @Res({ passthrough: true }) response: EdgeReply,
  ): Promise<MemoryBatchResponse> {
    const view = await this.bus.request(MemorySubjects.createBatch, toCreateMemoryBatchRequest(query, body), {
      timeoutMs: MEMORY_BULK_TIMEOUT_MS,
    });
    response.status(view.memories.every((memory) => memory.deduplicated) ? 200 : 201);
    return toMemoryBatchResponse(view);
  }

  @Get('export')
  @ApiOperation({
    summary:
      'Streams every memory of the scope as NDJSON (one memory JSON a line, oldest first), or in Mem0’s format.',
    description:
      'The file can be sent back to POST …/memories/import as it is. format=mem0: a JSON object {"results": ' +
      '[...]} of memories in Mem0’s shape, which Mem0 users and this server’s import both read.',
  })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'One memory JSON (the shape of GET …/memories/{id}) per line.',
    content: {
      'application/x-ndjson': {
        schema: { type: 'string' },
        example:
          '{"id":"6f1c…","text":"I moved to Lisbon in March 2025.","metadata":"{\\"importance\\":0.5}",…}\n',
      },
    },
  })
  @ApiBadRequestResponse(BAD_INPUT)
  async export(
    @Query(new ContractValidationPipe(ExportMemoriesQuerySchema)) query: ExportMemoriesQuery,
    @Res() reply: EdgeReply,
  ): Promise<void> {
    const pages = this.transfer.exportPages(toScope(query));
    // The first page is read before the headers go out, so a failure there is still a JSON error.
    const first = await pages.next();
    const mem0 = query.format === 'mem0';
    const response = takeOver(reply);
    response.statusCode = 200;
    response.setHeader(
      'Content-Type',
      mem0 ? 'application/json; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    );
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="${mem0 ? 'memories.mem0.json' : 'memories.ndjson'}"`,
    );
    try {
      const write = async (lines: string) => {
        if (lines && !response.write(lines)) await once(response, 'drain');
      };
      let written = 0;
      const toLines = (page: MemoryExportPageView) =>
        page.memories
          .map((memory) =>
            mem0
              ? `${written++ === 0 ? '' : ','}\n${JSON.stringify(toMem0Memory(memory))}`
              : `${JSON.stringify(toMemoryResponse(memory))}\n`,
          )
          .join('');
      if (mem0) await write('{"results":[');
      if (!first.done) await write(toLines(first.value));
      for await (const page of pages) await write(toLines(page));
      if (mem0) await write('\n]}\n');
      response.end();
    } catch (error) {
      // The status is sent: cutting the stream short is the only way left to tell the client it is incomplete.
      this.logger.error(`Export stopped part-way: ${error instanceof Error ? error.message : String(error)}`);
      response.destroy(error instanceof Error ? error : undefined);
    }
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Imports an export file: NDJSON (application/x-ndjson) or a JSON array (application/json).',
    description:
      'Every line is checked before anything is stored. Lines keep their own end_user_id, agent_id and run_id ' +
      'unless the query sets them. A line whose `id` was imported before is skipped, so importing twice ' +
      'changes nothing. Large files: use NDJSON (up to GATEWAY_IMPORT_MAX_BYTES, 32 MiB, and ' +
      'GATEWAY_IMPORT_MAX_LINES lines by default). More than GATEWAY_IMPORT_SYNC_LINES lines are checked, ' +
      'then stored by a durable job: the answer is 202 with a status URL.',
  })
  @ApiConsumes('application/x-ndjson', 'application/json')
  @ApiBody({
    description: 'One memory JSON per line (the export format), or a JSON array of them.',
    schema: { type: 'string' },
    examples: {
      ndjson: {
        value:
          '{"id":"6f1c2a9e","text":"I moved to Lisbon in March 2025.","created_at":"2025-03-02T10:00:00.000Z"}\n' +
          '{"text":"Has a dog called Miso.","metadata":{"importance":0.7}}\n',
      },
    },
  })
  @ApiOkResponse({ type: MemoryImportResponse })
  @ApiAcceptedResponse({
    type: ImportJobResponse,
    description: 'More lines than GATEWAY_IMPORT_SYNC_LINES: queued as a durable job; follow status_url.',
  })
  @ApiBadRequestResponse({
    ...BAD_INPUT,
    description: 'validation_error naming the line; nothing was stored.',
  })
  @ApiPayloadTooLargeResponse({ type: ApiErrorResponse, description: 'payload_too_large' })
  async import(
    @Query(new ContractValidationPipe(ImportMemoriesQuerySchema)) query: ImportMemoriesQuery,
    @Req() request: EdgeRequest,
    @Res({ passthrough: true }) response: EdgeReply,
  ): Promise<MemoryImportResponse | ImportJobResponse> {
    // The body stream itself for NDJSON (the edge leaves it unread), with what the edge parsed for JSON.
    const upload = Object.assign(request.raw, { body: request.body });
    const outcome = await this.transfer.import(upload, toScope(query));
    if (outcome.kind === 'stored') return toMemoryImportResponse(outcome.views, outcome.lines);
    const statusUrl = `${pathOf(request).replace(/\/$/, '')}/${outcome.importId}`;
    response.status(202).header('Location', statusUrl);
    return toQueuedImportResponse(outcome.importId, outcome.lines, statusUrl);
  }

  @Get('import/:importId')
  @ApiOperation({
    summary: 'The progress of a large import (one answered 202): state, percent, memories stored so far.',
  })
  @ApiParam({ name: 'importId', description: 'The import_id of the 202 answer.' })
  @ApiOkResponse({ type: ImportJobResponse })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found: no such import of this account.' })
  async importStatus(
    @Param('importId') importId: string,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
  ): Promise<ImportJobResponse> {
    return toImportJobResponse(await this.transfer.importStatus(importId));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One memory.' })
  @ApiParam(MEMORY_ID)
  @ApiOkResponse({ type: MemoryResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async get(
    @Param('id', MemoryIdPipe) id: string,
    @Query(new ContractValidationPipe(GetMemoryQuerySchema)) query: GetMemoryQuery,
  ): Promise<MemoryResponse> {
    const includeEmbedding = query.include_embedding === true;
    const view = await this.bus.request(MemorySubjects.get, {
      ...toScope(query),
      memoryId: id,
      ...(includeEmbedding ? { includeEmbedding } : {}),
    });
    return toMemoryResponse(view, includeEmbedding);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Changes the fields given (text and/or metadata, importance, category, validity).',
    description: 'A text change re-embeds the memory; the previous version is kept in its history.',
  })
  @ApiParam(MEMORY_ID)
  @ApiBody({
    type: UpdateMemoryBody,
    examples: {
      text: { value: { text: 'I moved to Porto in June 2026.' } },
      importance: { value: { importance: 0.9, metadata: { topic: 'home' } } },
    },
  })
  @ApiOkResponse({ type: MemoryResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async update(
    @Param('id', MemoryIdPipe) id: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body(new ContractValidationPipe(UpdateMemoryBodySchema)) body: UpdateMemoryBody,
  ): Promise<MemoryResponse> {
    return toMemoryResponse(
      await this.bus.request(MemorySubjects.update, toUpdateMemoryRequest(id, query, body)),
    );
  }

  @Delete(':id')
  @MeteredRoute(METERED_ENDPOINTS.memoryDelete)
  @ApiOperation({
    summary: 'Deletes a memory with its vector, keyword entry and derived items; answers a receipt.',
    description:
      'The receipt says what the memory was learnt from (`source`: a chat message, a file chunk, a file). With ' +
      '`cascade=source` that chat message or chunk is deleted too (`source_deleted`).',
  })
  @ApiParam(MEMORY_ID)
  @ApiOkResponse({ type: MemoryErasureResponse, headers: METERED_RESPONSE_HEADERS })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(
    @Param('id', MemoryIdPipe) id: string,
    @Query(new ContractValidationPipe(DeleteMemoryQuerySchema)) query: DeleteMemoryQuery,
  ): Promise<MemoryErasureResponse> {
    const erasure = await this.erasure.deleteMemory(toScope(query), id, query.cascade === 'source');
    return toMemoryErasureResponse(erasure, toMemoryDeletionResponse(erasure.receipt));
  }

  @Get(':id/history')
  @ApiOperation({ summary: 'The versions of a memory, oldest first; the last is the current state.' })
  @ApiParam(MEMORY_ID)
  @ApiOkResponse({ type: MemoryHistoryResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async history(
    @Param('id', MemoryIdPipe) id: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<MemoryHistoryResponse> {
    const view = await this.bus.request(MemorySubjects.history, { ...toScope(query), memoryId: id });
    return toMemoryHistoryResponse(view);
  }
}
