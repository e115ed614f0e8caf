import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Webhook', {
  description: 'An endpoint that receives signed events of the account (never its secret).',
})
export class WebhookModel {
  @Field(() => ID)
  id!: string;

  @Field()
  url!: string;

  @Field(() => [String], { description: 'memory.created, memory.updated, upload.completed…' })
  events!: string[];

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: 'False once paused by its owner or disabled after repeated failures.' })
  enabled!: boolean;

  @Field(() => String, { nullable: true })
  disabledReason!: string | null;

  @Field(() => Int)
  consecutiveFailures!: number;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;
}

@ObjectType('CreatedWebhook')
export class CreatedWebhookModel {
  @Field(() => WebhookModel)
  webhook!: WebhookModel;

  @Field({ description: 'The signing secret. Shown only once, at creation.' })
  secret!: string;
}

@ObjectType('WebhookDelivery', {
  description: 'One event sent (or being sent) to an endpoint, with its last attempt.',
})
export class WebhookDeliveryModel {
  @Field(() => ID)
  id!: string;

  @Field()
  eventId!: string;

  @Field()
  event!: string;

  @Field({ description: 'pending, succeeded or failed.' })
  state!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status (null: no answer)." })
  statusCode!: number | null;

  @Field(() => Int, { nullable: true })
  durationMs!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field()
  createdAt!: string;

  @Field()
  updatedAt!: string;
}

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
