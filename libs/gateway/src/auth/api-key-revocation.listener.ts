import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BusBroadcasts } from '@membolt/bus';
import { ApiKeysRevokedEvent, KeysSubjects } from '@membolt/contracts';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';

/** Every gateway replica hears `keys.api-keys.revoked.v1` and drops the keys from its cache at once. */
@Injectable()
export class ApiKeyRevocationListener implements OnModuleInit {
  constructor(
    private readonly broadcasts: BusBroadcasts,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async onModuleInit(): Promise<void> {
    // Subscribed before the gateway serves; while the bus is unreachable the cache TTL is the safety net.
    await this.broadcasts.subscribeOrRetry(KeysSubjects.revoked, ApiKeysRevokedEvent, (event) => {
      this.authenticator.forget(event.userId, event.keyIds);
    });
  }
}
