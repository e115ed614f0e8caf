import type { WebSearchResultView } from '@membolt/contracts';
import type { WebSearchProvider } from './web-search-provider.js';
import { fetchSearchJson, stripTags } from './search-http.js';

/** Brave Search API: `GET {base}/res/v1/web/search?q=&count=` with `X-Subscription-Token`. */
export class BraveWebSearch implements WebSearchProvider {
  readonly id = 'brave' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://api.search.brave.com',
    private readonly timeoutMs = 10_000,
  ) {}

  async search(query: string, numResults: number, signal?: AbortSignal): Promise<WebSearchResultView[]> {
    const url = new URL('/res/v1/web/search', this.baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(numResults));
    const body = await fetchSearchJson<{
      web?: { results?: Array<{ title?: string; url?: string; description?: string }> };
    }>(
      'Brave',
      url,
      { headers: { Accept: 'application/json', 'X-Subscription-Token': this.apiKey } },
      this.timeoutMs,
      signal,
    );
    return (body.web?.results ?? []).slice(0, numResults).map((result) => ({
      title: stripTags(result.title ?? ''),
      url: result.url ?? '',
      snippet: stripTags(result.description ?? ''),
    }));
  }
}
