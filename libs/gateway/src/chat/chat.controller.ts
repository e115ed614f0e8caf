import { Body, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  ChatSubjects,
  type ChatTurnView,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  INTERNAL_ERROR_MESSAGE,
  MemboltError,
  METERED_ENDPOINTS,
  type SendChatTurnRequest,
  toRestError,
  WEB_SEARCH_DEFAULT_RESULTS,
} from '@membolt/contracts';
import {
  type EdgeReply,
  type EdgeRequest,
  openEventStream,
  takeOver,
  UsageMeter,
  writeJson,
} from '@membolt/edge';
import { ContractValidationPipe } from '@membolt/platform';
import type { ServerResponse } from 'node:http';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { setUsageHeaders } from '../auth/api-key.guard.js';
import { ApiMeteredRefusal, METERED_RESPONSE_HEADERS } from '../billing/metered-route.decorator.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { apiKeyOfAnotherUser } from '../gateway.errors.js';
import { toScope } from '../memories/memory.requests.js';
import { EntityIdPipe } from './entity-id.pipe.js';
import { MemoryScopeQuery, MemoryScopeQuerySchema } from '../memories/memory.dto.js';
import {
  ChatBody,
  ChatBodySchema,
  ConversationsQuery,
  ConversationsQuerySchema,
  WebSearchBody,
  WebSearchBodySchema,
} from './chat.dto.js';
import {
  ChatResponse,
  ChatStartEvent,
  ChatTokenEvent,
  ConversationDeletionResponse,
  ConversationListResponse,
  ConversationResponse,
  WebSearchResponse,
} from './chat.responses.js';
import {
  toChatResponse,
  toChatStartEvent,
  toConversationDeletionResponse,
  toConversationListResponse,
  toConversationResponse,
  toWebSearchResponse,
} from './chat.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error (the message says which field)',
} as const;
const UNAVAILABLE = {
  type: ApiErrorResponse,
  description: 'service_unavailable, provider_unavailable or web_search_not_configured',
} as const;

/**
 * The chat of docs/requirements/rest-gateway.md: `POST /api/chat` (the key owner's memories and provider keys; with
 * `Accept: text/event-stream` the answer streams as server-sent events) and `POST /api/search`.
 */
@ApiTags('chat')
@ApiExtraModels(ChatResponse, ChatStartEvent, ChatTokenEvent, ApiErrorResponse)
@ApiServiceUnavailableResponse(UNAVAILABLE)
@GatewayController()
export class ChatController {
  constructor(
    private readonly bus: BusClient,
    private readonly meter: UsageMeter,
  ) {}

  @Post('chat')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One exchange with the memory-enabled assistant.',
    description:
      'Retrieves the memories that bear on the message, answers with the model (the key owner’s own provider key first, then the server’s; the offline assistant when neither is configured, which says back in plain sentences the memories that bear on the question and lists them), stores the exchange in a conversation and learns facts from it. With `end_user_id` (and `agent_id`, `run_id`) the memories read and the facts learnt are that end user’s, never the account’s own. Without `conversationId` a new conversation starts. With `Accept: text/event-stream` the answer streams: `start`, `token` events, then `done` with the whole answer (or `error` with `{error, message}`).',
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    description:
      'The answer: text, memories_used (the memories the answer used: in the prompt, or offline in the answer), memories_retrieved (each `used` or not), conversation_id, usage (the cost headers come with the JSON answer); or, with `Accept: text/event-stream`, server-sent events: `event: start` (ChatStartEvent), `event: token` (ChatTokenEvent) for each piece of the answer, then `event: done` (ChatResponse) or `event: error` ({error, message}).',
    headers: METERED_RESPONSE_HEADERS,
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ChatResponse) } },
      'text/event-stream': {
        schema: {
          type: 'string',
          description:
            'Server-sent events; each `data:` line is the JSON of its event: start → ChatStartEvent, token → ChatTokenEvent, done → ChatResponse, error → ApiErrorResponse.',
        },
        example:
          'event: start\ndata: {"conversation_id":"6650f1c2a1b2c3d4e5f60720","conversation_title":"Where I live","model":"gpt-4o-mini","responder":"openai","memories_retrieved":[]}\n\nevent: token\ndata: {"text":"You live"}\n\nevent: done\ndata: {"text":"You live in Lisbon.","memories_used":1,…}\n\n',
      },
    },
  })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiMeteredRefusal()
  async chat(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Body(new ContractValidationPipe(ChatBodySchema)) body: ChatBody,
    @Req() req: EdgeRequest,
    @Res() reply: EdgeReply,
  ): Promise<void> {
    if (body.userId !== undefined && body.userId !== key.userId) throw apiKeyOfAnotherUser();
    const request = {
      message: body.message,
      ...(body.model ? { model: body.model } : {}),
      ...(body.conversationId ? { conversationId: body.conversationId } : {}),
      ...(body.history ? { history: body.history.map(({ role, content }) => ({ role, content })) } : {}),
      ...toScope({}, body),
    };
    const metered = {
      principal: { userId: key.userId, keyId: key.keyId },
      endpoint: METERED_ENDPOINTS.chat,
      input: { params: req.params, query: req.query, body: req.body as unknown },
      // A turn with neither a conversation nor a history starts one: the Free plan counts those (conversations
      // per month); a caller who keeps the history itself is continuing one.
      ...(body.conversationId || body.history?.length ? {} : { newConversation: true }),
    };
    if (!(req.headers.accept ?? '').includes('text/event-stream')) {
      const { result, usage } = await this.meter.run(metered, () =>
        this.bus.request(ChatSubjects.sendTurn, request),
      );
      const res = takeOver(reply);
      setUsageHeaders(res, usage);
      writeJson(res, 200, toChatResponse(result));
      return;
    }
    // Billing authorizes the turn before the stream opens: a refusal is a plain 402 answer.
    let streaming = false;
    try {
      await this.meter.run(metered, () => {
        streaming = true;
        return this.relay(takeOver(reply), request);
      });
    } catch (error) {
      if (!streaming) throw error; // once streaming, it went out as an `error` event
    }
  }

  /** Streams one turn as server-sent events and answers the whole turn (what metering counts). */
  private async relay(res: ServerResponse, request: SendChatTurnRequest): Promise<ChatTurnView> {
    const send = openEventStream(res);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) controller.abort();
    });
    try {
      for await (const chunk of this.bus.stream(ChatSubjects.streamTurn, request, {
        signal: controller.signal,
      })) {
        if (chunk.type === 'start') send('start', toChatStartEvent(chunk));
        else if (chunk.type === 'token') send('token', { text: chunk.text });
        else {
          send('done', toChatResponse(chunk.turn));
          return chunk.turn;
        }
      }
      throw new Error('The chat stream ended without its answer.');
    } catch (error) {
      if (!controller.signal.aborted) {
        send(
          'error',
          error instanceof MemboltError
            ? toRestError(error).body
            : { error: 'internal_error', message: INTERNAL_ERROR_MESSAGE },
        );
      }
      throw error;
    } finally {
      res.end();
    }
  }

  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Web search through the server’s search provider (Brave, Tavily or SearXNG).' })
  @ApiBody({ type: WebSearchBody })
  @ApiOkResponse({ type: WebSearchResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async search(
    @Body(new ContractValidationPipe(WebSearchBodySchema)) body: WebSearchBody,
  ): Promise<ReturnType<typeof toWebSearchResponse>> {
    return toWebSearchResponse(
      await this.bus.request(ChatSubjects.webSearch, {
        query: body.query,
        numResults: body.numResults ?? WEB_SEARCH_DEFAULT_RESULTS,
      }),
    );
  }
}

/** The key owner's stored conversations: `GET/DELETE /api/user/{userId}/conversations[/{id}]`. */
@ApiTags('chat')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@ApiServiceUnavailableResponse(UNAVAILABLE)
@GatewayController('user/:userId/conversations')
export class ConversationsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({
    summary: 'Conversations, most recently active first.',
    description:
      "Without `end_user_id` the account's own conversations; with it only that end user's (those POST /api/chat " +
      'started with it), narrowed by `agent_id` and `run_id` when given.',
  })
  @ApiOkResponse({ type: ConversationListResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async list(
    @Query(new ContractValidationPipe(ConversationsQuerySchema)) query: ConversationsQuery,
  ): Promise<ReturnType<typeof toConversationListResponse>> {
    return toConversationListResponse(
      await this.bus.request(ChatSubjects.listConversations, {
        ...toScope(query),
        limit: query.limit ?? CONVERSATION_LIST_DEFAULT_LIMIT,
        offset: query.offset ?? 0,
      }),
    );
  }

  @Get(':conversationId')
  @ApiOperation({ summary: 'One conversation with its messages, oldest first.' })
  @ApiOkResponse({ type: ConversationResponse })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found (also: one of another scope)' })
  async get(
    @Param('conversationId', EntityIdPipe) conversationId: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<ReturnType<typeof toConversationResponse>> {
    return toConversationResponse(
      await this.bus.request(ChatSubjects.getConversation, { ...toScope(query), conversationId }),
    );
  }

  @Delete(':conversationId')
  @ApiOperation({ summary: 'Deletes a conversation and its messages; the memories learnt from it stay.' })
  @ApiOkResponse({ type: ConversationDeletionResponse })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found (also: one of another scope)' })
  async delete(
    @Param('conversationId', EntityIdPipe) conversationId: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<ReturnType<typeof toConversationDeletionResponse>> {
    return toConversationDeletionResponse(
      await this.bus.request(ChatSubjects.deleteConversation, { ...toScope(query), conversationId }),
    );
  }
}
