import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { KeysSubjects } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import { RecentSignIn } from '../session/recent-sign-in.js';
import type { SessionUser } from '../session/session.guard.js';
import { ApiKeyModel, CreateApiKeyInput, CreatedApiKeyModel } from './api-keys.models.js';

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
    return [...keys];
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
    return created;
  }

  @Mutation(() => ApiKeyModel, { description: 'Revokes a key for good: applications using it lose access.' })
  async revokeApiKey(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ApiKeyModel> {
    return this.bus.request(KeysSubjects.revoke, { keyId: id }, { userId: user.userId });
  }
}
