import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { KeysSubjects } from '@membolt/contracts';
import type { ApiKeyDirectory } from '../../ports/api-key-directory.js';

/** Asks the keys service for the user's own keys (`keys.api-keys.list.v1`, scoped by the acting user). */
@Injectable()
export class BusApiKeyDirectory implements ApiKeyDirectory {
  constructor(private readonly bus: BusClient) {}

  async owns(userId: string, keyId: string): Promise<boolean> {
    return (await this.keyIdsOf(userId)).has(keyId);
  }

  async keyIdsOf(userId: string): Promise<ReadonlySet<string>> {
    const { keys } = await this.bus.request(KeysSubjects.list, { activeOnly: false }, { userId });
    return new Set(keys.map((key) => key.id));
  }
}
