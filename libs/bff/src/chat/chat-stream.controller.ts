import { Controller, Logger, Post, Req, Res } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { ChatSubjects, type ChatTurnView, GraphqlErrorCode, METERED_ENDPOINTS } from '@membolt/contracts';
import { type EdgeReply, openEventStream, requestIs, takeOver, UsageMeter, writeJson } from '@membolt/edge';
import type { ServerResponse } from 'node:http';
import { streamErrorOf, streamErrorStatus } from '../common/stream-error.js';
import { HttpSessions } from '../session/http-sessions.js';
import type { SessionRequest } from '../session/session.guard.js';
import { toChatTurnModel, toSendChatTurnRequest } from './chat.mapper.js';
import type { SendChatMessageInput } from './chat.models.js';

const OPTIONAL_STRING_FIELDS = ['model', 'conversationId', 'system', 'mode'] as const;

/**
 * `POST /chat/stream`: one exchange streamed to the browser as server-sent events (decision 031): `start`,
 * `token`..., then `done` (the GraphQL `ChatTurn` as JSON) or `error` ({ code, message }, the GraphQL
 * `extensions.code`). The session cookie authenticates it; only a JSON body is accepted (like Apollo's CSRF
 * prevention, that needs a preflight cross-site). The browser closing the request cancels the turn.
 */
@Controller('chat')
export class ChatStreamController {
  private readonly logger = new Logger(ChatStreamController.name);

  constructor(
    private readonly bus: BusClient,
    private readonly sessions: HttpSessions,
    private readonly meter: UsageMeter,
  ) {}

  @Post('stream')
  async stream(@Req() req: SessionRequest, @Res() reply: EdgeReply): Promise<void> {
    const res = takeOver(reply);
    if (!requestIs(req, 'application/json')) {
      writeJson(res, 415, {
        code: GraphqlErrorCode.BadUserInput,
        message: 'Send the message as application/json.',
      });
      return;
    }
    const user = await this.sessions.userOrUnauthorized(req, res);
    if (!user) return;
    const input = inputOf(req.body);
    if (!input) {
      writeJson(res, 400, {
        code: GraphqlErrorCode.BadUserInput,
        message: 'The body must be { message, model?, conversationId?, system?, mode? } with string values.',
      });
      return;
    }

    // Billing authorizes the turn before the stream opens: a refusal is a plain JSON answer (402 with the
    // subscription reason), so the page can show the Subscription problem dialog.
    let streaming = false;
    try {
      await this.meter.run(
        {
          principal: { userId: user.userId },
          endpoint: METERED_ENDPOINTS.chat,
          input,
          ...(input.conversationId ? {} : { newConversation: true }),
        },
        () => {
          streaming = true;
          return this.relay(res, user.userId, input);
        },
      );
    } catch (error) {
      // Once streaming, the failure already went out as an `error` event (relay).
      if (!streaming) {
        writeJson(res, streamErrorStatus(error), streamErrorOf(error, this.logger, 'Chat stream'));
      }
    }
  }

  /** Streams one turn as server-sent events and answers the whole turn (what metering counts). */
  private async relay(
    res: ServerResponse,
    userId: string,
    input: SendChatMessageInput,
  ): Promise<ChatTurnView> {
    const send = openEventStream(res);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) controller.abort();
    });
    try {
      for await (const chunk of this.bus.stream(ChatSubjects.streamTurn, toSendChatTurnRequest(input), {
        userId,
        signal: controller.signal,
      })) {
        switch (chunk.type) {
          case 'start':
            send('start', chunk);
            break;
          case 'token':
            send('token', { text: chunk.text });
            break;
          case 'done':
            send('done', toChatTurnModel(chunk.turn));
            return chunk.turn;
        }
      }
      throw new Error('The chat stream ended without its answer.');
    } catch (error) {
      if (!controller.signal.aborted) send('error', streamErrorOf(error, this.logger, 'Chat stream'));
      throw error;
    } finally {
      res.end();
    }
  }
}

/** The body's shape only: the chat service validates the values (lengths, model, mode) and answers `error`. */
function inputOf(body: unknown): SendChatMessageInput | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  if (typeof fields['message'] !== 'string') return null;
  const allowed = new Set<string>(['message', ...OPTIONAL_STRING_FIELDS]);
  if (Object.keys(fields).some((key) => !allowed.has(key))) return null;
  for (const key of OPTIONAL_STRING_FIELDS) {
    const value = fields[key];
    if (value !== undefined && value !== null && typeof value !== 'string') return null;
  }
  return fields as unknown as SendChatMessageInput;
}
