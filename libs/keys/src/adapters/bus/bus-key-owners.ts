import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { IdentitySubjects, KeysSubjects } from '@membolt/contracts';
import type { KeyOwners, KeyRevocationNotifier } from '../../ports/key-owners.js';

/** Asks identity whether an account is active, acting as that account. */
@Injectable()
export class BusKeyOwners implements KeyOwners {
  constructor(private readonly bus: BusClient) {}

  async isActive(userId: string): Promise<boolean> {
    const status = await this.bus.request(IdentitySubjects.userStatus, {}, { userId });
    return status.active;
  }
}

/** Broadcasts `keys.api-keys.revoked.v1`; every gateway replica drops the keys from its cache. */
@Injectable()
export class BusKeyRevocationNotifier implements KeyRevocationNotifier {
  private readonly logger = new Logger('KeysRevocations');

  constructor(private readonly bus: BusClient) {}

  async revoked(userId: string, keyIds: readonly string[]): Promise<void> {
    try {
      await this.bus.emit(KeysSubjects.revoked, { userId, keyIds: [...keyIds] }, { userId });
    } catch (error) {
      // The revocation is stored; gateways then stop accepting the key when their cache entry expires.
      this.logger.error(
        `Revocation of ${keyIds.length ? keyIds.join(', ') : 'every key'} of ${userId} not broadcast: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
