import { Field, InputType } from '@nestjs/graphql';
import { ApiKeyView, CreatedApiKeyView } from '@membolt/contracts';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/**
 * The keys service's view as the settings screen sees it: the owner and graph ids and the update time stay
 * server-side (GraphQL answers only the fields of its type, so the view is returned as it is).
 */
const ApiKeyShown = ApiKeyView.unwrap().omit({ userId: true, graphId: true, updatedAt: true });

export const ApiKeyModel = graphqlObjectType('ApiKey', ApiKeyShown, { ids: ['id'] });
export type ApiKeyModel = InstanceType<typeof ApiKeyModel>;

export const CreatedApiKeyModel = graphqlObjectType(
  'CreatedApiKey',
  CreatedApiKeyView.unwrap().extend({ apiKey: ApiKeyShown }),
  { types: { apiKey: () => ApiKeyModel } },
);
export type CreatedApiKeyModel = InstanceType<typeof CreatedApiKeyModel>;

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
