import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '@membolt/contracts';
import { itRefuses, type Refusal } from '@membolt/contracts/testing';
import { ChatCompletionBodySchema } from './openai.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a field breaks, in the order the
 * class checked them, a message's problems by its path.
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    ChatCompletionBodySchema,
    {},
    'model must be shorter than or equal to 200 characters; model should not be empty; model must be a string; messages must contain no more than 200 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], zz: 1 },
    'zz should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { messages: [{ role: 'user', content: 'hi' }] },
    'model must be shorter than or equal to 200 characters; model should not be empty; model must be a string',
  ],
  [
    ChatCompletionBodySchema,
    { model: '', messages: [{ role: 'user', content: 'hi' }] },
    'model should not be empty',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'x'.repeat(201), messages: [{ role: 'user', content: 'hi' }] },
    'model must be shorter than or equal to 200 characters',
  ],
  [
    ChatCompletionBodySchema,
    { model: 0, messages: [{ role: 'user', content: 'hi' }] },
    'model must be shorter than or equal to 200 characters; model must be a string',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt' },
    'messages must contain no more than 200 elements; messages must contain at least 1 elements; messages must be an array',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: null },
    'messages must contain no more than 200 elements; messages must contain at least 1 elements; messages must be an array; each value in nested property messages must be either object or array',
  ],
  [ChatCompletionBodySchema, { model: 'gpt', messages: [] }, 'messages must contain at least 1 elements'],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: ['a'] },
    'each value in nested property messages must be either object or array',
  ],
  [
    ChatCompletionBodySchema,
    {
      model: 'gpt',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', content: 'x' },
      ],
    },
    'role must be one of: system, developer, user, assistant (tool calls are not supported)',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user' }] },
    'content must be a string or an array of text parts',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: [{ type: 'image_url' }] }] },
    'content must be made of text parts ({"type": "text", "text": "…"}) only; images, audio and files are not supported',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'x'.repeat(40001) }] },
    'content must be at most 32000 characters',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi', name: 'x'.repeat(201) }] },
    'name must be shorter than or equal to 200 characters',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi', name: 5 }] },
    'name must be shorter than or equal to 200 characters; name must be a string',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi', zz: 1 }] },
    'messages.0.zz should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream: '' },
    'stream must be a boolean value',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream_options: '' },
    'nested property stream_options must be either object or array',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream_options: { a: 1 } },
    'stream_options.a should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: 'yes' } },
    'include_usage must be a boolean value',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream_options: { zz: 1 } },
    'stream_options.zz should not exist',
  ],
  [
    ChatCompletionBodySchema,
    {
      model: 'gpt',
      messages: [{ role: 'user', content: 'hi' }],
      stream_options: { zz: 1, include_usage: 3 },
    },
    'stream_options.zz should not exist; include_usage must be a boolean value',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stream_options: [{ zz: 1 }] },
    'stream_options.0.zz should not exist',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], user: 'x'.repeat(201) },
    'user must be a string of at most 200 characters',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], n: '' },
    'n must be 1: one choice is produced; n must not be less than 1; n must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], n: 0 },
    'n must not be less than 1',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], n: 1.5 },
    'n must be 1: one choice is produced; n must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], n: 1000000000 },
    'n must be 1: one choice is produced',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], n: 0.5 },
    'n must not be less than 1; n must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], temperature: '' },
    'temperature must be a number conforming to the specified constraints',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], top_p: '' },
    'top_p must be a number conforming to the specified constraints',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_tokens: '' },
    'max_tokens must not be less than 1; max_tokens must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_tokens: 0 },
    'max_tokens must not be less than 1',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_tokens: 1.5 },
    'max_tokens must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: '' },
    'max_completion_tokens must not be less than 1; max_completion_tokens must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 0 },
    'max_completion_tokens must not be less than 1',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 1.5 },
    'max_completion_tokens must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], seed: '' },
    'seed must be an integer number',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], stop: 0 },
    'stop must be a string or an array of at most 4 strings',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], logit_bias: '' },
    'logit_bias must be an object',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], metadata: '' },
    'metadata must be an object',
  ],
  [
    ChatCompletionBodySchema,
    { model: 'gpt', messages: [{ role: 'user', content: 'hi' }], store: '' },
    'store must be a boolean value',
  ],
];

describe('the OpenAI-compatible chat completion body (zod schema, the texts of the classes it replaced)', () => {
  itRefuses(refusals);

  it('reads the messages, the stream options and the ignored settings as they are sent', () => {
    const body = {
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
      stop: ['\n'],
      tools: [],
    };
    expect(validatePayload(ChatCompletionBodySchema, body)).toEqual(body);
  });
});
