import {
  ChangePasswordRequest,
  DeletionReceiptView,
  MemoryGraphView,
  NotificationPreferencesView,
  OidcStatusView,
  SignInRequest,
  SignUpRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
  UserDataDeletionView,
  UserSettingsView,
  UserView,
} from '@membolt/contracts';
import { z } from 'zod';
import { graphqlInputType } from '../common/graphql-input-type.js';
import { graphqlObjectType } from '../common/graphql-object-type.js';

export const UserSettingsModel = graphqlObjectType('UserSettings', UserSettingsView, {
  descriptions: { theme: "'light' or 'dark'" },
});
export type UserSettingsModel = UserSettingsView;

export const NotificationPreferencesModel = graphqlObjectType(
  'NotificationPreferences',
  NotificationPreferencesView,
);
export type NotificationPreferencesModel = NotificationPreferencesView;

export const MemoryGraphModel = graphqlObjectType('MemoryGraph', MemoryGraphView);
export type MemoryGraphModel = MemoryGraphView;

export const ViewerModel = graphqlObjectType('Viewer', UserView, {
  description: 'The signed-in user.',
  types: {
    settings: () => UserSettingsModel,
    notifications: () => NotificationPreferencesModel,
    memoryGraph: () => MemoryGraphModel,
  },
  descriptions: {
    authMethods: "Sign-in methods: 'password', 'google'.",
    setupComplete: 'False until the default API key and the free subscription exist.',
  },
});
export type ViewerModel = UserView;

/** The OpenID Connect status as the sign-in screen reads it: which provider, named for Google. */
const AuthConfigShape = z.object({
  googleEnabled: OidcStatusView.unwrap().shape.enabled,
  googleProviderName: OidcStatusView.unwrap().shape.providerName,
});

export const AuthConfigModel = graphqlObjectType('AuthConfig', AuthConfigShape, {
  descriptions: { googleEnabled: 'Whether "Sign in with Google" (OpenID Connect) is configured.' },
});
export type AuthConfigModel = z.output<typeof AuthConfigShape>;

/** One kind of record a service removed and how many: an entry of its `removed` map. */
const RemovedCountShape = z.object({ kind: z.string(), count: z.int() });

export const RemovedCountModel = graphqlObjectType('RemovedCount', RemovedCountShape);
export type RemovedCountModel = z.output<typeof RemovedCountShape>;

/** One service's answer as GraphQL shows it: its counts a list of kind and count (GraphQL has no map type). */
const ServiceDeletionShape = UserDataDeletionView.unwrap().extend({
  removed: z.array(RemovedCountShape).readonly(),
});

export const ServiceDeletionModel = graphqlObjectType('ServiceDeletion', ServiceDeletionShape, {
  types: { removed: () => [RemovedCountModel] },
});
export type ServiceDeletionModel = z.output<typeof ServiceDeletionShape>;

const DeletionReceiptShape = DeletionReceiptView.unwrap().extend({
  services: z.array(ServiceDeletionShape).readonly(),
});

export const DeletionReceiptModel = graphqlObjectType('DeletionReceipt', DeletionReceiptShape, {
  description: 'What account deletion removed, per service.',
  types: { services: () => [ServiceDeletionModel] },
  descriptions: { pending: 'Services still being cleaned up; retried until they confirm.' },
});
export type DeletionReceiptModel = z.output<typeof DeletionReceiptShape>;

/*
 * The inputs are the identity requests' schemas (the fields a client gives; the edge adds the client's address
 * and the device cookie, the session it keeps): one definition for the GraphQL input and the bus request.
 */

export const SignUpInput = graphqlInputType(
  'SignUpInput',
  SignUpRequest.pick({ email: true, password: true, name: true }),
);
export type SignUpInput = InstanceType<typeof SignUpInput>;

export const SignInInput = graphqlInputType(
  'SignInInput',
  SignInRequest.pick({ email: true, password: true, remember: true }),
  { defaults: { remember: false } },
);
export type SignInInput = InstanceType<typeof SignInInput>;

export const UpdateProfileInput = graphqlInputType('UpdateProfileInput', UpdateProfileRequest);
export type UpdateProfileInput = InstanceType<typeof UpdateProfileInput>;

export const UpdatePreferencesInput = graphqlInputType('UpdatePreferencesInput', UpdatePreferencesRequest);
export type UpdatePreferencesInput = InstanceType<typeof UpdatePreferencesInput>;

export const UpdateNotificationsInput = graphqlInputType(
  'UpdateNotificationsInput',
  UpdateNotificationsRequest,
);
export type UpdateNotificationsInput = InstanceType<typeof UpdateNotificationsInput>;

export const ChangePasswordInput = graphqlInputType(
  'ChangePasswordInput',
  ChangePasswordRequest.pick({ currentPassword: true, newPassword: true }),
);
export type ChangePasswordInput = InstanceType<typeof ChangePasswordInput>;
