import {
  CreatedWebhookEndpointView,
  CreateWebhookEndpointRequest,
  WebhookDeliveryView,
  WebhookEndpointView,
} from '@membolt/contracts';
import { z } from 'zod';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';
import { reauthenticationFields } from '../session/recent-sign-in.js';

export const WebhookModel = graphqlObjectType('Webhook', WebhookEndpointView, {
  description: 'An endpoint that receives signed events of the account (never its secret).',
  ids: ['id'],
});
export type WebhookModel = InstanceType<typeof WebhookModel>;

export const CreatedWebhookModel = graphqlObjectType(
  'CreatedWebhook',
  z.object({ webhook: WebhookEndpointView, secret: CreatedWebhookEndpointView.unwrap().shape.secret }),
  { types: { webhook: () => WebhookModel } },
);
export type CreatedWebhookModel = InstanceType<typeof CreatedWebhookModel>;

/** The endpoint id is the query's own argument. */
export const WebhookDeliveryModel = graphqlObjectType(
  'WebhookDelivery',
  WebhookDeliveryView.unwrap().omit({ endpointId: true }),
  { description: 'One event sent (or being sent) to an endpoint, with its last attempt.', ids: ['id'] },
);
export type WebhookDeliveryModel = InstanceType<typeof WebhookDeliveryModel>;

/** The webhooks service's create request, with the password a recent sign-in may need. */
export const CreateWebhookInput = graphqlInputType(
  'CreateWebhookInput',
  CreateWebhookEndpointRequest.extend(reauthenticationFields),
  // The events are checked on receipt (each one known, none twice, at least one), with the contract's texts.
  { types: { events: () => [String] } },
);
export type CreateWebhookInput = InstanceType<typeof CreateWebhookInput>;
