import { Field, InputType } from '@nestjs/graphql';
import { CreatedWebhookEndpointView, WebhookDeliveryView, WebhookEndpointView } from '@membolt/contracts';
import { z } from 'zod';
import { graphqlObjectType } from '../common/graphql-object-type.js';

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

@InputType()
export class CreateWebhookInput {
  @Field()
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The current password. Needed when the last sign-in is older than a few minutes (reauthentication-required).',
  })
  currentPassword?: string | null;
}
