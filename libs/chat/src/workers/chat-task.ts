import type { Prompt, PromptInput } from '../domain/prompt.js';
import type { CandidateFact } from '../extraction/fact.js';

/** Work the chat service hands to its worker thread. */
export type ChatTask =
  | {
      readonly kind: 'facts';
      readonly texts: readonly string[];
      /** The instant the texts are read as of, as an ISO string. */
      readonly now: string;
    }
  | { readonly kind: 'prompt'; readonly input: PromptInput };

export type ChatTaskAnswer =
  | { readonly kind: 'facts'; readonly facts: CandidateFact[][] }
  | { readonly kind: 'prompt'; readonly prompt: Prompt };
