import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  DEFAULT_API_KEY_NAME,
  deleteUserDataSubject,
  KeysSubjects,
  SubscriptionSubjects,
  type UserDataDeletionView,
  type UserDataService,
} from '@membolt/contracts';
import type { AccountServices } from '../../ports/account-services.js';

export const DEFAULT_API_KEY_DESCRIPTION = 'Created at sign-up';

/** Asks keys, billing and the data services over the bus, acting as the user concerned. */
@Injectable()
export class BusAccountServices implements AccountServices {
  constructor(private readonly bus: BusClient) {}

  async ensureDefaultApiKey(userId: string, graphId: string): Promise<void> {
    // A retry after a lost answer must not create a second default key: look first.
    const { keys } = await this.bus.request(KeysSubjects.list, { activeOnly: false }, { userId });
    if (keys.some((key) => key.graphId === graphId)) return;
    await this.bus.request(
      KeysSubjects.create,
      { name: DEFAULT_API_KEY_NAME, description: DEFAULT_API_KEY_DESCRIPTION, graphId },
      { userId },
    );
  }

  async initSubscription(userId: string): Promise<void> {
    await this.bus.request(SubscriptionSubjects.init, {}, { userId });
  }

  deleteUserData(userId: string, service: UserDataService): Promise<UserDataDeletionView> {
    return this.bus.request(deleteUserDataSubject(service), {}, { userId });
  }
}
