import { Field, Int, ObjectType } from '@nestjs/graphql';
import {
  ChangePasswordRequest,
  SignInRequest,
  SignUpRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
} from '@membolt/contracts';
import { graphqlInputType } from '../common/graphql-input-type.js';

@ObjectType('UserSettings')
export class UserSettingsModel {
  @Field({ description: "'light' or 'dark'" })
  theme!: string;

  @Field()
  defaultModel!: string;
}

@ObjectType('NotificationPreferences')
export class NotificationPreferencesModel {
  @Field()
  emailNotifications!: boolean;

  @Field()
  newFeatures!: boolean;

  @Field()
  marketingEmails!: boolean;

  @Field()
  conversationSummaries!: boolean;
}

@ObjectType('MemoryGraph')
export class MemoryGraphModel {
  @Field()
  id!: string;

  @Field()
  status!: string;

  @Field()
  createdAt!: string;
}

@ObjectType('Viewer', { description: 'The signed-in user.' })
export class ViewerModel {
  @Field()
  id!: string;

  @Field()
  email!: string;

  @Field()
  name!: string;

  @Field()
  bio!: string;

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  lastActiveAt!: string | null;

  @Field(() => UserSettingsModel)
  settings!: UserSettingsModel;

  @Field(() => NotificationPreferencesModel)
  notifications!: NotificationPreferencesModel;

  @Field(() => MemoryGraphModel)
  memoryGraph!: MemoryGraphModel;

  @Field(() => [String], { description: "Sign-in methods: 'password', 'google'." })
  authMethods!: string[];

  @Field({ description: 'False until the default API key and the free subscription exist.' })
  setupComplete!: boolean;
}

@ObjectType('AuthConfig')
export class AuthConfigModel {
  @Field({ description: 'Whether "Sign in with Google" (OpenID Connect) is configured.' })
  googleEnabled!: boolean;

  @Field()
  googleProviderName!: string;
}

@ObjectType('RemovedCount')
export class RemovedCountModel {
  @Field()
  kind!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('ServiceDeletion')
export class ServiceDeletionModel {
  @Field()
  service!: string;

  @Field(() => [RemovedCountModel])
  removed!: RemovedCountModel[];
}

@ObjectType('DeletionReceipt', { description: 'What account deletion removed, per service.' })
export class DeletionReceiptModel {
  @Field()
  userId!: string;

  @Field()
  deletedAt!: string;

  @Field(() => [ServiceDeletionModel])
  services!: ServiceDeletionModel[];

  @Field(() => [String], { description: 'Services still being cleaned up; retried until they confirm.' })
  pending!: string[];
}

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
