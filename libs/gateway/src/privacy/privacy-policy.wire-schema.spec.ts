import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { UpdatePrivacyPolicyBodySchema } from './privacy-policy.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same input
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md).
 */
const refusals: ReadonlyArray<Refusal> = [
  [UpdatePrivacyPolicyBodySchema, {}, 'actions must be an object'],
  [UpdatePrivacyPolicyBodySchema, { actions: { email: 'redact' }, key_id: '' }, 'key_id should not be empty'],
  [
    UpdatePrivacyPolicyBodySchema,
    { actions: { email: 'redact' }, key_id: 'x'.repeat(201) },
    'key_id must be shorter than or equal to 100 characters',
  ],
  [
    UpdatePrivacyPolicyBodySchema,
    { actions: { email: 'redact' }, key_id: 0 },
    'key_id must be a string; key_id must be shorter than or equal to 100 characters',
  ],
  [
    UpdatePrivacyPolicyBodySchema,
    { actions: 5, key_id: 5, zz: 1 },
    'zz should not exist; actions must be an object; key_id must be a string; key_id must be shorter than or equal to 100 characters',
  ],
  [
    UpdatePrivacyPolicyBodySchema,
    { actions: null, key_id: null, zz: 1 },
    'zz should not exist; actions must be an object',
  ],
  [
    UpdatePrivacyPolicyBodySchema,
    { actions: 'x'.repeat(20001), key_id: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; actions must be an object; key_id must be shorter than or equal to 100 characters',
  ],
];

describeRefusals('the privacy policy body (a zod schema, the texts of the class it replaced)', refusals);
