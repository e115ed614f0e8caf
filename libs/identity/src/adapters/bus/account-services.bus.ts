import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  deleteUserDataSubject,
  SubscriptionSubjects,
  type UserDataDeletionView,
  type UserDataService,
} from '@membolt/contracts';
import type { AccountServices } from '../../ports/account-services.js';

/** Asks keys, billing and the data services over the bus, acting as the user concerned. */
@Injectable()
export class BusAccountServices implements AccountServices {
  constructor(private readonly bus: BusClient) {}

  async initSubscription(userId: string): Promise<void> {
    await this.bus.request(SubscriptionSubjects.init, {}, { userId });
  }

  deleteUserData(userId: string, service: UserDataService): Promise<UserDataDeletionView> {
    return this.bus.request(deleteUserDataSubject(service), {}, { userId });
  }
}
