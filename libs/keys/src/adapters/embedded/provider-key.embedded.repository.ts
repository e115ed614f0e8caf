import { LLM_PROVIDER_IDS, type LlmProviderId } from '@membolt/contracts';
import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { ProviderKey } from '../../domain/provider-key.js';
import type { ProviderKeyRepository } from '../../ports/provider-key.repository.js';

interface ProviderKeyRow {
  id: string;
  user_id: string;
  provider: string;
  sealed_secret: string;
  last4: string;
  base_url: string | null;
  created_at: string;
}

const providerOrder = (key: ProviderKey): number => LLM_PROVIDER_IDS.indexOf(key.provider);

export class ProviderKeyEmbeddedRepository implements ProviderKeyRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async replaceForProvider(key: ProviderKey): Promise<ProviderKey | null> {
    // One synchronous transaction: the old key goes and the new one arrives together.
    return this.db.transaction(() => {
      const replaced = this.findRowByProvider(key.userId, key.provider);
      if (replaced) preparedOnce(this.db, 'DELETE FROM provider_keys WHERE id = ?').run(replaced.id);
      preparedOnce(
        this.db,
        `INSERT INTO provider_keys (id, user_id, provider, sealed_secret, last4, base_url, created_at)
           VALUES (@id, @user_id, @provider, @sealed_secret, @last4, @base_url, @created_at)`,
      ).run(toRow(key));
      return replaced;
    })();
  }

  async listByUser(userId: string): Promise<ProviderKey[]> {
    const rows = preparedOnce(this.db, 'SELECT * FROM provider_keys WHERE user_id = ?').all(
      userId,
    ) as ProviderKeyRow[];
    return rows.map(toProviderKey).sort((a, b) => providerOrder(a) - providerOrder(b));
  }

  async findByUser(userId: string, providerKeyId: string): Promise<ProviderKey | null> {
    const row = preparedOnce(this.db, 'SELECT * FROM provider_keys WHERE id = ? AND user_id = ?').get(
      providerKeyId,
      userId,
    ) as ProviderKeyRow | undefined;
    return row ? toProviderKey(row) : null;
  }

  async findByProvider(userId: string, provider: LlmProviderId): Promise<ProviderKey | null> {
    return this.findRowByProvider(userId, provider);
  }

  async updateSealedSecret(userId: string, providerKeyId: string, sealedSecret: string): Promise<boolean> {
    const { changes } = preparedOnce(
      this.db,
      'UPDATE provider_keys SET sealed_secret = ? WHERE id = ? AND user_id = ?',
    ).run(sealedSecret, providerKeyId, userId);
    return changes > 0;
  }

  async delete(userId: string, providerKeyId: string): Promise<ProviderKey | null> {
    const row = preparedOnce(
      this.db,
      'DELETE FROM provider_keys WHERE id = ? AND user_id = ? RETURNING *',
    ).get(providerKeyId, userId) as ProviderKeyRow | undefined;
    return row ? toProviderKey(row) : null;
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    return preparedOnce(this.db, 'DELETE FROM provider_keys WHERE user_id = ?').run(userId).changes;
  }

  private findRowByProvider(userId: string, provider: LlmProviderId): ProviderKey | null {
    const row = preparedOnce(this.db, 'SELECT * FROM provider_keys WHERE user_id = ? AND provider = ?').get(
      userId,
      provider,
    ) as ProviderKeyRow | undefined;
    return row ? toProviderKey(row) : null;
  }
}

function toProviderKey(row: ProviderKeyRow): ProviderKey {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider as LlmProviderId,
    sealedSecret: row.sealed_secret,
    last4: row.last4,
    baseUrl: row.base_url,
    createdAt: new Date(row.created_at),
  };
}

function toRow(key: ProviderKey): ProviderKeyRow {
  return {
    id: key.id,
    user_id: key.userId,
    provider: key.provider,
    sealed_secret: key.sealedSecret,
    last4: key.last4,
    base_url: key.baseUrl,
    created_at: key.createdAt.toISOString(),
  };
}
