import { PortalSettingsView, UpdatePortalSettingsRequest } from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

/** The identity service's view without its update time, in the wording the GraphQL schema has always shown. */
export const PortalSettingsModel = graphqlObjectType(
  'PortalSettings',
  PortalSettingsView.unwrap().omit({ updatedAt: true }),
  {
    description:
      'The look of the end users\' portal ("what this app remembers about you") and the origins that may embed it.',
    descriptions: {
      displayName: 'The name the portal shows; null: "This app".',
      logoUrl: 'An https:// image URL shown at the top of the portal.',
      color: 'The accent colour, #rrggbb.',
      frameOrigins: 'Origins allowed to show the portal in an iframe.',
    },
  },
);
export type PortalSettingsModel = PortalSettingsView;

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
