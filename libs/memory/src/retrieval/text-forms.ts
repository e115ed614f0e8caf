import { LRUCache } from 'lru-cache';

import { wordTokens } from './text-tokens.js';
import { lemmasOf } from './wordnet.js';

/**
 * Texts whose word forms are kept. The ranker reads the forms of each of its best candidates twice a search
 * (coverage and support), and the same memories come back search after search; a few thousand texts of
 * ~30 forms each hold a few MB.
 */
const TEXT_FORMS_CACHE_MAX = 4096;
const formsByText = new LRUCache<string, ReadonlySet<string>>({ max: TEXT_FORMS_CACHE_MAX });

/**
 * Every word of the text (`wordTokens`) with each of its base forms (`lemmasOf`): what a query word is looked
 * for in, inflections aside ("dogs" meets "dog"). The set is shared between callers: read it, never change it.
 */
export function textForms(text: string): ReadonlySet<string> {
  let forms = formsByText.get(text);
  if (!forms) {
    const found = new Set<string>();
    for (const word of wordTokens(text)) for (const form of lemmasOf(word)) found.add(form);
    forms = found;
    formsByText.set(text, forms);
  }
  return forms;
}
