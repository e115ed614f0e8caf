import { Field, ID, ObjectType } from '@nestjs/graphql';
import { CreateProviderKeyRequest } from '@membolt/contracts';
import { LlmProviderModel } from '../chat/chat.models.js';
import { graphqlInputType } from '../common/graphql-input-type.js';

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

/** The keys service's create request as it is. */
export const AddProviderKeyInput = graphqlInputType('AddProviderKeyInput', CreateProviderKeyRequest, {
  types: { provider: () => LlmProviderModel },
  descriptions: {
    baseUrl:
      'Required for an OpenAI-compatible server (e.g. http://localhost:11434/v1); optional for OpenAI.',
  },
});
export type AddProviderKeyInput = InstanceType<typeof AddProviderKeyInput>;

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
