import { buildPrompt, type Prompt, type PromptInput } from '../domain/prompt.js';

/** The prompt of one turn, trimmed to the model's context window by the tokenizer's count. */
export interface PromptBuilder {
  build(input: PromptInput): Promise<Prompt>;
}

export const PROMPT_BUILDER = Symbol('PROMPT_BUILDER');

/** The prompt built on the calling thread: for tests and tools that run a turn in-process. */
export const INLINE_PROMPT_BUILDER: PromptBuilder = { build: async (input) => buildPrompt(input) };
