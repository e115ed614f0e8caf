import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';

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

@InputType()
export class SignUpInput {
  @Field()
  email!: string;

  @Field()
  password!: string;

  @Field()
  name!: string;
}

@InputType()
export class SignInInput {
  @Field()
  email!: string;

  @Field()
  password!: string;

  @Field({ defaultValue: false })
  remember!: boolean;
}

@InputType()
export class UpdateProfileInput {
  @Field({ nullable: true })
  name?: string;

  @Field({ nullable: true })
  bio?: string;
}

@InputType()
export class UpdatePreferencesInput {
  @Field({ nullable: true })
  theme?: string;

  @Field({ nullable: true })
  defaultModel?: string;
}

@InputType()
export class UpdateNotificationsInput {
  @Field({ nullable: true })
  emailNotifications?: boolean;

  @Field({ nullable: true })
  newFeatures?: boolean;

  @Field({ nullable: true })
  marketingEmails?: boolean;

  @Field({ nullable: true })
  conversationSummaries?: boolean;
}

@InputType()
export class ChangePasswordInput {
  @Field()
  currentPassword!: string;

  @Field()
  newPassword!: string;
}
