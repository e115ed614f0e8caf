import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { CommonErrorCode, KeysSubjects, MemboltError, type ResolvedProviderKey } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import type { UserProviderKeys } from '../../ports/user-provider-keys.js';

/** After the keys service failed to answer, turns skip asking it for this long (they use the operator's providers). */
const UNANSWERED_PAUSE_MS = 30_000;
/** The keys service answers from its own store: anything slower than this is treated as "no user keys". */
const RESOLVE_TIMEOUT_MS = 1500;

/**
 * The user's own keys from the keys service (`keys.provider-keys.resolve.v1`). A keys service that does not
 * answer (not deployed, older build, down) must not stop the chat: the turn goes on with the operator's
 * providers, and further turns skip the question for a while instead of each waiting for it.
 */
@Injectable()
export class BusUserProviderKeys implements UserProviderKeys {
  private readonly logger = new Logger(BusUserProviderKeys.name);
  private skipUntilMs = 0;

  constructor(
    private readonly bus: BusClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async resolve(userId: string): Promise<readonly ResolvedProviderKey[]> {
    if (this.clock.nowMs() < this.skipUntilMs) return [];
    try {
      const view = await this.bus.request(
        KeysSubjects.resolveProviderKeys,
        {},
        { userId, timeoutMs: RESOLVE_TIMEOUT_MS },
      );
      return view.keys;
    } catch (error) {
      if (
        error instanceof MemboltError &&
        error.code !== CommonErrorCode.ServiceUnavailable &&
        error.code !== CommonErrorCode.InternalError
      )
        throw error;
      this.skipUntilMs = this.clock.nowMs() + UNANSWERED_PAUSE_MS;
      this.logger.warn(
        `The keys service did not resolve the user's provider keys (${error instanceof Error ? error.message : String(error)}); using the operator's providers for ${UNANSWERED_PAUSE_MS / 1000} s`,
      );
      return [];
    }
  }
}
