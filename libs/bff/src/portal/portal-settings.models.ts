import { Field, InputType, ObjectType } from '@nestjs/graphql';

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

@InputType({ description: 'Fields left out keep their value; null or an empty text resets one.' })
export class UpdatePortalSettingsInput {
  @Field(() => String, { nullable: true })
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true })
  color?: string | null;

  @Field(() => [String], { nullable: true })
  frameOrigins?: string[] | null;
}
