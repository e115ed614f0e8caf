import type { ApiPropertyOptions } from '@nestjs/swagger';
import {
  CHAT_HISTORY_MAX_ITEMS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MODEL_ID_MAX_LENGTH,
  DEFAULT_MODEL_ID,
  distinctTexts,
  listOfObjects,
  optional,
} from '@membolt/contracts';
import { z } from 'zod';
import { checked, queryDoc, restQueryType, type QueryDoc, type Rule } from '../common/rest-query.js';
import { restScopeId } from '../memories/memory-rest.validators.js';

/*
 * `POST /v1/chat/completions` as OpenAI's clients send it. Unknown fields are refused (as OpenAI does). Zod
 * schemas with the texts and order of the class-validator classes they replaced
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md); the document classes show each field as
 * those classes did.
 */

const OPENAI_MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant'] as const;
export type OpenAiMessageRole = (typeof OPENAI_MESSAGE_ROLES)[number];

/** Most parts one message's content may have. */
const CONTENT_PARTS_MAX = 100;

/** A text part of a message's content (OpenAI's `{type: 'text', text}`); images and audio are not read. */
export interface OpenAiTextPart {
  readonly type: 'text';
  readonly text: string;
}

function contentProblem(value: unknown): string | null {
  if (typeof value === 'string')
    return value.length > CHAT_MESSAGE_MAX_LENGTH ? `at most ${CHAT_MESSAGE_MAX_LENGTH} characters` : null;
  if (!Array.isArray(value)) return 'a string or an array of text parts';
  if (value.length > CONTENT_PARTS_MAX) return `at most ${CONTENT_PARTS_MAX} parts`;
  let length = 0;
  for (const part of value as unknown[]) {
    const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
    if (type !== 'text' || typeof text !== 'string' || Object.keys(part as object).length !== 2)
      return 'made of text parts ({"type": "text", "text": "…"}) only; images, audio and files are not supported';
    length += text.length;
  }
  return length > CHAT_MESSAGE_MAX_LENGTH ? `at most ${CHAT_MESSAGE_MAX_LENGTH} characters` : null;
}

/** `stop`: ignored, but checked as OpenAI would (a string or up to four strings). */
const isStopSequences = (value: unknown) =>
  typeof value === 'string' ||
  (Array.isArray(value) && value.length <= 4 && value.every((item) => typeof item === 'string'));

const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown) => Number.isInteger(value);
const IS_STRING: Rule = ['$property must be a string', isString];
const IS_BOOLEAN: Rule = ['$property must be a boolean value', (value) => typeof value === 'boolean'];
const IS_INTEGER: Rule = ['$property must be an integer number', isInteger];
const IS_NUMBER: Rule = [
  '$property must be a number conforming to the specified constraints',
  (value) => typeof value === 'number' && Number.isFinite(value),
];
const IS_OBJECT: Rule = [
  '$property must be an object',
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
];
const shorterThan = (max: number): Rule => [
  `$property must be shorter than or equal to ${max} characters`,
  (value) => isString(value) && value.length <= max,
];
const atLeast = (min: number): Rule => [
  `$property must not be less than ${min}`,
  (value) => typeof value === 'number' && value >= min,
];

const flag = () => optional(checked<boolean>(IS_BOOLEAN));
const number = () => optional(checked<number>(IS_NUMBER));
const ignored = (type: QueryDoc['query']['type'], options: ApiPropertyOptions = {}) =>
  queryDoc(type, { description: 'Accepted and ignored.', ...options });

const openAiMessage = {
  role: z
    .enum(OPENAI_MESSAGE_ROLES, {
      error: `role must be one of: ${OPENAI_MESSAGE_ROLES.join(', ')} (tool calls are not supported)`,
    })
    .meta(queryDoc(String, { enum: OPENAI_MESSAGE_ROLES, description: 'Tool messages are not supported.' })),
  content: z
    .unknown()
    .transform((value, ctx) => {
      const problem = contentProblem(value);
      if (problem === null) return value as string | OpenAiTextPart[];
      ctx.issues.push({ code: 'custom', message: `content must be ${problem}`, input: value });
      return z.NEVER;
    })
    .meta(
      queryDoc(Object, {
        description: 'A string, or an array of text parts `{"type": "text", "text": "…"}`.',
        oneOf: [
          { type: 'string' },
          {
            type: 'array',
            items: {
              type: 'object',
              properties: { type: { type: 'string', enum: ['text'] }, text: { type: 'string' } },
            },
          },
        ],
        example: 'Where do I live?',
      }),
    ),
  name: optional(checked<string>(shorterThan(200), IS_STRING)).meta(ignored(String)),
};
export const OpenAiMessageBodySchema = z.strictObject(openAiMessage);
export const OpenAiMessageBody = restQueryType('OpenAiMessageBody', openAiMessage);
export type OpenAiMessageBody = z.output<typeof OpenAiMessageBodySchema>;

const streamOptions = {
  include_usage: flag().meta(
    queryDoc(Boolean, { description: 'Send a last chunk with `usage` (and `usage: null` on the others).' }),
  ),
};
const OpenAiStreamOptionsBodySchema = z.strictObject(streamOptions);
export const OpenAiStreamOptionsBody = restQueryType('OpenAiStreamOptionsBody', streamOptions);
export type OpenAiStreamOptionsBody = z.output<typeof OpenAiStreamOptionsBodySchema>;

const NOT_NESTED = 'nested property $property must be either object or array';
/**
 * `stream_options`: an object checked against OpenAiStreamOptionsBody, as class-validator's `@ValidateNested`
 * did: an unknown field by its path, a list's items each as such an object (a list holding anything else is
 * no nested object).
 */
const nestedStreamOptions = () =>
  z.unknown().transform((value, ctx) => {
    if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null)) {
      const items = listOfObjects(
        'stream_options',
        OpenAiStreamOptionsBodySchema,
        NO_SIZE_RULES,
        0,
        Infinity,
      );
      const result = items.safeParse(value);
      if (result.success) return result.data as unknown as OpenAiStreamOptionsBody;
      ctx.issues.push(...(result.error.issues as typeof ctx.issues));
      return z.NEVER;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.issues.push({ code: 'custom', message: NOT_NESTED, input: value });
      return z.NEVER;
    }
    const result = OpenAiStreamOptionsBodySchema.safeParse(value);
    if (result.success) return result.data;
    const problems = [...result.error.issues]
      .sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'))
      .map((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => `stream_options.${key} should not exist`).join('; ')
          : issue.message.replace(/\$property/g, String(issue.path.at(-1))),
      );
    ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
    return z.NEVER;
  });
const NO_SIZE_RULES = { tooMany: '', tooFew: '', notArray: '' };

const chatCompletion = {
  model: checked<string>(
    shorterThan(CHAT_MODEL_ID_MAX_LENGTH),
    ['$property should not be empty', (value) => value !== '' && value !== null && value !== undefined],
    IS_STRING,
  ).meta(
    queryDoc(String, {
      required: true,
      description: 'A model id of GET /v1/models (the server’s model catalogue).',
      example: DEFAULT_MODEL_ID,
    }),
  ),
  messages: listOfObjects(
    'messages',
    OpenAiMessageBodySchema,
    {
      tooMany: `$property must contain no more than ${CHAT_HISTORY_MAX_ITEMS} elements`,
      tooFew: '$property must contain at least 1 elements',
      notArray: '$property must be an array',
    },
    1,
    CHAT_HISTORY_MAX_ITEMS,
  ).meta(
    queryDoc(Array, {
      required: true,
      type: [OpenAiMessageBody],
      description:
        'The conversation, oldest first; the last message must be the user’s (it is answered, and memories are ' +
        'retrieved for it). System and developer messages are added to the instructions.',
    }),
  ),
  stream: flag().meta(
    queryDoc(Boolean, { description: 'Stream the answer as `chat.completion.chunk` server-sent events.' }),
  ),
  stream_options: optional(nestedStreamOptions()).meta(
    queryDoc(OpenAiStreamOptionsBody, { type: OpenAiStreamOptionsBody }),
  ),
  user: restScopeId().meta(
    queryDoc(String, {
      description:
        'One end user of your app (Membolt’s `end_user_id`): their memories are read and the facts they state ' +
        'are learnt into them, never into the account’s own. Without it, the account’s own memories.',
      example: 'customer-42',
    }),
  ),
  n: optional(
    checked<number>(
      ['n must be 1: one choice is produced', (value) => typeof value === 'number' && value <= 1],
      atLeast(1),
      IS_INTEGER,
    ),
  ).meta(queryDoc(Number, { description: 'Must be 1 (one choice is produced).', minimum: 1, maximum: 1 })),
  // Sampling and length settings: accepted so unchanged clients work; the catalogue's model settings apply.
  temperature: number().meta(ignored(Number)),
  top_p: number().meta(ignored(Number)),
  frequency_penalty: number().meta(ignored(Number)),
  presence_penalty: number().meta(ignored(Number)),
  max_tokens: optional(checked<number>(atLeast(1), IS_INTEGER)).meta(
    ignored(Number, { description: 'Accepted and ignored: the model’s catalogue answer length applies.' }),
  ),
  max_completion_tokens: optional(checked<number>(atLeast(1), IS_INTEGER)).meta(
    ignored(Number, { description: 'Accepted and ignored: the model’s catalogue answer length applies.' }),
  ),
  seed: optional(checked<number>(IS_INTEGER)).meta(ignored(Number)),
  stop: optional(
    checked<string | string[]>(['stop must be a string or an array of at most 4 strings', isStopSequences]),
  ).meta(ignored(Object, { oneOf: [{ type: 'string' }, { type: 'array' }] })),
  logit_bias: optional(checked<Record<string, number>>(IS_OBJECT)).meta(
    queryDoc(Object, {
      type: 'object',
      additionalProperties: { type: 'number' },
      description: 'Accepted and ignored.',
    }),
  ),
  metadata: optional(checked<Record<string, string>>(IS_OBJECT)).meta(
    queryDoc(Object, {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Accepted and ignored.',
    }),
  ),
  store: flag().meta(
    ignored(Boolean, {
      description: 'Accepted and ignored (the exchange is always stored as a conversation).',
    }),
  ),
  service_tier: optional(checked<string>(shorterThan(100), IS_STRING)).meta(ignored(String)),
  reasoning_effort: optional(checked<string>(shorterThan(100), IS_STRING)).meta(ignored(String)),
  logprobs: flag().meta(
    queryDoc(Boolean, { description: 'Only false: log probabilities are not available.' }),
  ),
  response_format: optional(checked<{ type?: unknown }>(IS_OBJECT)).meta(
    queryDoc(Object, {
      type: 'object',
      properties: { type: { type: 'string', enum: ['text'] } },
      description: 'Only `{"type": "text"}`: structured output is not supported.',
    }),
  ),
  tools: optional(
    checked<unknown[]>(
      ['tools: tool calls are not supported', (value) => Array.isArray(value) && value.length === 0],
      ['$property must be an array', Array.isArray],
    ),
  ).meta(queryDoc(Array, { description: 'Only an empty list: tool calls are not supported.' })),
  tool_choice: optional(
    z.enum(['none', 'auto'], { error: 'tool_choice must be "none" or "auto": tool calls are not supported' }),
  ).meta(queryDoc(String, { description: 'Only "none" or "auto" (tool calls are not supported).' })),
  parallel_tool_calls: flag().meta(ignored(Boolean)),
};
/** `POST /v1/chat/completions`. */
export const ChatCompletionBodySchema = z.strictObject(chatCompletion);
export const ChatCompletionBody = restQueryType('ChatCompletionBody', chatCompletion);
export type ChatCompletionBody = z.output<typeof ChatCompletionBodySchema>;
