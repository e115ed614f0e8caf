import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChatErrorCode, MemboltError } from '@membolt/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BraveWebSearch } from './brave.search.js';
import { SearxngWebSearch } from './searxng.search.js';
import { TavilyWebSearch } from './tavily.search.js';
import type { WebSearchProvider } from './web-search-provider.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A loopback HTTP server answering each request with `reply` (status + JSON body). */
async function loopback(reply: (seen: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const raw = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      };
      seen.push(request);
      const { status, body } = reply(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function failure(promise: Promise<unknown>): Promise<MemboltError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('Brave Search adapter against a loopback server speaking its API', () => {
  let server: Awaited<ReturnType<typeof loopback>>;
  let ok = true;
  beforeAll(async () => {
    server = await loopback((seen) =>
      ok && seen.headers['x-subscription-token'] === 'brave-key'
        ? {
            status: 200,
            body: {
              web: {
                results: [
                  {
                    title: 'Lisbon <strong>hikes</strong>',
                    url: 'https://a.example',
                    description: 'Trails near <strong>Lisbon</strong>',
                  },
                  { title: 'Sintra', url: 'https://b.example', description: 'Palaces and forest' },
                  { title: 'Third', url: 'https://c.example', description: 'cut by count' },
                ],
              },
            },
          }
        : {
            status: 429,
            body: {
              type: 'ErrorResponse',
              error: { code: 'RATE_LIMITED', detail: 'Request rate limit exceeded' },
            },
          },
    );
  });
  afterAll(() => server.close());

  it('searches with the subscription token and count, and strips the highlighting', async () => {
    const brave: WebSearchProvider = new BraveWebSearch('brave-key', server.url);
    const results = await brave.search('hikes near Lisbon', 2);
    expect(results).toEqual([
      { title: 'Lisbon hikes', url: 'https://a.example', snippet: 'Trails near Lisbon' },
      { title: 'Sintra', url: 'https://b.example', snippet: 'Palaces and forest' },
    ]);
    expect(server.seen[0]).toMatchObject({ method: 'GET', path: '/res/v1/web/search' });
    expect(server.seen[0]!.query.get('q')).toBe('hikes near Lisbon');
    expect(server.seen[0]!.query.get('count')).toBe('2');
  });

  it('a refusal is web_search_failed with the status and the provider message', async () => {
    ok = false;
    const error = await failure(new BraveWebSearch('brave-key', server.url).search('x', 5));
    ok = true;
    expect(error.code).toBe(ChatErrorCode.WebSearchFailed);
    expect(error.message).toBe('Search failed with status: 429 (Request rate limit exceeded)');
  });
});

describe('Tavily adapter against a loopback server speaking its API', () => {
  let server: Awaited<ReturnType<typeof loopback>>;
  beforeAll(async () => {
    server = await loopback((seen) =>
      seen.headers.authorization === 'Bearer tvly-key'
        ? {
            status: 200,
            body: {
              query: 'q',
              results: [{ title: 'T', url: 'https://t.example', content: 'Tavily says', score: 0.9 }],
            },
          }
        : { status: 401, body: { detail: { error: 'Unauthorized: missing or invalid API key.' } } },
    );
  });
  afterAll(() => server.close());

  it('posts the query and max_results with the bearer key', async () => {
    expect(await new TavilyWebSearch('tvly-key', server.url).search('q', 3)).toEqual([
      { title: 'T', url: 'https://t.example', snippet: 'Tavily says' },
    ]);
    expect(server.seen[0]).toMatchObject({
      method: 'POST',
      path: '/search',
      body: { query: 'q', max_results: 3 },
    });
  });

  it('a bad key is web_search_failed 401', async () => {
    const error = await failure(new TavilyWebSearch('wrong', server.url).search('q', 3));
    expect(error.code).toBe(ChatErrorCode.WebSearchFailed);
    expect(error.message).toContain('Search failed with status: 401');
  });
});

describe('SearXNG adapter against a loopback server speaking its API', () => {
  let server: Awaited<ReturnType<typeof loopback>>;
  beforeAll(async () => {
    server = await loopback((seen) =>
      seen.query.get('format') === 'json'
        ? {
            status: 200,
            body: {
              query: seen.query.get('q'),
              results: [
                { title: 'One', url: 'https://1.example', content: 'first', engine: 'duckduckgo' },
                { title: 'Two', url: 'https://2.example', content: 'second', engine: 'bing' },
              ],
            },
          }
        : { status: 403, body: { error: 'format not allowed' } },
    );
  });
  afterAll(() => server.close());

  it('asks for JSON at {base}/search and keeps numResults', async () => {
    const results = await new SearxngWebSearch(`${server.url}/searx`).search('membolt', 1);
    expect(results).toEqual([{ title: 'One', url: 'https://1.example', snippet: 'first' }]);
    expect(server.seen[0]!.path).toBe('/searx/search');
    expect(server.seen[0]!.query.get('q')).toBe('membolt');
  });

  it('an unreachable instance is web_search_failed without a status', async () => {
    const error = await failure(new SearxngWebSearch('http://127.0.0.1:9').search('x', 1));
    expect(error.code).toBe(ChatErrorCode.WebSearchFailed);
    expect(error.message).toContain('could not be reached');
  });
});
