import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The wire protocols the chat providers speak. `openai` also stands for any OpenAI-compatible server. */
export type LoopbackLlmProtocol = 'openai' | 'anthropic' | 'gemini';

/** What a loopback provider answers one request with. */
export type LoopbackLlmReply =
  | {
      readonly kind: 'stream';
      readonly tokens: readonly string[];
      readonly inputTokens?: number;
      readonly outputTokens?: number;
      /** Pause before each token. */
      readonly delayMs?: number;
    }
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly message: string;
      readonly retryAfterSeconds?: number;
    }
  /** Accepts the request and never answers (timeouts, cancellation). */
  | { readonly kind: 'hang' };

/** One request as the loopback server read it, whatever the protocol. */
export interface LoopbackLlmRequest {
  readonly path: string;
  readonly model: string;
  readonly apiKey: string | null;
  readonly system: string;
  readonly messages: ReadonlyArray<{ readonly role: 'user' | 'assistant'; readonly content: string }>;
  readonly maxOutputTokens: number | null;
  readonly wantsJson: boolean;
  readonly body: Record<string, unknown>;
}

export type LoopbackLlmResponder = (
  request: LoopbackLlmRequest,
) => LoopbackLlmReply | Promise<LoopbackLlmReply>;

/** When the server received a request, wrote its first token and ended the answer (`performance.now()`). */
export interface LoopbackLlmTiming {
  readonly receivedAt: number;
  firstTokenAt: number | null;
  endedAt: number | null;
}

export interface LoopbackLlmServer {
  /** The base URL to configure for the protocol's SDK (`…/v1` for OpenAI, the origin for the others). */
  readonly baseUrl: string;
  readonly origin: string;
  readonly requests: LoopbackLlmRequest[];
  /** One per request, in the same order (benchmarks: the provider's own time). */
  readonly timings: LoopbackLlmTiming[];
  /** Requests whose client went away before the answer ended. */
  readonly abandoned: number;
  respondWith(responder: LoopbackLlmResponder): void;
  close(): Promise<void>;
}

/** Answers every message with "You said: <message>" in a few tokens. */
export const echoResponder: LoopbackLlmResponder = (request) => {
  const last = request.messages.at(-1)?.content ?? '';
  return { kind: 'stream', tokens: ['You said: ', ...last.split(/(?<= )/)] };
};

/**
 * A real HTTP server on 127.0.0.1 (port 0) speaking one provider's streaming protocol: OpenAI Chat
 * Completions (`POST /v1/chat/completions`, SSE chunks, `[DONE]`), Anthropic Messages (`POST /v1/messages`,
 * typed SSE events) or Gemini (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse`), with each
 * provider's error bodies and `retry-after`. Tests and benchmarks point the real SDKs at it.
 */
export async function startLoopbackLlmServer(
  protocol: LoopbackLlmProtocol,
  responder: LoopbackLlmResponder = echoResponder,
): Promise<LoopbackLlmServer> {
  let respond = responder;
  const requests: LoopbackLlmRequest[] = [];
  const timings: LoopbackLlmTiming[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let abandoned = 0;

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const timing: LoopbackLlmTiming = { receivedAt: performance.now(), firstTokenAt: null, endedAt: null };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://loopback');
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
      : {};
    const parsed = parseRequest(protocol, url, req, body);
    if (!parsed) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url.pathname}` } }));
      return;
    }
    requests.push(parsed);
    timings.push(timing);
    const reply = await respond(parsed);
    let closed = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true;
        abandoned++;
      }
    });
    switch (reply.kind) {
      case 'hang':
        return;
      case 'error':
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          ...(reply.retryAfterSeconds !== undefined
            ? { 'retry-after': String(reply.retryAfterSeconds) }
            : {}),
        });
        res.end(JSON.stringify(errorBody(protocol, reply.status, reply.message)));
        return;
      case 'stream': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const events = streamEvents(protocol, parsed.model, reply);
        for (const [index, event] of events.entries()) {
          if (closed) return;
          if (reply.delayMs && event.isToken) await new Promise((r) => setTimeout(r, reply.delayMs));
          if (closed) return;
          res.write(event.text);
          if (event.isToken && timing.firstTokenAt === null) timing.firstTokenAt = performance.now();
          if (index === events.length - 1) {
            res.end();
            timing.endedAt = performance.now();
          }
        }
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: protocol === 'openai' ? `${origin}/v1` : origin,
    requests,
    timings,
    get abandoned() {
      return abandoned;
    },
    respondWith(next) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

type Json = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value
          .map((part) => (typeof part === 'object' && part ? String((part as Json)['text'] ?? '') : ''))
          .join('')
      : '';

function parseRequest(
  protocol: LoopbackLlmProtocol,
  url: URL,
  req: IncomingMessage,
  body: Json,
): LoopbackLlmRequest | null {
  if (req.method !== 'POST') return null;
  switch (protocol) {
    case 'openai': {
      if (url.pathname !== '/v1/chat/completions') return null;
      const all = (body['messages'] as Json[] | undefined) ?? [];
      const auth = req.headers.authorization;
      return {
        path: url.pathname,
        model: String(body['model']),
        apiKey: auth?.startsWith('Bearer ') ? auth.slice(7) : null,
        system: all
          .filter((m) => m['role'] === 'system')
          .map((m) => text(m['content']))
          .join('\n'),
        messages: all
          .filter((m) => m['role'] === 'user' || m['role'] === 'assistant')
          .map((m) => ({ role: m['role'] as 'user' | 'assistant', content: text(m['content']) })),
        maxOutputTokens: typeof body['max_tokens'] === 'number' ? body['max_tokens'] : null,
        wantsJson: body['response_format'] !== undefined,
        body,
      };
    }
    case 'anthropic': {
      if (url.pathname !== '/v1/messages') return null;
      // The SDK sends the key as `x-api-key` or (newer versions) as a bearer token.
      const key = req.headers['x-api-key'];
      const auth = req.headers.authorization;
      return {
        path: url.pathname,
        model: String(body['model']),
        apiKey: typeof key === 'string' ? key : auth?.startsWith('Bearer ') ? auth.slice(7) : null,
        system: text(body['system']),
        messages: ((body['messages'] as Json[] | undefined) ?? []).map((m) => ({
          role: m['role'] as 'user' | 'assistant',
          content: text(m['content']),
        })),
        maxOutputTokens: typeof body['max_tokens'] === 'number' ? body['max_tokens'] : null,
        wantsJson: false,
        body,
      };
    }
    case 'gemini': {
      const match = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/.exec(url.pathname);
      if (!match) return null;
      const key = req.headers['x-goog-api-key'];
      const config = (body['generationConfig'] as Json | undefined) ?? {};
      const systemInstruction = body['systemInstruction'] as Json | undefined;
      return {
        path: url.pathname,
        model: decodeURIComponent(match[1]!),
        apiKey: typeof key === 'string' ? key : (url.searchParams.get('key') ?? null),
        system: text(systemInstruction?.['parts']),
        messages: ((body['contents'] as Json[] | undefined) ?? []).map((c) => ({
          role: c['role'] === 'model' ? 'assistant' : 'user',
          content: text(c['parts']),
        })),
        maxOutputTokens: typeof config['maxOutputTokens'] === 'number' ? config['maxOutputTokens'] : null,
        wantsJson: config['responseMimeType'] === 'application/json',
        body,
      };
    }
  }
}

function errorBody(protocol: LoopbackLlmProtocol, status: number, message: string): Json {
  switch (protocol) {
    case 'openai':
      return {
        error: {
          message,
          type:
            status === 429 ? 'insufficient_quota' : status === 401 ? 'invalid_request_error' : 'server_error',
          code: status === 401 ? 'invalid_api_key' : status === 404 ? 'model_not_found' : null,
        },
      };
    case 'anthropic': {
      const type =
        status === 401
          ? 'authentication_error'
          : status === 404
            ? 'not_found_error'
            : status === 429
              ? 'rate_limit_error'
              : status === 529
                ? 'overloaded_error'
                : status >= 500
                  ? 'api_error'
                  : 'invalid_request_error';
      return { type: 'error', error: { type, message } };
    }
    case 'gemini': {
      const statusName =
        status === 401 || status === 403
          ? 'UNAUTHENTICATED'
          : status === 404
            ? 'NOT_FOUND'
            : status === 429
              ? 'RESOURCE_EXHAUSTED'
              : status >= 500
                ? 'UNAVAILABLE'
                : 'INVALID_ARGUMENT';
      return { error: { code: status, message, status: statusName } };
    }
  }
}

interface WireEvent {
  readonly text: string;
  readonly isToken: boolean;
}

function streamEvents(
  protocol: LoopbackLlmProtocol,
  model: string,
  reply: Extract<LoopbackLlmReply, { kind: 'stream' }>,
): WireEvent[] {
  const inputTokens = reply.inputTokens ?? 11;
  const outputTokens = reply.outputTokens ?? reply.tokens.length;
  const sse = (data: unknown, event?: string): string =>
    `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
  switch (protocol) {
    case 'openai': {
      const chunk = (delta: Json, finish: string | null) => ({
        id: 'chatcmpl-loopback',
        object: 'chat.completion.chunk',
        created: 0,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      return [
        { text: sse(chunk({ role: 'assistant', content: '' }, null)), isToken: false },
        ...reply.tokens.map((token) => ({ text: sse(chunk({ content: token }, null)), isToken: true })),
        { text: sse(chunk({}, 'stop')), isToken: false },
        {
          text: sse({
            id: 'chatcmpl-loopback',
            object: 'chat.completion.chunk',
            created: 0,
            model,
            choices: [],
            usage: {
              prompt_tokens: inputTokens,
              completion_tokens: outputTokens,
              total_tokens: inputTokens + outputTokens,
            },
          }),
          isToken: false,
        },
        { text: 'data: [DONE]\n\n', isToken: false },
      ];
    }
    case 'anthropic':
      return [
        {
          text: sse(
            {
              type: 'message_start',
              message: {
                id: 'msg_loopback',
                type: 'message',
                role: 'assistant',
                content: [],
                model,
                stop_reason: null,
                stop_sequence: null,
                usage: { input_tokens: inputTokens, output_tokens: 1 },
              },
            },
            'message_start',
          ),
          isToken: false,
        },
        {
          text: sse(
            { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
            'content_block_start',
          ),
          isToken: false,
        },
        ...reply.tokens.map((token) => ({
          text: sse(
            { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: token } },
            'content_block_delta',
          ),
          isToken: true,
        })),
        { text: sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'), isToken: false },
        {
          text: sse(
            {
              type: 'message_delta',
              delta: { stop_reason: 'end_turn', stop_sequence: null },
              usage: { output_tokens: outputTokens },
            },
            'message_delta',
          ),
          isToken: false,
        },
        { text: sse({ type: 'message_stop' }, 'message_stop'), isToken: false },
      ];
    case 'gemini':
      return reply.tokens.map((token, index) => ({
        text: sse({
          candidates: [
            {
              content: { parts: [{ text: token }], role: 'model' },
              index: 0,
              ...(index === reply.tokens.length - 1 ? { finishReason: 'STOP' } : {}),
            },
          ],
          usageMetadata: {
            promptTokenCount: inputTokens,
            candidatesTokenCount: index === reply.tokens.length - 1 ? outputTokens : index + 1,
            totalTokenCount: inputTokens + index + 1,
          },
          modelVersion: model,
        }),
        isToken: true,
      }));
  }
}

/**
 * A user turn as the chat sends it, read apart: the memory lines of its `<memories>` block (without their
 * date) and what the user wrote after it. A turn without a block is all message.
 */
export function readUserTurn(content: string): { memories: string[]; message: string } {
  const match = /^<memories>\n([\s\S]*?)\n<\/memories>\n\n([\s\S]*)$/.exec(content);
  if (!match) return { memories: [], message: content };
  const memories = (match[1] ?? '')
    .split('\n')
    .flatMap((line) => /^- \(\d{4}-\d{2}-\d{2}\) (.*)$/.exec(line)?.[1] ?? []);
  return { memories, message: match[2] ?? '' };
}
