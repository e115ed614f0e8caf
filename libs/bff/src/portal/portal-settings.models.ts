import { Field, ObjectType } from '@nestjs/graphql';
import { UpdatePortalSettingsRequest } from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';

@ObjectType('PortalSettings', {
  description:
    'The look of the end users\' portal ("what this app remembers about you") and the origins that may embed it.',
})
export class PortalSettingsModel {
  @Field(() => String, { nullable: true, description: 'The name the portal shows; null: "This app".' })
  displayName!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An https:// image URL shown at the top of the portal.',
  })
  logoUrl!: string | null;

  @Field({ description: 'The accent colour, #rrggbb.' })
  color!: string;

  @Field(() => [String], { description: 'Origins allowed to show the portal in an iframe.' })
  frameOrigins!: string[];
}

/** The identity service's update request as it is; the resolver turns an empty text into null. */
export const UpdatePortalSettingsInput = graphqlInputType(
  'UpdatePortalSettingsInput',
  UpdatePortalSettingsRequest,
  {
    description: 'Fields left out keep their value; null or an empty text resets one.',
    types: { frameOrigins: () => [String] },
  },
);
export type UpdatePortalSettingsInput = InstanceType<typeof UpdatePortalSettingsInput>;
