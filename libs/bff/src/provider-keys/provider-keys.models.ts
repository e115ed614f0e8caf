import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { LlmProviderModel } from '../chat/chat.models.js';

@ObjectType('ProviderKey', {
  description: 'One of your own language-model keys. The key itself is never shown again, only its end.',
})
export class ProviderKeyModel {
  @Field(() => ID)
  id!: string;

  @Field(() => LlmProviderModel)
  provider!: LlmProviderModel;

  @Field({ description: 'The last 4 characters of the key, to recognise it.' })
  last4!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The server of an OpenAI-compatible key (or an OpenAI proxy).',
  })
  baseUrl!: string | null;

  @Field()
  createdAt!: string;
}

@InputType()
export class AddProviderKeyInput {
  @Field(() => LlmProviderModel)
  provider!: LlmProviderModel;

  @Field()
  apiKey!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Required for an OpenAI-compatible server (e.g. http://localhost:11434/v1); optional for OpenAI.',
  })
  baseUrl?: string | null;
}

@ObjectType('ProviderKeyTest', {
  description: 'The answer of one cheap call made with a language-model key.',
})
export class ProviderKeyTestModel {
  @Field({ description: 'The provider accepted the key.' })
  ok!: boolean;

  @Field(() => LlmProviderModel)
  provider!: LlmProviderModel;

  @Field({ description: 'What happened, in words the user can act on.' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'The model that answered the test call.' })
  model!: string | null;
}
