import { describe, expect, it } from '@jest/globals';
import { ChatStreamError, streamChatTurn } from './chat-stream';

const sse = (events: ReadonlyArray<[string, unknown]>): string =>
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');

const answer = (status: number, body: string, type = 'text/event-stream') =>
  new Response(body, { status, headers: { 'content-type': type } });

const TURN = { conversationId: 'c1', text: 'Hello there', memoriesRetrieved: [] };

describe('streamChatTurn', () => {
  it('posts JSON to /chat/stream, reports start and tokens, and resolves with the done turn', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(
        200,
        sse([
          ['start', { conversationId: 'c1', conversationTitle: 'Hi', model: 'm', memoriesRetrieved: [] }],
          ['token', { text: 'Hello' }],
          ['token', { text: ' there' }],
          ['done', TURN],
        ]),
      );
    }) as unknown as typeof fetch;
    const tokens: string[] = [];
    const starts: string[] = [];
    const turn = await streamChatTurn(
      { message: 'Hi', model: 'gpt-4.1' },
      {
        fetchImpl,
        refreshSession: async () => false,
        onStart: (start) => starts.push(start.conversationId),
        onToken: (text) => tokens.push(text),
      },
    );
    expect(turn).toEqual(TURN);
    expect(tokens).toEqual(['Hello', ' there']);
    expect(starts).toEqual(['c1']);
    expect(calls[0]?.url).toBe('/chat/stream');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ message: 'Hi', model: 'gpt-4.1' });
    expect((calls[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('renews the session once after a 401 and sends again', async () => {
    let sent = 0;
    let refreshed = 0;
    const fetchImpl = (async () => {
      sent++;
      return sent === 1
        ? answer(401, JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Sign in' }), 'application/json')
        : answer(200, sse([['done', TURN]]));
    }) as unknown as typeof fetch;
    const turn = await streamChatTurn(
      { message: 'Hi' },
      {
        fetchImpl,
        refreshSession: async () => {
          refreshed++;
          return true;
        },
      },
    );
    expect([turn.text, sent, refreshed]).toEqual(['Hello there', 2, 1]);
  });

  it("rejects with the server's code and message from an error event, an HTTP error, or a cut stream", async () => {
    const failing = (response: Response) => (async () => response) as unknown as typeof fetch;
    const options = { refreshSession: async () => false };
    await expect(
      streamChatTurn(
        { message: 'Hi' },
        {
          ...options,
          fetchImpl: failing(answer(200, sse([['error', { code: 'BAD_USER_INPUT', message: 'No.' }]]))),
        },
      ),
    ).rejects.toEqual(new ChatStreamError('BAD_USER_INPUT', 'No.'));
    const http = streamChatTurn(
      { message: 'Hi' },
      {
        ...options,
        fetchImpl: failing(
          answer(503, JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Down' }), 'application/json'),
        ),
      },
    );
    await expect(http).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Down' });
    const cut = streamChatTurn(
      { message: 'Hi' },
      { ...options, fetchImpl: failing(answer(200, sse([['token', { text: 'Hel' }]]))) },
    );
    await expect(cut).rejects.toMatchObject({
      code: null,
      message: 'The answer stopped before it was complete.',
    });
  });
});
