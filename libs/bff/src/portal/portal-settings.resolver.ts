import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { PortalSubjects, toPortalSettingsChange } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import { PortalSettingsModel, UpdatePortalSettingsInput } from './portal-settings.models.js';

/** The Settings card of the end users' portal: its look and the origins that may embed it (identity keeps them). */
@Resolver(() => PortalSettingsModel)
export class PortalSettingsResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => PortalSettingsModel, {
    description: "Your end users' portal: its look and embedding origins.",
  })
  async portalSettings(@CurrentUser() user: SessionUser): Promise<PortalSettingsModel> {
    return this.bus.request(PortalSubjects.getSettings, {}, { userId: user.userId });
  }

  @Mutation(() => PortalSettingsModel, {
    description: "Changes your end users' portal's look or embedding origins.",
  })
  async updatePortalSettings(
    @CurrentUser() user: SessionUser,
    @Args('input') input: UpdatePortalSettingsInput,
  ): Promise<PortalSettingsModel> {
    const change = toPortalSettingsChange(input);
    return this.bus.request(PortalSubjects.updateSettings, change, { userId: user.userId });
  }
}
