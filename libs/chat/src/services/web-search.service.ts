import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  ChatError,
  type WebSearchRequest,
  type WebSearchResultView,
  type WebSearchView,
} from '@membolt/contracts';
import { noSummaryModel, webSearchNotConfigured } from '../chat.errors.js';
import { WEB_SEARCH_SUMMARY_SYSTEM_PROMPT, webSearchSummaryRequest } from '../prompts.js';
import { completeText } from '../providers/llm-provider.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { WEB_SEARCH_PROVIDER, type WebSearchProvider } from '../search/web-search-provider.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

/** The spec's `formatted_results`: one numbered block per result. */
function formatResults(results: readonly WebSearchResultView[]): string {
  return results
    .map((result, index) => `${index + 1}. ${result.title}\n${result.url}\n${result.snippet}`)
    .join('\n\n');
}

/**
 * Web search through the operator's provider (Brave, Tavily or SearXNG). With `summarize`, the chosen model
 * summarises the results; when that fails (no model, a provider refusal) the answer says why in
 * `summaryError` and the screen shows the raw formatted results.
 */
@Injectable()
export class WebSearchService {
  constructor(
    @Optional() @Inject(WEB_SEARCH_PROVIDER) private readonly provider: WebSearchProvider | null,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
    private readonly catalogue: ModelCatalogueService,
  ) {}

  get configured(): boolean {
    return Boolean(this.provider);
  }

  async search(userId: string, request: WebSearchRequest, signal?: AbortSignal): Promise<WebSearchView> {
    if (!this.provider) throw webSearchNotConfigured();
    const results = await this.provider.search(request.query, request.numResults, signal);
    const formattedResults = formatResults(results);
    let summary: string | null = null;
    let summaryError: string | null = null;
    if (request.summarize && results.length > 0) {
      try {
        summary = await this.summarise(userId, request, formattedResults, signal);
      } catch (error) {
        if (!(error instanceof ChatError)) throw error;
        summaryError = error.message;
      }
    }
    return {
      query: request.query,
      provider: this.provider.id,
      results,
      formattedResults,
      summary,
      summaryError,
    };
  }

  private async summarise(
    userId: string,
    request: WebSearchRequest,
    formatted: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const { model, reach } = await this.catalogue.reach(userId, request.model);
    if (!reach) throw noSummaryModel();
    const answer = await completeText(
      this.providers(reach.credentials),
      {
        model: model.providerModel,
        system: WEB_SEARCH_SUMMARY_SYSTEM_PROMPT,
        messages: [{ role: 'user', content: webSearchSummaryRequest(request.query, formatted) }],
        maxOutputTokens: Math.min(1024, model.maxOutputTokens),
      },
      signal,
    );
    return answer.text.trim();
  }
}
