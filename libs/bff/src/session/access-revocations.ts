import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { BusBroadcasts, BusClient } from '@membolt/bus';
import { AccessRevokedEvent, IdentitySubjects, serviceUnavailable } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';

/** A broadcast can be lost (a reconnecting replica); the stored list heals that this often. */
const REVOCATION_RESYNC_MS = 60_000;

/**
 * The access-token revocations this BFF replica enforces: sessions (`sid`) and users (`sub`) whose tokens
 * are refused although their signature and expiry are fine. Every replica hears each revocation on the
 * `identity.sessions.revoked.v1` broadcast and loads the ones in force from identity when it starts, so a
 * replica that starts late knows them too. Until that first load has succeeded it accepts no access token
 * (answers `service_unavailable`): a replica that cannot know the revocations must not guess.
 * Entries live only as long as the tokens they cover (15 minutes), which bounds the maps.
 */
@Injectable()
export class AccessRevocations implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BffRevocations');
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, number>();
  private loaded = false;
  private loading: Promise<void> | null = null;
  private resync: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: BusClient,
    private readonly broadcasts: BusBroadcasts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    // Subscribed before the first load, so nothing revoked in between is missed.
    await this.broadcasts.subscribeOrRetry(IdentitySubjects.accessRevoked, AccessRevokedEvent, (event) =>
      this.apply(event.sessionIds, event.userIds, Date.parse(event.expiresAt)),
    );
  }

  onApplicationBootstrap(): void {
    this.load().catch((error: unknown) =>
      this.logger.warn(
        `Revocations not loaded yet, will retry on the next signed-in request: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    this.resync = setInterval(() => {
      this.load().catch((error: unknown) =>
        this.logger.warn(
          `Revocations not refreshed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, REVOCATION_RESYNC_MS);
    this.resync.unref();
  }

  onApplicationShutdown(): void {
    if (this.resync) clearInterval(this.resync);
    this.resync = null;
  }

  /** Throws `service_unavailable` while the revocations in force are unknown (identity unreachable at start). */
  async isRevoked(userId: string, sessionId: string): Promise<boolean> {
    if (!this.loaded) await this.load();
    const now = this.clock.nowMs();
    return (this.sessions.get(sessionId) ?? 0) > now || (this.users.get(userId) ?? 0) > now;
  }

  /** Loads the revocations in force from identity; concurrent callers share one request. */
  load(): Promise<void> {
    this.loading ??= this.bus
      .request(IdentitySubjects.listAccessRevocations, {})
      .then(
        ({ revocations }) => {
          for (const revocation of revocations) {
            const target = revocation.kind === 'user' ? this.users : this.sessions;
            remember(target, revocation.id, Date.parse(revocation.expiresAt));
          }
          this.loaded = true;
          this.prune();
        },
        (error: unknown) => {
          if (this.loaded) throw error;
          throw serviceUnavailable('identity');
        },
      )
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private apply(sessionIds: readonly string[], userIds: readonly string[], expiresAtMs: number): void {
    for (const id of sessionIds) remember(this.sessions, id, expiresAtMs);
    for (const id of userIds) remember(this.users, id, expiresAtMs);
    this.prune();
  }

  private prune(): void {
    const now = this.clock.nowMs();
    for (const map of [this.sessions, this.users]) {
      for (const [id, expiresAt] of map) if (expiresAt <= now) map.delete(id);
    }
  }
}

function remember(map: Map<string, number>, id: string, expiresAtMs: number): void {
  if (!Number.isFinite(expiresAtMs)) return;
  map.set(id, Math.max(map.get(id) ?? 0, expiresAtMs));
}
