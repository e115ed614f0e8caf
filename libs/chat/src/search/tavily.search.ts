import type { WebSearchResultView } from '@membolt/contracts';
import type { WebSearchProvider } from './web-search-provider.js';
import { fetchSearchJson } from './search-http.js';

/** Tavily: `POST {base}/search` with a bearer key and `{query, max_results}`. */
export class TavilyWebSearch implements WebSearchProvider {
  readonly id = 'tavily' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://api.tavily.com',
    private readonly timeoutMs = 10_000,
  ) {}

  async search(query: string, numResults: number, signal?: AbortSignal): Promise<WebSearchResultView[]> {
    const body = await fetchSearchJson<{
      results?: Array<{ title?: string; url?: string; content?: string }>;
    }>(
      'Tavily',
      new URL('/search', this.baseUrl),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, max_results: numResults, search_depth: 'basic' }),
      },
      this.timeoutMs,
      signal,
    );
    return (body.results ?? []).slice(0, numResults).map((result) => ({
      title: result.title ?? '',
      url: result.url ?? '',
      snippet: result.content ?? '',
    }));
  }
}
