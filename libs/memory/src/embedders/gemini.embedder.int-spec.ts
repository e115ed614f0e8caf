import { afterEach, describe, expect, it } from '@jest/globals';

import { CommonError } from '@membolt/contracts';

import { GeminiEmbedder } from './gemini.embedder.js';
import {
  type ProviderReply,
  type RecordedRequest,
  startLoopbackProvider,
} from './testing/loopback-provider.js';

const FAST = { backoffMs: 1, timeoutMs: 5_000 };
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

interface BatchRequest {
  requests: {
    content: { parts: { text: string }[] };
    taskType: string;
    outputDimensionality: number;
    model: string;
  }[];
}

/** The Gemini API's batchEmbedContents answer: one `values` per request, in order. */
function embeddings(request: RecordedRequest): ProviderReply {
  const { requests } = request.body as BatchRequest;
  return {
    status: 200,
    body: {
      embeddings: requests.map((r) => ({
        values: Array.from({ length: r.outputDimensionality }, (_, i) =>
          i === r.content.parts[0]!.text.length ? 1 : 0,
        ),
      })),
    },
  };
}

const googleError = (code: number, status: string, message: string) =>
  ({ status: code, body: { error: { code, message, status } } }) as const;

async function provider(reply: (request: RecordedRequest, index: number) => ProviderReply) {
  const started = await startLoopbackProvider(reply);
  close = started.close;
  return started;
}

// Under Jest's VM modules the SDK's default fetch fails on every request ("fetch failed", across realms);
// the test's own global fetch is the same platform fetch the SDK calls in production.
const sameRealmFetch: typeof fetch = (input, init) => fetch(input, init);
const embedderFor = (baseUrl: string, call = FAST) =>
  new GeminiEmbedder({
    model: 'gemini-embedding-001',
    dimension: 8,
    apiKey: 'g-key',
    baseUrl,
    call,
    fetch: sameRealmFetch,
  });

describe('GeminiEmbedder against a loopback server speaking the Gemini embeddings API', () => {
  it('sends the key, the task type of the purpose and the configured size; answers vectors in order', async () => {
    const server = await provider(embeddings);
    const embedder = embedderFor(server.baseUrl);
    const vectors = await embedder.embed(['a', 'abc'], 'query');
    await embedder.embed(['ab'], 'document');
    expect(embedder.model).toBe('gemini:gemini-embedding-001');
    const [query, document] = server.requests;
    expect(query!.url).toMatch(/\/models\/gemini-embedding-001:batchEmbedContents$/);
    expect(query!.headers['x-goog-api-key']).toBe('g-key');
    const sent = (query!.body as BatchRequest).requests;
    expect(sent.map((r) => [r.content.parts[0]!.text, r.taskType, r.outputDimensionality])).toEqual([
      ['a', 'RETRIEVAL_QUERY', 8],
      ['abc', 'RETRIEVAL_QUERY', 8],
    ]);
    expect((document!.body as BatchRequest).requests[0]!.taskType).toBe('RETRIEVAL_DOCUMENT');
    expect(vectors.map((v) => Array.from(v).indexOf(1))).toEqual([1, 3]);
  });

  it('retries an exhausted resource, then succeeds', async () => {
    const server = await provider((request, index) =>
      index === 0 ? googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded') : embeddings(request),
    );
    expect(await embedderFor(server.baseUrl).embed(['x'], 'document')).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('says which setting to fix for a refused key and an unknown model, without retrying', async () => {
    const server = await provider((_request, index) =>
      index === 0
        ? googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.')
        : googleError(404, 'NOT_FOUND', 'models/gemini-embedding-001 is not found'),
    );
    const refused = await embedderFor(server.baseUrl)
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CommonError);
    expect((refused as Error).message).toMatch(/refused the API key.*EMBEDDER_API_KEY/);
    const missing = await embedderFor(server.baseUrl)
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(/"gemini-embedding-001" was not found.*EMBEDDER_MODEL/);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the retries when the service keeps failing', async () => {
    const server = await provider(() => googleError(500, 'INTERNAL', 'Internal error encountered.'));
    const error = await embedderFor(server.baseUrl, { ...FAST, maxRetries: 2 } as typeof FAST)
      .embed(['x'], 'document')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/failed with status 500/);
    expect(server.requests).toHaveLength(3);
  });
});
