import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { ChatSubjects, KeysSubjects } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { AddProviderKeyInput, ProviderKeyModel, ProviderKeyTestModel } from './provider-keys.models.js';

/**
 * The settings screen's language-model keys ("bring your own key"): stored by the keys service, sealed at
 * rest, never shown again but by their last 4 characters; tested by the chat service with one cheap call.
 */
@Resolver(() => ProviderKeyModel)
export class ProviderKeysResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [ProviderKeyModel], { description: 'Your language-model keys, one per provider at most.' })
  async providerKeys(@CurrentUser() user: SessionUser): Promise<readonly ProviderKeyModel[]> {
    const { providerKeys } = await this.bus.request(
      KeysSubjects.listProviderKeys,
      {},
      { userId: user.userId },
    );
    return providerKeys;
  }

  @Mutation(() => ProviderKeyModel, {
    description: 'Adds a key; it replaces your key for the same provider.',
  })
  async addProviderKey(
    @CurrentUser() user: SessionUser,
    @Args('input') input: AddProviderKeyInput,
  ): Promise<ProviderKeyModel> {
    const request = {
      provider: input.provider,
      apiKey: input.apiKey,
      ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    };
    return this.bus.request(KeysSubjects.createProviderKey, request, { userId: user.userId });
  }

  @Mutation(() => ProviderKeyModel, { description: 'Removes one of your language-model keys.' })
  async removeProviderKey(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ProviderKeyModel> {
    return this.bus.request(KeysSubjects.deleteProviderKey, { providerKeyId: id }, { userId: user.userId });
  }

  @Mutation(() => ProviderKeyTestModel, {
    description: 'Makes one cheap call with a stored key; a refused key is ok: false with the reason.',
  })
  async testProviderKey(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ProviderKeyTestModel> {
    return this.bus.request(ChatSubjects.testProviderKey, { providerKeyId: id }, { userId: user.userId });
  }
}
