import type { CandidateFact } from '../extraction/fact.js';
import { extractFactsByRules } from '../extraction/rule-fact-extractor.js';

/** The offline rules' facts of several texts, each read as of `now`. */
export interface RuleFacts {
  extract(texts: readonly string[], now: Date): Promise<CandidateFact[][]>;
}

export const RULE_FACTS = Symbol('RULE_FACTS');

/** The rules on the calling thread: for tests and tools that run the learner in-process. */
export const INLINE_RULE_FACTS: RuleFacts = {
  extract: async (texts, now) => texts.map((text) => extractFactsByRules(text, now)),
};
