import { BraveWebSearch } from './brave.search.js';
import { SearxngWebSearch } from './searxng.search.js';
import { TavilyWebSearch } from './tavily.search.js';
import type { WebSearchProvider, WebSearchSettings } from './web-search-provider.js';

export function createWebSearchProvider(settings: WebSearchSettings): WebSearchProvider {
  switch (settings.provider) {
    case 'brave':
      return new BraveWebSearch(settings.apiKey, settings.baseUrl ?? undefined);
    case 'tavily':
      return new TavilyWebSearch(settings.apiKey, settings.baseUrl ?? undefined);
    case 'searxng':
      return new SearxngWebSearch(settings.baseUrl);
  }
}
