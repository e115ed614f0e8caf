import { afterEach, describe, expect, it } from '@jest/globals';

import { CommonError, CommonErrorCode } from '@membolt/contracts';

import { createEmbedder } from './create-embedder.js';
import { OpenAiEmbedder } from './openai.embedder.js';
import {
  closedPort,
  type ProviderReply,
  type RecordedRequest,
  startLoopbackProvider,
} from './testing/loopback-provider.js';

const FAST = { backoffMs: 1, timeoutMs: 5_000 };
const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** OpenAI's POST /embeddings answer for the request's inputs, in reverse order (clients must use `index`). */
function embeddings(request: RecordedRequest, size: number): ProviderReply {
  const input = (request.body as { input: string[] }).input;
  const data = input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: size }, (_, i) => (i === text.length % size ? 3 : i === 0 ? 4 : 0)),
  }));
  return {
    status: 200,
    body: { object: 'list', data: data.reverse(), model: 'm', usage: { prompt_tokens: 1, total_tokens: 1 } },
  };
}

const openAiError = (status: number, message: string, code: string, headers?: Record<string, string>) =>
  ({
    status,
    body: { error: { message, type: 'invalid_request_error', param: null, code } },
    headers,
  }) as const;

async function provider(reply: (request: RecordedRequest, index: number) => ProviderReply) {
  const started = await startLoopbackProvider(reply);
  close = started.close;
  return started;
}

async function failure(promise: Promise<unknown>): Promise<CommonError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CommonError);
  expect((error as CommonError).code).toBe(CommonErrorCode.ServiceUnavailable);
  return error as CommonError;
}

describe('OpenAiEmbedder against a loopback server speaking the OpenAI embeddings API', () => {
  it('asks OpenAI for the configured size with the key, and answers unit vectors in input order', async () => {
    const server = await provider((request) => embeddings(request, 16));
    const embedder = await createEmbedder({
      kind: 'openai',
      model: 'text-embedding-3-small',
      dimension: 16,
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      call: FAST,
    });
    const vectors = await embedder.embed(['a', 'abc'], 'document');
    expect(embedder.model).toBe('openai:text-embedding-3-small');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/embeddings');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['a', 'abc'],
      dimensions: 16,
    });
    expect(vectors.map((v) => Array.from(v).findIndex((x, i) => i > 0 && x !== 0))).toEqual([1, 3]);
    for (const vector of vectors) expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it('fits an OpenAI-compatible server answer of another size, and batches', async () => {
    const server = await provider((request) => embeddings(request, 8));
    const embedder = new OpenAiEmbedder({
      provider: 'openai-compatible',
      model: 'nomic-embed-text',
      dimension: 32,
      baseUrl: server.baseUrl,
      requestDimensions: false,
      call: { ...FAST, batchSize: 2 },
    });
    const vectors = await embedder.embed(['one', 'two', 'three', 'four', 'five'], 'query');
    expect(server.requests.map((r) => (r.body as { input: string[] }).input)).toEqual([
      ['one', 'two'],
      ['three', 'four'],
      ['five'],
    ]);
    expect(server.requests[0]!.body).not.toHaveProperty('dimensions');
    expect(vectors).toHaveLength(5);
    for (const vector of vectors) {
      expect(vector).toHaveLength(32);
      expect(norm(vector)).toBeCloseTo(1, 5);
      expect(Array.from(vector.slice(8)).every((x) => x === 0)).toBe(true);
    }
  });

  it('retries a rate limit and a server error, then succeeds', async () => {
    const server = await provider((request, index) =>
      index === 0
        ? openAiError(429, 'Rate limit reached', 'rate_limit_exceeded', { 'retry-after': '0' })
        : index === 1
          ? openAiError(503, 'Overloaded', 'server_error')
          : embeddings(request, 4),
    );
    const embedder = new OpenAiEmbedder({
      provider: 'openai',
      model: 'text-embedding-3-small',
      dimension: 4,
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      requestDimensions: true,
      call: FAST,
    });
    expect(await embedder.embed(['x'], 'document')).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('says which setting to fix: a refused key and an unknown model are not retried', async () => {
    const server = await provider((_request, index) =>
      index === 0
        ? openAiError(401, 'Incorrect API key provided: sk-bad.', 'invalid_api_key')
        : openAiError(404, 'The model `nope` does not exist', 'model_not_found'),
    );
    const make = (model: string) =>
      new OpenAiEmbedder({
        provider: 'openai',
        model,
        dimension: 4,
        apiKey: 'sk-bad',
        baseUrl: server.baseUrl,
        requestDimensions: false,
        call: FAST,
      });
    const refused = await failure(make('text-embedding-3-small').embed(['x'], 'query'));
    expect(refused.message).toMatch(/refused the API key.*Incorrect API key.*EMBEDDER_API_KEY/);
    const missing = await failure(make('nope').embed(['x'], 'query'));
    expect(missing.message).toMatch(/model "nope" was not found.*EMBEDDER_MODEL/);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the retries on a quota that stays exhausted', async () => {
    const server = await provider(() =>
      openAiError(429, 'You exceeded your current quota', 'insufficient_quota'),
    );
    const embedder = new OpenAiEmbedder({
      provider: 'openai',
      model: 'text-embedding-3-small',
      dimension: 4,
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      requestDimensions: false,
      call: { ...FAST, maxRetries: 2 },
    });
    const error = await failure(embedder.embed(['x'], 'document'));
    expect(error.message).toMatch(/quota or rate limit is exhausted.*exceeded your current quota/);
    expect(server.requests).toHaveLength(3);
  });

  it('reports an unreachable server and a server that never answers', async () => {
    const port = await closedPort();
    const unreachable = new OpenAiEmbedder({
      provider: 'openai-compatible',
      model: 'm',
      dimension: 4,
      baseUrl: `http://127.0.0.1:${port}/v1`,
      requestDimensions: false,
      call: { ...FAST, maxRetries: 1 },
    });
    expect((await failure(unreachable.embed(['x'], 'query'))).message).toMatch(
      /unreachable.*EMBEDDER_BASE_URL/,
    );

    const server = await provider(() => 'hang');
    const silent = new OpenAiEmbedder({
      provider: 'openai-compatible',
      model: 'm',
      dimension: 4,
      baseUrl: server.baseUrl,
      requestDimensions: false,
      call: { backoffMs: 1, timeoutMs: 300, maxRetries: 1 },
    });
    expect((await failure(silent.embed(['x'], 'query'))).message).toMatch(/unreachable/);
    expect(server.requests).toHaveLength(2);
  });
});
