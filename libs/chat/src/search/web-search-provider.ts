import type { WebSearchProviderId, WebSearchResultView } from '@membolt/contracts';

/** The operator's web search provider (one at a time). */
export type WebSearchSettings =
  | { readonly provider: 'brave'; readonly apiKey: string; readonly baseUrl: string | null }
  | { readonly provider: 'tavily'; readonly apiKey: string; readonly baseUrl: string | null }
  | { readonly provider: 'searxng'; readonly baseUrl: string };

/** A web search provider behind one port. Fails with `web_search_failed` (status and message) on any refusal. */
export interface WebSearchProvider {
  readonly id: WebSearchProviderId;
  search(query: string, numResults: number, signal?: AbortSignal): Promise<WebSearchResultView[]>;
}

export const WEB_SEARCH_PROVIDER = Symbol('WEB_SEARCH_PROVIDER');
