import { describe, expect, it } from '@jest/globals';
import {
  BillingErrorCode,
  CHAT_MESSAGE_MAX_LENGTH,
  CommonError,
  CommonErrorCode,
  MemboltError,
} from '@membolt/contracts';
import type { ChatCompletionBody, OpenAiMessageBody } from './openai.dto.js';
import { modelNotFound, OpenAiRequestError, toOpenAiError } from './openai.errors.js';
import { toChatTurnRequest } from './openai.requests.js';

const completion = (
  messages: OpenAiMessageBody[],
  extra: Partial<ChatCompletionBody> = {},
): ChatCompletionBody => ({ model: 'gpt-4.1-mini', messages, ...extra });
const user = (content: OpenAiMessageBody['content']): OpenAiMessageBody => ({ role: 'user', content });

function refusal(body: ChatCompletionBody): OpenAiRequestError {
  try {
    toChatTurnRequest(body);
  } catch (error) {
    if (error instanceof OpenAiRequestError) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('toChatTurnRequest: an OpenAI chat completion as one chat turn', () => {
  it('answers the last user message, with the earlier turns as history and the instructions joined', () => {
    const request = toChatTurnRequest(
      completion(
        [
          { role: 'system', content: 'Be brief.' },
          user('Hello'),
          { role: 'assistant', content: 'Hi!' },
          { role: 'developer', content: [{ type: 'text', text: 'Use metric units.' }] },
          user([
            { type: 'text', text: 'How far' },
            { type: 'text', text: 'is Oslo?' },
          ]),
        ],
        { user: 'dana', temperature: 0.3 },
      ),
    );
    expect(request).toEqual({
      message: 'How far\nis Oslo?',
      model: 'gpt-4.1-mini',
      history: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
      ],
      system: 'Be brief.\n\nUse metric units.',
      endUserId: 'dana',
    });
  });

  it('reads the account’s own memories without `user`, and sends no empty instructions', () => {
    const request = toChatTurnRequest(completion([{ role: 'system', content: ' ' }, user('Hi')]));
    expect(request).toEqual({ message: 'Hi', model: 'gpt-4.1-mini', history: [] });
  });

  it('refuses what it cannot answer, naming the parameter', () => {
    expect(refusal(completion([user('Hi'), { role: 'assistant', content: 'Hello' }]))).toMatchObject({
      param: 'messages',
      code: CommonErrorCode.ValidationError,
    });
    expect(refusal(completion([user('Hi'), user('  ')])).param).toBe('messages[1]');
    expect(refusal(completion([user('Hi')], { logprobs: true })).param).toBe('logprobs');
    expect(refusal(completion([user('Hi')], { response_format: { type: 'json_schema' } })).param).toBe(
      'response_format',
    );
    const long = 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH / 2 + 1);
    expect(
      refusal(completion([{ role: 'system', content: long }, { role: 'system', content: long }, user('Hi')]))
        .param,
    ).toBe('messages');
  });
});

describe('toOpenAiError: Membolt errors in OpenAI’s shape', () => {
  it('keeps the REST status and puts Membolt’s code (or OpenAI’s own) in `code`', () => {
    expect(toOpenAiError(modelNotFound('gpt-9'))).toEqual({
      status: 404,
      body: {
        error: {
          message: 'The model `gpt-9` does not exist. GET /v1/models lists the models of this server.',
          type: 'invalid_request_error',
          param: 'model',
          code: 'model_not_found',
        },
      },
    });
    expect(toOpenAiError(new CommonError(CommonErrorCode.RateLimited, 'Slow down.'))).toEqual({
      status: 429,
      body: { error: { message: 'Slow down.', type: 'rate_limit_error', param: null, code: 'rate_limited' } },
    });
  });

  it('answers a refused subscription with 402 insufficient_quota and the check’s reason as the code', () => {
    const refused = new MemboltError(
      BillingErrorCode.SubscriptionInvalid,
      'Insufficient balance.',
      undefined,
      'insufficient_balance',
    );
    expect(toOpenAiError(refused)).toEqual({
      status: 402,
      body: {
        error: {
          message: 'Insufficient balance.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_balance',
        },
      },
    });
  });
});
