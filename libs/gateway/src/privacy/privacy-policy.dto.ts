import {
  DEFAULT_PRIVACY_POLICY,
  entityId,
  KeyPrivacyOverrideView,
  optional,
  plainObject,
  PRIVACY_ACTIONS,
  type PrivacyAction,
  type PrivacyPolicy,
  PrivacyPolicyView,
  SENSITIVE_KINDS,
  type SensitiveKind,
} from '@membolt/contracts';
import { z } from 'zod';
import { restExample, restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';
import { queryDoc, restQueryType } from '../common/rest-query.js';

const actionsSchema = (description: string) => ({
  type: 'object' as const,
  description,
  properties: Object.fromEntries(
    SENSITIVE_KINDS.map((kind) => [kind, { type: 'string' as const, enum: [...PRIVACY_ACTIONS] }]),
  ),
  additionalProperties: false,
});

const updatePolicy = {
  // The kinds and actions are the privacy service's check (it answers which kind or action is unknown).
  actions: plainObject<Partial<Record<SensitiveKind, PrivacyAction>>>('actions must be an object').meta(
    queryDoc(Object, {
      ...actionsSchema(
        'Per kind: allow, redact or refuse. Kinds left out keep their action (with key_id: follow the account).',
      ),
      example: { email: 'redact', health: 'refuse' },
    }),
  ),
  key_id: optional(entityId()).meta(
    queryDoc(String, {
      description:
        "An API key of the account: `actions` become that key's overrides (replacing its earlier ones; {} removes them).",
    }),
  ),
};
/** `PUT /api/user/{id}/privacy-policy`: the kinds to change; with `key_id`, one key's overrides instead. */
export const UpdatePrivacyPolicyBodySchema = z.strictObject(updatePolicy);
export const UpdatePrivacyPolicyBody = restQueryType('UpdatePrivacyPolicyBody', updatePolicy);
export type UpdatePrivacyPolicyBody = z.output<typeof UpdatePrivacyPolicyBodySchema>;

/*
 * The answer: the contract's view (memory.views.ts) under snake_case names, with `defaults`, the policy a new
 * account starts with, added by the gateway. The kinds inside `policy` and the counts keep their own names.
 */
export const KeyPrivacyOverrideResponse = restObjectType(
  'KeyPrivacyOverrideResponse',
  KeyPrivacyOverrideView,
);
export type KeyPrivacyOverrideResponse = InstanceType<typeof KeyPrivacyOverrideResponse>;

const policyView = PrivacyPolicyView.unwrap().shape;
export const PrivacyPolicyResponse = restObjectTypeOf<{
  policy: PrivacyPolicy;
  defaults: PrivacyPolicy;
  key_overrides: KeyPrivacyOverrideResponse[];
  redaction_counts: Readonly<Record<SensitiveKind, number>>;
}>(
  'PrivacyPolicyResponse',
  z.object({
    policy: restExample(policyView.policy, DEFAULT_PRIVACY_POLICY),
    defaults: policyView.policy.meta({
      description: 'What a new account starts with.',
      rest: { example: DEFAULT_PRIVACY_POLICY },
    }),
    keyOverrides: policyView.keyOverrides,
    redactionCounts: policyView.redactionCounts,
  }),
  { types: { keyOverrides: () => [KeyPrivacyOverrideResponse] } },
);
export type PrivacyPolicyResponse = InstanceType<typeof PrivacyPolicyResponse>;
