import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { validatePayload } from '../common/validate-payload.js';
import { ListPlansRequest } from './list-plans.request.js';
import {
  CheckSubscriptionRequest,
  SetSubscriptionPlanRequest,
  SetSubscriptionStatusRequest,
} from './subscription.js';
import {
  ListKeySpendRequest,
  ListLedgerRequest,
  SetKeySpendCapRequest,
  UsageSummaryRequest,
} from './usage.js';
import { problemOf } from '../testing/problem-of.js';

const PLANS = 'free, basic, pro, enterprise, pay-per-use';

/*
 * Each text below is what the class-validator class the schema replaced answered for the same payload (both
 * were run side by side on these payloads), so the billing subjects refuse in the same words.
 */
const refusals: ReadonlyArray<readonly [string, z.ZodObject, unknown, string]> = [
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

describe('billing wire schemas on receipt', () => {
  it.each(refusals)('refuse %s with the class-validator texts', (_, schema, raw, text) => {
    expect(problemOf(schema, raw)).toBe(text);
  });

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
