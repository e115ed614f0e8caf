import { Args, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { type ApiKeyView, KeysSubjects } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import { RecentSignIn } from '../session/recent-sign-in.js';
import type { SessionUser } from '../session/session.guard.js';

@ObjectType('ApiKey')
export class ApiKeyModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field({ description: 'The first characters of the key, to recognise it.' })
  displayPrefix!: string;

  @Field()
  active!: boolean;

  @Field(() => [String])
  permissions!: string[];

  @Field()
  createdAt!: string;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;

  @Field(() => String, { nullable: true })
  revokedAt!: string | null;
}

@ObjectType('CreatedApiKey')
export class CreatedApiKeyModel {
  @Field(() => ApiKeyModel)
  apiKey!: ApiKeyModel;

  @Field({ description: 'The full key. Shown only once, at creation.' })
  secret!: string;
}

@InputType()
export class CreateApiKeyInput {
  @Field()
  name!: string;

  @Field({ nullable: true })
  description?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The current password. Needed when the last sign-in is older than a few minutes (reauthentication-required).',
  })
  currentPassword?: string | null;
}

function toApiKey(key: ApiKeyView): ApiKeyModel {
  return {
    id: key.id,
    name: key.name,
    description: key.description,
    displayPrefix: key.displayPrefix,
    active: key.active,
    permissions: [...key.permissions],
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  };
}

/** The settings screen's API keys: every key of the user, revoked ones included. */
@Resolver(() => ApiKeyModel)
export class ApiKeysResolver {
  constructor(
    private readonly bus: BusClient,
    private readonly recentSignIn: RecentSignIn,
  ) {}

  @Query(() => [ApiKeyModel])
  async apiKeys(@CurrentUser() user: SessionUser): Promise<ApiKeyModel[]> {
    const { keys } = await this.bus.request(
      KeysSubjects.list,
      { activeOnly: false },
      { userId: user.userId },
    );
    return keys.map(toApiKey);
  }

  @Mutation(() => CreatedApiKeyModel)
  async createApiKey(
    @CurrentUser() user: SessionUser,
    @Args('input') input: CreateApiKeyInput,
  ): Promise<CreatedApiKeyModel> {
    // A key outlives every session: a stolen access cookie alone must not be able to mint one.
    await this.recentSignIn.confirm(user, input.currentPassword);
    const request = input.description
      ? { name: input.name, description: input.description }
      : { name: input.name };
    const created = await this.bus.request(KeysSubjects.create, request, { userId: user.userId });
    return { apiKey: toApiKey(created.apiKey), secret: created.secret };
  }

  @Mutation(() => ApiKeyModel, { description: 'Revokes a key for good: applications using it lose access.' })
  async revokeApiKey(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ApiKeyModel> {
    return toApiKey(await this.bus.request(KeysSubjects.revoke, { keyId: id }, { userId: user.userId }));
  }
}
