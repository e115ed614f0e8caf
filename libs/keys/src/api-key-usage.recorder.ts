import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import { METRICS, type Metrics } from '@membolt/platform';
import { KEYS_SETTINGS, type KeysSettings } from './keys.options.js';
import type { ApiKeyUse } from './ports/api-key.repository.js';
import { KEYS_STORE, type KeysStore } from './ports/keys-store.js';

/**
 * Keeps `last_used` current without a database write per request: uses are held in memory (the latest per
 * key) and written in one batch per flush interval, and once more at shutdown. A crash loses at most one
 * interval of `last_used` updates, never a key.
 */
@Injectable()
export class ApiKeyUsageRecorder implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('ApiKeyUsage');
  private pending = new Map<string, ApiKeyUse>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(KEYS_STORE) private readonly store: KeysStore,
    @Inject(KEYS_SETTINGS) private readonly settings: KeysSettings,
    @Optional() @Inject(METRICS) private readonly metrics?: Metrics,
  ) {}

  onModuleInit(): void {
    this.metrics?.registerQueue('keys_last_used_pending', () => this.pending.size);
    this.timer = setInterval(() => void this.flush(), this.settings.lastUsedFlushIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(use: ApiKeyUse): void {
    const known = this.pending.get(use.keyId);
    if (!known || known.usedAt < use.usedAt) this.pending.set(use.keyId, use);
  }

  /** The latest use recorded here and not yet written, if any. */
  pendingUse(keyId: string): Date | null {
    return this.pending.get(keyId)?.usedAt ?? null;
  }

  /** Drops what is pending for a user whose keys are being deleted. */
  forgetUser(userId: string): void {
    for (const [keyId, use] of this.pending) if (use.userId === userId) this.pending.delete(keyId);
  }

  /** Writes what is pending in one batch; returns how many keys it touched. Flushes never overlap. */
  flush(): Promise<number> {
    const run = this.flushing.then(() => this.writePending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async writePending(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.store.apiKeys.recordUses([...batch.values()]);
      return batch.size;
    } catch (error) {
      // Keep the uses for the next flush (a newer use recorded meanwhile wins).
      for (const use of batch.values()) this.record(use);
      this.logger.warn(
        `Could not write last_used for ${batch.size} key(s); retrying next flush: ${String(error)}`,
      );
      return 0;
    }
  }
}
