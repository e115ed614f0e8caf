import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('ApiKey')
export class ApiKeyModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: 'The first characters of the key, to recognise it.' })
  displayPrefix!: string;

  @Field()
  active!: boolean;

  @Field(() => [String])
  permissions!: string[];

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;

  @Field(() => String, { nullable: true })
  revokedAt!: string | null;
}

@ObjectType('CreatedApiKey')
export class CreatedApiKeyModel {
  @Field(() => ApiKeyModel)
  apiKey!: ApiKeyModel;

  @Field({ description: 'The full key. Shown only once, at creation.' })
  secret!: string;
}

@InputType()
export class CreateApiKeyInput {
  @Field()
  name!: string;

  @Field({ nullable: true })
  description?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The current password. Needed when the last sign-in is older than a few minutes (reauthentication-required).',
  })
  currentPassword?: string | null;
}
