import { ApiProperty } from '@nestjs/swagger';
import {
  DEFAULT_PRIVACY_POLICY,
  entityId,
  optional,
  plainObject,
  PRIVACY_ACTIONS,
  type PrivacyAction,
  SENSITIVE_KINDS,
  type SensitiveKind,
} from '@membolt/contracts';
import { z } from 'zod';
import { queryDoc, restQueryType } from '../common/rest-query.js';

const actionsSchema = (description: string, required: boolean) => ({
  type: 'object' as const,
  description,
  properties: Object.fromEntries(
    SENSITIVE_KINDS.map((kind) => [kind, { type: 'string' as const, enum: [...PRIVACY_ACTIONS] }]),
  ),
  additionalProperties: false,
  ...(required ? { required: [...SENSITIVE_KINDS] } : {}),
});

const updatePolicy = {
  // The kinds and actions are the privacy service's check (it answers which kind or action is unknown).
  actions: plainObject<Partial<Record<SensitiveKind, PrivacyAction>>>('actions must be an object').meta(
    queryDoc(Object, {
      ...actionsSchema(
        'Per kind: allow, redact or refuse. Kinds left out keep their action (with key_id: follow the account).',
        false,
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

export class KeyPrivacyOverrideResponse {
  @ApiProperty()
  key_id!: string;

  @ApiProperty(actionsSchema('The kinds this key overrides.', false))
  actions!: Partial<Record<SensitiveKind, PrivacyAction>>;
}

export class PrivacyPolicyResponse {
  @ApiProperty({ ...actionsSchema('The account policy, every kind.', true), example: DEFAULT_PRIVACY_POLICY })
  policy!: Record<SensitiveKind, PrivacyAction>;

  @ApiProperty({ ...actionsSchema('What a new account starts with.', true), example: DEFAULT_PRIVACY_POLICY })
  defaults!: Record<SensitiveKind, PrivacyAction>;

  @ApiProperty({ type: [KeyPrivacyOverrideResponse] })
  key_overrides!: KeyPrivacyOverrideResponse[];

  @ApiProperty({
    type: 'object' as const,
    description: 'Memories stored with each kind redacted, since the account began.',
    properties: Object.fromEntries(SENSITIVE_KINDS.map((kind) => [kind, { type: 'integer' as const }])),
    required: [...SENSITIVE_KINDS],
  })
  redaction_counts!: Record<SensitiveKind, number>;
}
