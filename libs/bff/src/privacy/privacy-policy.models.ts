import { Field, InputType } from '@nestjs/graphql';
import { PRIVACY_ACTIONS, SENSITIVE_KINDS } from '@membolt/contracts';
import { z } from 'zod';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/**
 * One kind of the policy as GraphQL shows it: the view's per-kind maps (`policy`, `redactionCounts`) read at one
 * kind, with the action a new account starts with (GraphQL has no map type).
 */
const PrivacyPolicyKindShape = z.object({
  kind: z.enum(SENSITIVE_KINDS),
  action: z.enum(PRIVACY_ACTIONS),
  defaultAction: z.enum(PRIVACY_ACTIONS),
  redactionCount: z.int(),
});

export const PrivacyPolicyKindModel = graphqlObjectType('PrivacyPolicyKind', PrivacyPolicyKindShape, {
  description: 'What the write-time privacy policy does with one kind.',
  descriptions: {
    kind: 'card_number, iban, national_id, email, phone, … (SENSITIVE_KINDS).',
    action: 'allow, redact or refuse.',
    defaultAction: 'The action a new account starts with.',
    redactionCount: 'Memories stored with this kind redacted.',
  },
});
export type PrivacyPolicyKindModel = z.output<typeof PrivacyPolicyKindShape>;

const PrivacyPolicyShape = z.object({ kinds: z.array(PrivacyPolicyKindShape).readonly() });

export const PrivacyPolicyModel = graphqlObjectType('PrivacyPolicy', PrivacyPolicyShape, {
  types: { kinds: () => [PrivacyPolicyKindModel] },
  descriptions: { kinds: 'Every kind, in the policy order.' },
});
export type PrivacyPolicyModel = z.output<typeof PrivacyPolicyShape>;

/** One kind and action, where the bus request takes a map of actions and a key id. */
@InputType()
export class UpdatePrivacyPolicyInput {
  @Field()
  kind!: string;

  @Field({ description: 'allow, redact or refuse.' })
  action!: string;
}
