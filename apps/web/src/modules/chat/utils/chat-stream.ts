import { GraphqlErrorCode } from '@membolt/contracts/rules';
import type { ChatMemoryFieldsFragment, ChatTurnFieldsFragment } from '../../../gql/graphql';
import { readServerSentEvents } from '../../ui/utils/sse.util';

/** The BFF's streamed chat turn (decision 031), beside /graphql on the same origin. */
const CHAT_STREAM_ENDPOINT = '/chat/stream';

export interface ChatStreamRequest {
  readonly message: string;
  readonly model?: string | undefined;
  readonly conversationId?: string | undefined;
  /** Extra instructions for this turn only (Search Mode: the results to summarise). */
  readonly system?: string | undefined;
  /** `search`: a summary of web results, which the server refuses without a model (nothing stored). */
  readonly mode?: 'chat' | 'search' | undefined;
}

interface ChatStreamStart {
  readonly conversationId: string;
  readonly conversationTitle: string;
  readonly model: string;
  readonly memoriesRetrieved: readonly ChatMemoryFieldsFragment[];
}

interface ChatStreamHandlers {
  readonly onStart?: (start: ChatStreamStart) => void;
  readonly onToken?: (text: string) => void;
}

/** A turn that failed: the server's code (GraphQL `extensions.code`) and message, or a network failure. */
export class ChatStreamError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
    /** Why the subscription check refused the turn (`SUBSCRIPTION_INVALID`). */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

export interface ChatStreamOptions extends ChatStreamHandlers {
  readonly signal?: AbortSignal;
  /** Renews the session after a 401; true when the turn may be sent again. */
  readonly refreshSession: () => Promise<boolean>;
  readonly fetchImpl?: typeof fetch;
}

const parse = <T>(data: string): T => JSON.parse(data) as T;

/**
 * Sends one message and streams the answer: `onStart`, then `onToken` per piece of text, and resolves with
 * the whole turn. Rejects with ChatStreamError (the server's `error` event, an HTTP error, or a stream that
 * ended without `done`). A 401 renews the session once and sends again, as the GraphQL link does.
 */
export async function streamChatTurn(
  request: ChatStreamRequest,
  { signal, refreshSession, fetchImpl = fetch, onStart, onToken }: ChatStreamOptions,
): Promise<ChatTurnFieldsFragment> {
  const send = () =>
    fetchImpl(CHAT_STREAM_ENDPOINT, {
      method: 'POST',
      // JSON: only a preflighted request can carry it, so a foreign page cannot start a turn (CSRF).
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      credentials: 'same-origin',
      body: JSON.stringify(request),
      ...(signal ? { signal } : {}),
    });
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok || !response.body) {
    let code: string | null = null;
    let reason: string | null = null;
    let message = `Chat failed with status: ${response.status}`;
    try {
      const body = (await response.json()) as { code?: unknown; message?: unknown; reason?: unknown };
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
      if (typeof body.reason === 'string') reason = body.reason;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ChatStreamError(
      code ?? (response.status === 401 ? GraphqlErrorCode.Unauthenticated : null),
      message,
      reason,
    );
  }
  for await (const event of readServerSentEvents(response.body)) {
    switch (event.event) {
      case 'start':
        onStart?.(parse<ChatStreamStart>(event.data));
        break;
      case 'token':
        onToken?.(parse<{ text: string }>(event.data).text);
        break;
      case 'done':
        return parse<ChatTurnFieldsFragment>(event.data);
      case 'error': {
        const { code, message } = parse<{ code: string; message: string }>(event.data);
        throw new ChatStreamError(code, message);
      }
      default:
        break;
    }
  }
  throw new ChatStreamError(null, 'The answer stopped before it was complete.');
}
