import {
  All,
  applyDecorators,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExcludeController,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiProduces,
  ApiProperty,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  type ChatModelView,
  ChatSubjects,
  type ChatTurnView,
  METERED_ENDPOINTS,
  type SendChatTurnRequest,
} from '@membolt/contracts';
import {
  type EdgeReply,
  type EdgeRequest,
  openDataStream,
  pathOf,
  type SendData,
  takeOver,
  toMemboltError,
  UsageMeter,
  writeJson,
} from '@membolt/edge';
import { CLOCK, type Clock, ContractValidationPipe } from '@membolt/platform';
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { AcceptsBearerApiKey, BEARER_SECURITY_SCHEME } from '../auth/bearer-api-key.js';
import { setUsageHeaders } from '../auth/api-key.guard.js';
import { METERED_RESPONSE_HEADERS } from '../billing/metered-route.decorator.js';
import { API_KEY_SECURITY_SCHEME } from '../gateway-controller.decorator.js';
import { Public } from '../public.decorator.js';
import { ChatCompletionBody, ChatCompletionBodySchema } from './openai.dto.js';
import { modelNotFound, toOpenAiError } from './openai.errors.js';
import { OpenAiExceptionFilter } from './openai-exception.filter.js';
import { toChatTurnRequest } from './openai.requests.js';
import { ChatCompletionSchema, OpenAiModelListSchema, OpenAiModelSchema } from './openai.responses.js';
import {
  type CompletionIdentity,
  toChatCompletion,
  toCompletionChunk,
  toOpenAiModel,
  toOpenAiModelList,
  toUsageChunk,
} from './openai.views.js';

/** Membolt's extras on an OpenAI answer (headers, so OpenAI's body stays exactly OpenAI's). */
const MEMORIES_USED_HEADER = 'X-Membolt-Memories-Used';
const CONVERSATION_ID_HEADER = 'X-Membolt-Conversation-Id';
const RESPONDER_HEADER = 'X-Membolt-Responder';

class OpenAiErrorDetail {
  @ApiProperty() message!: string;
  @ApiProperty({
    enum: [
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'rate_limit_error',
      'insufficient_quota',
      'server_error',
    ],
  })
  type!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The request field at fault, when known.' })
  param!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Membolt’s error code (invalid_api_key, rate_limited…), a 402’s reason, or model_not_found.',
  })
  code!: string | null;
}

/** The error body of the OpenAI-compatible routes (OpenAPI schema). */
class OpenAiErrorResponse {
  @ApiProperty({ type: OpenAiErrorDetail }) error!: OpenAiErrorDetail;
}

const OPENAI_ERROR = { type: OpenAiErrorResponse } as const;

/** Authenticated by X-API-Key or `Authorization: Bearer`, errors in OpenAI's shape, the key owner acting. */
const OpenAiRoutes = () =>
  applyDecorators(
    Controller(),
    AcceptsBearerApiKey(),
    UseGuards(ApiKeyGuard),
    UseFilters(OpenAiExceptionFilter),
  );

const memoriesUsed = (memories: ReadonlyArray<{ readonly used: boolean }>) =>
  memories.filter((memory) => memory.used).length;

function setMemboltHeaders(
  res: ServerResponse,
  turn: { conversationId: string; responder: string; memoriesRetrieved: ReadonlyArray<{ used: boolean }> },
): void {
  res.setHeader(MEMORIES_USED_HEADER, String(memoriesUsed(turn.memoriesRetrieved)));
  res.setHeader(CONVERSATION_ID_HEADER, turn.conversationId);
  res.setHeader(RESPONDER_HEADER, turn.responder);
}

/**
 * OpenAI's Chat Completions and Models API over the chat service: a client of OpenAI's API (the official
 * `openai` package with `baseURL` set to `<server>/v1`) talks to the memory-enabled assistant unchanged.
 */
@ApiTags('openai-compatible')
@ApiExtraModels(OpenAiErrorResponse)
@ApiSecurity(BEARER_SECURITY_SCHEME)
@ApiSecurity(API_KEY_SECURITY_SCHEME)
@ApiUnauthorizedResponse({
  ...OPENAI_ERROR,
  description: 'missing_api_key, invalid_api_key or revoked_api_key',
})
@ApiTooManyRequestsResponse({ ...OPENAI_ERROR, description: 'rate_limited; Retry-After says when to retry' })
@ApiServiceUnavailableResponse({
  ...OPENAI_ERROR,
  description: 'service_unavailable or provider_unavailable',
})
@OpenAiRoutes()
export class OpenAiController {
  private readonly logger = new Logger(OpenAiController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly meter: UsageMeter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('models')
  @ApiOperation({
    summary: 'The server’s model catalogue, as OpenAI lists models.',
    description:
      'Every catalogue model, `owned_by` its provider. Membolt adds `available`: whether the account reaches ' +
      'the provider (the server’s or its own key); a model that is not available is answered by the offline assistant.',
  })
  @ApiOkResponse({ type: OpenAiModelListSchema })
  async models(): Promise<ReturnType<typeof toOpenAiModelList>> {
    return toOpenAiModelList(await this.catalogue());
  }

  @Get('models/:model')
  @ApiOperation({ summary: 'One model of the catalogue.' })
  @ApiOkResponse({ type: OpenAiModelSchema })
  @ApiNotFoundResponse({ ...OPENAI_ERROR, description: 'model_not_found' })
  async model(@Param('model') id: string): Promise<ReturnType<typeof toOpenAiModel>> {
    return toOpenAiModel(await this.catalogueModel(id));
  }

  @Post('chat/completions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A chat completion with memory (OpenAI’s Chat Completions API).',
    description:
      'The memories that bear on the last user message are retrieved (the end user’s with `user`, else the ' +
      'account’s own) and given to the model as data, the model answers (the account’s own provider key first, ' +
      'then the server’s; the offline assistant when neither), the exchange is stored as a conversation and the ' +
      'facts the user states are learnt afterwards into the same scope. With `stream: true` the answer streams ' +
      'as `chat.completion.chunk` server-sent events ending with `data: [DONE]`; a failure after the stream ' +
      'opened arrives as a last event `{"error": {...}}`. Headers: X-Membolt-Memories-Used, ' +
      'X-Membolt-Conversation-Id, X-Membolt-Responder (and the cost headers on a JSON answer).',
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    type: ChatCompletionSchema,
    description:
      '`chat.completion` (JSON), or with `stream: true` `chat.completion.chunk` server-sent events and `data: [DONE]`.',
    headers: {
      ...METERED_RESPONSE_HEADERS,
      [MEMORIES_USED_HEADER]: { description: 'Memories given to the model.', schema: { type: 'integer' } },
      [CONVERSATION_ID_HEADER]: {
        description: 'The stored conversation of the exchange.',
        schema: { type: 'string' },
      },
      [RESPONDER_HEADER]: {
        description: 'The provider that answered, or `offline`.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({
    ...OPENAI_ERROR,
    description: 'validation_error; `param` names the field when known',
  })
  @ApiNotFoundResponse({ ...OPENAI_ERROR, description: 'model_not_found' })
  @ApiPaymentRequiredResponse({
    ...OPENAI_ERROR,
    description:
      'insufficient_quota: the subscription check refused the call (`code` is its reason) or the key’s spend ' +
      'cap is used up (`code`: spend_cap_reached)',
  })
  async completions(
    @CurrentApiKey() key: ApiKeyPrincipal,
    @Body(new ContractValidationPipe(ChatCompletionBodySchema)) body: ChatCompletionBody,
    @Req() req: EdgeRequest,
    @Res() reply: EdgeReply,
  ): Promise<void> {
    const res = reply.raw;
    const request = toChatTurnRequest(body);
    // Checked before billing: an unknown model is the caller's mistake and costs nothing.
    await this.catalogueModel(body.model);
    const identity: CompletionIdentity = {
      id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
      created: Math.floor(this.clock.nowMs() / 1000),
      model: body.model,
    };
    const metered = {
      principal: { userId: key.userId, keyId: key.keyId },
      endpoint: METERED_ENDPOINTS.chat,
      input: { params: req.params, query: req.query, body: req.body as unknown },
      // As for /chat: a call without earlier messages starts a conversation (the plans count those).
      ...(request.history?.length ? {} : { newConversation: true }),
    };
    if (!body.stream) {
      const { result, usage } = await this.meter.run(metered, () =>
        this.bus.request(ChatSubjects.sendTurn, request),
      );
      takeOver(reply);
      setUsageHeaders(res, usage);
      setMemboltHeaders(res, result);
      writeJson(res, 200, toChatCompletion(identity, result));
      return;
    }
    try {
      await this.meter.run(metered, () =>
        this.relay(req, reply, request, identity, body.stream_options?.include_usage === true),
      );
    } catch (error) {
      // Once the stream opened, the failure went out as its last event.
      if (!res.headersSent) throw error;
    }
  }

  /**
   * Streams one turn as OpenAI's chunks and answers the whole turn (what metering counts). The stream opens
   * with the chat's `start`, so a refusal before it (a provider down) is still a plain error answer.
   */
  private async relay(
    req: EdgeRequest,
    reply: EdgeReply,
    request: SendChatTurnRequest,
    identity: CompletionIdentity,
    includeUsage: boolean,
  ): Promise<ChatTurnView> {
    const res = reply.raw;
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) controller.abort();
    });
    let send: SendData | null = null;
    try {
      for await (const chunk of this.bus.stream(ChatSubjects.streamTurn, request, {
        signal: controller.signal,
      })) {
        if (chunk.type === 'start') {
          setMemboltHeaders(res, chunk);
          send = openDataStream(takeOver(reply));
          send(toCompletionChunk(identity, { role: 'assistant', content: '' }, null, includeUsage));
        } else if (chunk.type === 'token') {
          send?.(toCompletionChunk(identity, { content: chunk.text }, null, includeUsage));
        } else {
          send?.(toCompletionChunk(identity, {}, 'stop', includeUsage));
          if (includeUsage) send?.(toUsageChunk(identity, chunk.turn));
          send?.('[DONE]');
          return chunk.turn;
        }
      }
      throw new Error('The chat stream ended without its answer.');
    } catch (error) {
      if (send && !controller.signal.aborted)
        send(toOpenAiError(toMemboltError(error, req, this.logger)).body);
      throw error;
    } finally {
      if (send) res.end();
    }
  }

  private async catalogue(): Promise<readonly ChatModelView[]> {
    return (await this.bus.request(ChatSubjects.listModels, {})).models;
  }

  private async catalogueModel(id: string): Promise<ChatModelView> {
    const model = (await this.catalogue()).find((candidate) => candidate.id === id);
    if (!model) throw modelNotFound(id);
    return model;
  }
}

/** Anything under /v1 that no route matched: OpenAI's 404 shape, never the web app. */
@ApiExcludeController()
@OpenAiRoutes()
export class OpenAiNotFoundController {
  @All('*')
  @Public()
  notFound(@Req() request: EdgeRequest): never {
    throw new NotFoundException(`No route matches ${request.method} ${pathOf(request)}`);
  }
}
