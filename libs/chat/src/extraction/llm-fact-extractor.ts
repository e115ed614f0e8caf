import { MEMORY_CATEGORIES, type MemoryCategory } from '@membolt/contracts';
import { completeText, type LlmProvider } from '../providers/llm-provider.js';
import { type CandidateFact, type FactKind, normaliseValue } from './fact.js';

/** A custom category of the account, as the model is told of it. */
export interface CategoryHint {
  readonly name: string;
  readonly description: string;
}

/**
 * The JSON schema of the extraction answer (OpenAI's json_schema mode and Gemini's responseJsonSchema enforce
 * it), its category enum holding the built-in categories and the account's own.
 */
const factExtractionSchema = (categories: readonly string[]) =>
  ({
    type: 'object',
    properties: {
      facts: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            text: {
              type: 'string',
              description: 'The fact in the third person, e.g. "User lives in Lisbon."',
            },
            category: { type: 'string', enum: [...categories] },
            importance: { type: 'number', minimum: 0, maximum: 1 },
            subject: {
              type: 'string',
              description:
                'What the fact is about, stable across facts: name, residence, employer, occupation, diet, age, birthday, or kind:object such as likes:coffee, allergy:peanuts, family:daughter:name',
            },
            value: {
              type: 'string',
              description: 'The value on that subject, e.g. "lisbon", "like", "not paris"',
            },
            kind: { type: 'string', enum: ['fact', 'negation', 'correction'] },
          },
          required: ['text', 'category', 'importance', 'subject', 'value', 'kind'],
          additionalProperties: false,
        },
      },
    },
    required: ['facts'],
    additionalProperties: false,
  }) as const;

const FACT_EXTRACTION_SCHEMA = factExtractionSchema(MEMORY_CATEGORIES);

const categoriesOf = (custom: readonly CategoryHint[]): string[] => [
  ...MEMORY_CATEGORIES,
  ...custom.map((category) => category.name),
];

const FACT_EXTRACTION_INSTRUCTIONS = `You extract durable facts about the user from what they said in one message of a chat.
Only facts the user states about themselves (name, where they live, work, family, health, preferences, interests, plans that are settled), never facts about other people, the assistant, or general knowledge; nothing from questions, wishes or hypotheticals.
Write each fact in the third person ("User lives in Lisbon."). Use kind "negation" for a fact that stopped holding ("User no longer lives in Paris.", value "not paris") and "correction" when the user corrects something said before.
Importance: 0.9 for identity and health, 0.7-0.8 for home, work and family, 0.5-0.6 for tastes and interests.`;
const ANSWER_FORMAT = 'Answer with JSON only, matching this schema (an empty list when there is nothing):';

/**
 * The system prompt: the instructions, the account's own categories with what each holds (a fact that fits
 * one of them takes it rather than a built-in one), and the schema.
 */
export function factExtractionPrompt(custom: readonly CategoryHint[] = []): string {
  const schema = custom.length === 0 ? FACT_EXTRACTION_SCHEMA : factExtractionSchema(categoriesOf(custom));
  const categories =
    custom.length === 0
      ? ''
      : `\nBesides the categories ${MEMORY_CATEGORIES.join(', ')}, this user has their own; give a fact one of ` +
        `them when it fits what the category holds better:\n` +
        custom
          .map((category) => `- ${category.name}: ${category.description.replace(/\s+/g, ' ')}`)
          .join('\n');
  return `${FACT_EXTRACTION_INSTRUCTIONS}${categories}\n${ANSWER_FORMAT}\n${JSON.stringify(schema)}`;
}

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

const SPEAKER: Readonly<Record<TranscriptMessage['role'], string>> = {
  user: 'User said',
  assistant: 'Assistant answered',
  system: 'System instructions',
};

/** The messages as the model reads them: each under who said it, in order. */
function transcriptOf(messages: readonly TranscriptMessage[]): string {
  return messages.map((message) => `${SPEAKER[message.role]}:\n${message.content}`).join('\n\n');
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
          content: `${transcriptOf(messages)}\n\nExtract the facts about the user.`,
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
