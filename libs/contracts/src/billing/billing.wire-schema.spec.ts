import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '../common/validate-payload.js';
import { ListPlansRequest } from './list-plans.request.js';
import { AddFundsRequest, ChangePlanRequest, PaymentWebhookRequest } from './payments.js';
import {
  CheckSubscriptionRequest,
  SetSubscriptionPlanRequest,
  SetSubscriptionStatusRequest,
  SubscriptionChangedEvent,
} from './subscription.js';
import {
  AuthorizeUsageRequest,
  ListKeySpendRequest,
  ListLedgerRequest,
  RecordUsageBatchRequest,
  RecordUsageRequest,
  SetKeySpendCapRequest,
  UsageEvent,
  UsageSummaryRequest,
} from './usage.js';
import * as payments from './payments.js';
import * as subscription from './subscription.js';
import * as usage from './usage.js';
import { itRefuses, type LabelledRefusal, problemOf, type Refusal } from '../testing/index.js';

const PLANS = 'free, basic, pro, enterprise, pay-per-use';

/*
 * Each text below is what the class-validator class the schema replaced answered for the same payload (both
 * were run side by side on these payloads), so the billing subjects refuse in the same words.
 */
const refusals: ReadonlyArray<LabelledRefusal> = [
  [
    'an unknown plan',
    SetSubscriptionPlanRequest,
    { plan: 'gold' },
    `plan must be one of the following values: ${PLANS}`,
  ],
  [
    'a missing plan',
    SetSubscriptionPlanRequest,
    { plan: null },
    `plan must be one of the following values: ${PLANS}`,
  ],
  [
    'a status of another type and an unknown field',
    SetSubscriptionStatusRequest,
    { status: 3, q: 1 },
    'q should not exist; status must be one of the following values: active, inactive',
  ],
  ['a field on an empty request', CheckSubscriptionRequest, { a: 1 }, 'a should not exist'],
  [
    'two fields on an empty request',
    ListKeySpendRequest,
    { a: 1, b: 2 },
    'a should not exist; b should not exist',
  ],
  [
    'an unknown kind of plan',
    ListPlansRequest,
    { kind: 4, y: 2 },
    'y should not exist; kind must be one of the following values: subscription, pay-per-use',
  ],
  ['a date that is no date', UsageSummaryRequest, { from: 'x' }, 'from must be a Date instance'],
  [
    'an object and a list for dates',
    UsageSummaryRequest,
    { from: {}, to: [] },
    'from must be a Date instance; to must be a Date instance',
  ],
  ['a list holding a date', UsageSummaryRequest, { from: ['2026-01-01'] }, 'from must be a Date instance'],
  [
    'a ledger page out of range',
    ListLedgerRequest,
    { limit: 0, offset: -1 },
    'limit must not be less than 1; offset must not be less than 0',
  ],
  [
    'a ledger limit given as text, a fractional offset',
    ListLedgerRequest,
    { limit: 'a', offset: 1.5 },
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number; offset must be an integer number',
  ],
  [
    'a missing key',
    SetKeySpendCapRequest,
    {},
    'keyId must be a string; keyId should not be empty; keyId must be shorter than or equal to 100 characters',
  ],
  [
    'a key of another type, a cap given as text',
    SetKeySpendCapRequest,
    { keyId: 5, capCents: 'x' },
    'keyId must be a string; keyId must be shorter than or equal to 100 characters; capCents must not be greater than 10000000; capCents must not be less than 0; capCents must be an integer number',
  ],
  [
    'a cap over the maximum',
    SetKeySpendCapRequest,
    { keyId: 'k', capCents: 10_000_001 },
    'capCents must not be greater than 10000000',
  ],
];

/** The payment and metering requests, converted later from their classes in the same way. */
const paymentAndMeteringRefusals: ReadonlyArray<Refusal> = [
  [AddFundsRequest, {}, 'The amount must be between $1 and $1,000.'],
  [
    AddFundsRequest,
    { amountCents: 500, idempotencyKey: 5 },
    'idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    AddFundsRequest,
    { amountCents: 5, idempotencyKey: 5 },
    'The amount must be between $1 and $1,000.; idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    ChangePlanRequest,
    {},
    'plan must be one of the following values: free, basic, pro, enterprise, pay-per-use',
  ],
  [
    PaymentWebhookRequest,
    {},
    'payload must be shorter than or equal to 1000000 characters; payload must be a string; signature must be shorter than or equal to 2000 characters; signature must be a string',
  ],
  [
    PaymentWebhookRequest,
    { signature: 's' },
    'payload must be shorter than or equal to 1000000 characters; payload must be a string',
  ],
  [
    PaymentWebhookRequest,
    { payload: '{}' },
    'signature must be shorter than or equal to 2000 characters; signature must be a string',
  ],
  [
    SubscriptionChangedEvent,
    {},
    'userId must be shorter than or equal to 100 characters; userId must be a string',
  ],
  [
    SubscriptionChangedEvent,
    { userId: 'x'.repeat(101) },
    'userId must be shorter than or equal to 100 characters',
  ],
  [
    AuthorizeUsageRequest,
    {},
    'endpoint must be one of the following values: /chat, /memories, /search, /delete; method must be one of the following values: GET, POST, PUT, DELETE; idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    AuthorizeUsageRequest,
    { method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', newConversation: true },
    'endpoint must be one of the following values: /chat, /memories, /search, /delete',
  ],
  [
    AuthorizeUsageRequest,
    { endpoint: '/chat', idempotencyKey: 'k:1', keyId: 'key1', newConversation: true },
    'method must be one of the following values: GET, POST, PUT, DELETE',
  ],
  [
    AuthorizeUsageRequest,
    { endpoint: '/chat', method: 'POST', keyId: 'key1', newConversation: true },
    'idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    AuthorizeUsageRequest,
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 5, newConversation: true },
    'keyId must be a string; keyId must be shorter than or equal to 100 characters',
  ],
  [
    RecordUsageRequest,
    {},
    'endpoint must be one of the following values: /chat, /memories, /search, /delete; method must be one of the following values: GET, POST, PUT, DELETE; idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression; tokens must not be greater than 1000000000; tokens must not be less than 0; tokens must be an integer number; succeeded must be a boolean value',
  ],
  [
    RecordUsageRequest,
    { method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', tokens: 10, succeeded: false },
    'endpoint must be one of the following values: /chat, /memories, /search, /delete',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', idempotencyKey: 'k:1', keyId: 'key1', tokens: 10, succeeded: false },
    'method must be one of the following values: GET, POST, PUT, DELETE',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', method: 'POST', keyId: 'key1', tokens: 10, succeeded: false },
    'idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 5, tokens: 10, succeeded: false },
    'keyId must be a string; keyId must be shorter than or equal to 100 characters',
  ],
  [
    UsageEvent,
    {},
    'userId must be shorter than or equal to 100 characters; userId must be a string; at must be a valid ISO 8601 date string; authorizedBy must be one of the following values: edge, billing; endpoint must be one of the following values: /chat, /memories, /search, /delete; method must be one of the following values: GET, POST, PUT, DELETE; idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression; tokens must not be greater than 1000000000; tokens must not be less than 0; tokens must be an integer number; succeeded must be a boolean value',
  ],
  [
    UsageEvent,
    {
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      tokens: 10,
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'endpoint must be one of the following values: /chat, /memories, /search, /delete',
  ],
  [
    UsageEvent,
    {
      endpoint: '/chat',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      tokens: 10,
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'method must be one of the following values: GET, POST, PUT, DELETE',
  ],
  [
    UsageEvent,
    {
      endpoint: '/chat',
      method: 'POST',
      keyId: 'key1',
      tokens: 10,
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression',
  ],
  [
    UsageEvent,
    {
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 5,
      tokens: 10,
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'keyId must be a string; keyId must be shorter than or equal to 100 characters',
  ],
  [RecordUsageBatchRequest, { events: [] }, 'events must contain at least 1 elements'],
  [
    RecordUsageBatchRequest,
    {},
    'events must contain no more than 500 elements; events must contain at least 1 elements; events must be an array',
  ],
  [
    RecordUsageBatchRequest,
    { events: null },
    'events must contain no more than 500 elements; events must contain at least 1 elements; events must be an array; each value in nested property events must be either object or array',
  ],
  [
    RecordUsageBatchRequest,
    {
      events: [
        {
          endpoint: '/chat',
          method: 'POST',
          idempotencyKey: 'k:1',
          keyId: 'key1',
          tokens: 10,
          succeeded: true,
          userId: 'u1',
          at: '2026-01-01T00:00:00Z',
          authorizedBy: 'edge',
        },
        {
          endpoint: '/chat',
          method: 'POST',
          idempotencyKey: 'k:1',
          keyId: 'key1',
          tokens: 10,
          succeeded: true,
          userId: 5,
          at: '2026-01-01T00:00:00Z',
          authorizedBy: 'edge',
        },
      ],
    },
    'userId must be shorter than or equal to 100 characters; userId must be a string',
  ],
  [
    RecordUsageBatchRequest,
    { events: [5] },
    'each value in nested property events must be either object or array',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', succeeded: false },
    'tokens must not be greater than 1000000000; tokens must not be less than 0; tokens must be an integer number',
  ],
  [
    RecordUsageRequest,
    {
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      tokens: 1.5,
      succeeded: false,
    },
    'tokens must be an integer number',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', tokens: -1, succeeded: false },
    'tokens must not be less than 0',
  ],
  [
    RecordUsageRequest,
    {
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      tokens: 1000000001,
      succeeded: false,
    },
    'tokens must not be greater than 1000000000',
  ],
  [
    RecordUsageRequest,
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', tokens: 10 },
    'succeeded must be a boolean value',
  ],
  [
    RecordUsageRequest,
    { endpoint: [], method: [], idempotencyKey: [], keyId: [], tokens: [], succeeded: [] },
    'endpoint must be one of the following values: /chat, /memories, /search, /delete; method must be one of the following values: GET, POST, PUT, DELETE; idempotencyKey must match /^[A-Za-z0-9:_.-]{1,128}$/ regular expression; keyId must be a string; keyId must be shorter than or equal to 100 characters; tokens must not be greater than 1000000000; tokens must not be less than 0; tokens must be an integer number; succeeded must be a boolean value',
  ],
  [
    UsageEvent,
    {
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'tokens must not be greater than 1000000000; tokens must not be less than 0; tokens must be an integer number',
  ],
  [
    UsageEvent,
    {
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
      keyId: 'key1',
      tokens: 1.5,
      succeeded: true,
      userId: 'u1',
      at: '2026-01-01T00:00:00Z',
      authorizedBy: 'edge',
    },
    'tokens must be an integer number',
  ],
];

describe('billing wire schemas on receipt', () => {
  itRefuses(paymentAndMeteringRefusals, {
    names: { ...payments, ...subscription, ...usage },
    title: 'refuse %s %j with the class-validator texts',
  });

  it('refuse plainly a batch whose item is a list (the class let it through)', () => {
    expect(problemOf(RecordUsageBatchRequest, { events: [[]] })).toBe(
      'each value in nested property events must be either object or array',
    );
  });

  it('read a null key id of a metered call as absent', () => {
    const call = { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: null };
    expect(validatePayload(AuthorizeUsageRequest, call)).toEqual({
      endpoint: '/chat',
      method: 'POST',
      idempotencyKey: 'k:1',
    });
  });

  itRefuses(refusals, { title: 'refuse %s with the class-validator texts' });

  it('read a date as class-transformer did: an ISO string, a number, or a Date the bus carried as a string', () => {
    expect(validatePayload(UsageSummaryRequest, { from: '2026-01-01T00:00:00Z', to: 5 })).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date(5),
    });
    expect(validatePayload(UsageSummaryRequest, { from: null })).toEqual({});
  });

  it('read a null optional field as absent', () => {
    expect(validatePayload(SetKeySpendCapRequest, { keyId: 'k', capCents: null })).toEqual({ keyId: 'k' });
    expect(validatePayload(ListPlansRequest, { kind: null })).toEqual({});
    expect(validatePayload(ListLedgerRequest, { limit: 100, offset: 1_000_000 })).toEqual({
      limit: 100,
      offset: 1_000_000,
    });
  });
});
