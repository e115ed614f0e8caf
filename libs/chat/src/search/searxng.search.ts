import type { WebSearchResultView } from '@membolt/contracts';
import type { WebSearchProvider } from './web-search-provider.js';
import { fetchSearchJson } from './search-http.js';

/** A SearXNG instance: `GET {base}/search?q=&format=json` (its JSON output must be enabled in settings.yml). */
export class SearxngWebSearch implements WebSearchProvider {
  readonly id = 'searxng' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async search(query: string, numResults: number, signal?: AbortSignal): Promise<WebSearchResultView[]> {
    const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    const body = await fetchSearchJson<{
      results?: Array<{ title?: string; url?: string; content?: string }>;
    }>('SearXNG', url, { headers: { Accept: 'application/json' } }, this.timeoutMs, signal);
    return (body.results ?? []).slice(0, numResults).map((result) => ({
      title: result.title ?? '',
      url: result.url ?? '',
      snippet: result.content ?? '',
    }));
  }
}
