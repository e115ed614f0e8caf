import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PrivacyPolicyKind', { description: 'What the write-time privacy policy does with one kind.' })
export class PrivacyPolicyKindModel {
  @Field({ description: 'card_number, iban, national_id, email, phone, … (SENSITIVE_KINDS).' })
  kind!: string;

  @Field({ description: 'allow, redact or refuse.' })
  action!: string;

  @Field({ description: 'The action a new account starts with.' })
  defaultAction!: string;

  @Field(() => Int, { description: 'Memories stored with this kind redacted.' })
  redactionCount!: number;
}

@ObjectType('PrivacyPolicy')
export class PrivacyPolicyModel {
  @Field(() => [PrivacyPolicyKindModel], { description: 'Every kind, in the policy order.' })
  kinds!: PrivacyPolicyKindModel[];
}

@InputType()
export class UpdatePrivacyPolicyInput {
  @Field()
  kind!: string;

  @Field({ description: 'allow, redact or refuse.' })
  action!: string;
}
