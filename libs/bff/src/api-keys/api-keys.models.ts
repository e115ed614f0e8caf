import { ApiKeyView, CreateApiKeyRequest, CreatedApiKeyView } from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';
import { reauthenticationFields } from '../session/recent-sign-in.js';

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

/** The keys service's create request as the settings screen gives it, with the password a recent sign-in may need. */
export const CreateApiKeyInput = graphqlInputType(
  'CreateApiKeyInput',
  CreateApiKeyRequest.pick({ name: true, description: true }).extend(reauthenticationFields),
);
export type CreateApiKeyInput = InstanceType<typeof CreateApiKeyInput>;
