import type { MemoryCategory } from '@membolt/contracts';
import { completeText, type LlmProvider } from '../providers/llm-provider.js';
import {
  type CategoryHint,
  categoriesOf,
  FACT_EXTRACTION_SCHEMA,
  factExtractionPrompt,
  factExtractionRequest,
  factExtractionSchema,
  TRANSCRIPT_SPEAKER,
} from '../prompts.js';
import { type CandidateFact, type FactKind, normaliseValue } from './fact.js';

export class FactExtractionAnswerError extends Error {
  constructor(detail: string) {
    super(`The model's extraction answer is not usable: ${detail}`);
    this.name = 'FactExtractionAnswerError';
  }
}

const KINDS: readonly FactKind[] = ['fact', 'negation', 'correction'];

/**
 * Reads a model's extraction answer: plain JSON, or JSON inside a ```json fence or after a sentence (models
 * that have no JSON mode add them). Facts that break the schema are dropped; an answer with no JSON object
 * at all is an error (the caller falls back to the rules).
 */
export function parseFactExtraction(answer: string, custom: readonly CategoryHint[] = []): CandidateFact[] {
  const known = new Set(categoriesOf(custom));
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer)?.[1];
  const body = fenced ?? answer;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) throw new FactExtractionAnswerError('no JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(start, end + 1));
  } catch (error) {
    throw new FactExtractionAnswerError(error instanceof Error ? error.message : String(error));
  }
  const facts = (parsed as { facts?: unknown }).facts;
  if (!Array.isArray(facts)) throw new FactExtractionAnswerError('no "facts" list');
  return facts.flatMap((item): CandidateFact[] => {
    if (typeof item !== 'object' || item === null) return [];
    const fact = item as Record<string, unknown>;
    const text = typeof fact['text'] === 'string' ? fact['text'].trim() : '';
    const subject = typeof fact['subject'] === 'string' ? fact['subject'].trim().toLowerCase() : '';
    const value = typeof fact['value'] === 'string' ? normaliseValue(fact['value']) : '';
    const category = fact['category'];
    const importance = fact['importance'];
    const kind = fact['kind'];
    if (!text || text.length > 500 || !subject || subject.length > 120 || !value) return [];
    if (typeof category !== 'string' || !known.has(category)) return [];
    if (typeof importance !== 'number' || !(importance >= 0 && importance <= 1)) return [];
    return [
      {
        text: /[.!]$/.test(text) ? text : `${text}.`,
        category: category as MemoryCategory,
        importance,
        subject,
        value,
        kind: KINDS.includes(kind as FactKind) ? (kind as FactKind) : 'fact',
      },
    ];
  });
}

/** One message the model reads facts from. */
export interface TranscriptMessage {
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
}

/** The messages as the model reads them: each under who said it, in order. */
function transcriptOf(messages: readonly TranscriptMessage[]): string {
  return messages.map((message) => `${TRANSCRIPT_SPEAKER[message.role]}:\n${message.content}`).join('\n\n');
}

/**
 * Asks the model for the facts of one exchange (a JSON-schema prompt; JSON mode where the provider has one).
 * Only the user's own words are sent: the assistant's reply can repeat what memories said (a stored text made
 * to look like a fact or an order), and a reply learnt as a fact would make it stick for good.
 */
export async function extractFactsWithModel(
  provider: LlmProvider,
  providerModel: string,
  exchange: { readonly userMessage: string },
  signal?: AbortSignal,
  custom: readonly CategoryHint[] = [],
): Promise<CandidateFact[]> {
  return extractFactsFromTranscriptWithModel(
    provider,
    providerModel,
    [{ role: 'user', content: exchange.userMessage }],
    signal,
    custom,
  );
}

/** Asks the model for the facts about the user that a conversation (one or more messages) states. */
export async function extractFactsFromTranscriptWithModel(
  provider: LlmProvider,
  providerModel: string,
  messages: readonly TranscriptMessage[],
  signal?: AbortSignal,
  custom: readonly CategoryHint[] = [],
): Promise<CandidateFact[]> {
  const answer = await completeText(
    provider,
    {
      model: providerModel,
      system: factExtractionPrompt(custom),
      messages: [
        {
          role: 'user',
          content: factExtractionRequest(transcriptOf(messages)),
        },
      ],
      maxOutputTokens: 1024,
      temperature: 0,
      jsonSchema: {
        name: 'facts',
        schema: custom.length === 0 ? FACT_EXTRACTION_SCHEMA : factExtractionSchema(categoriesOf(custom)),
      },
    },
    signal,
  );
  return parseFactExtraction(answer.text, custom);
}
