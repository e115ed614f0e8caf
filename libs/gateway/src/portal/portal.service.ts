import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  MEMORY_LIST_MAX_LIMIT,
  MemorySubjects,
  type MemoryDeletionReceipt,
  type MemoryView,
  type PortalAction,
  type PortalSettingsView,
  PortalSubjects,
} from '@membolt/contracts';
import { CLOCK, type Clock, correlationIdFrom, requestContext } from '@membolt/platform';
import { randomUUID } from 'node:crypto';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import { type EndUserErasure, MemoryErasureService } from '../memories/memory-erasure.service.js';
import { type PortalGrant, PortalLinkSigner } from './portal-link.js';

/** The most memories the portal lists or exports for one end user (pages of MEMORY_LIST_MAX_LIMIT). */
const PORTAL_MEMORIES_MAX = 20_000;

export interface MintedPortalLink {
  readonly token: string;
  readonly endUserId: string;
  readonly expiresAt: Date;
}

export type PortalLinkProblem = 'expired' | 'invalid';

/** A link that opens nothing; the page and its JSON routes answer it with their own kind of error. */
export class PortalLinkRefused extends Error {
  constructor(
    readonly problem: PortalLinkProblem,
    /** Whose link it was, when it was signed here and only expired. */
    readonly expiredGrant: PortalGrant | null = null,
  ) {
    super(problem === 'expired' ? 'This link has expired.' : 'This link is not valid.');
  }
}

/**
 * The end users' portal (decisions 140-144): minting its links, and everything a link allows, each acting as the
 * link's account inside the link's end user scope only, each recorded in the account's audit log.
 */
@Injectable()
export class PortalService {
  private readonly signer: PortalLinkSigner;

  constructor(
    private readonly bus: BusClient,
    private readonly erasure: MemoryErasureService,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.signer = new PortalLinkSigner(settings.portalLinkSecret);
  }

  mint(userId: string, endUserId: string, ttlSeconds: number): MintedPortalLink {
    const expiresAt = new Date(this.clock.nowMs() + ttlSeconds * 1000);
    return { token: this.signer.sign({ userId, endUserId, expiresAt }), endUserId, expiresAt };
  }

  /** The grant of a live link; throws PortalLinkRefused for an expired, tampered or foreign token. */
  grantOf(token: string): PortalGrant {
    const check = this.signer.verify(token, this.clock.now());
    switch (check.kind) {
      case 'valid':
        return check.grant;
      case 'expired':
        throw new PortalLinkRefused('expired', check.grant);
      case 'invalid':
        throw new PortalLinkRefused('invalid');
    }
  }

  settingsFor(grant: PortalGrant): Promise<PortalSettingsView> {
    return this.as(grant, () => this.bus.request(PortalSubjects.getSettings, {}));
  }

  async memories(grant: PortalGrant): Promise<MemoryView[]> {
    return this.as(grant, async () => {
      const memories = await this.allMemories(grant);
      await this.record(grant, 'viewed', { memoryCount: memories.length });
      return memories;
    });
  }

  async correct(grant: PortalGrant, memoryId: string, text: string): Promise<MemoryView> {
    return this.as(grant, async () => {
      const memory = await this.bus.request(MemorySubjects.update, {
        endUserId: grant.endUserId,
        memoryId,
        text,
      });
      await this.record(grant, 'corrected', { memoryId });
      return memory;
    });
  }

  async forget(grant: PortalGrant, memoryId: string): Promise<MemoryDeletionReceipt> {
    return this.as(grant, async () => {
      const { receipt } = await this.erasure.deleteMemory({ endUserId: grant.endUserId }, memoryId, false);
      await this.record(grant, 'forgot', { memoryId });
      return receipt;
    });
  }

  async forgetAll(grant: PortalGrant): Promise<EndUserErasure> {
    return this.as(grant, async () => {
      const erasure = await this.erasure.deleteEndUser(grant.endUserId);
      await this.record(grant, 'forgot_all', { memoryCount: erasure.removed['memories'] ?? 0 });
      return erasure;
    });
  }

  async export(grant: PortalGrant): Promise<{ memories: MemoryView[]; exportedAt: Date }> {
    return this.as(grant, async () => {
      const memories = await this.allMemories(grant);
      await this.record(grant, 'exported', { memoryCount: memories.length });
      return { memories, exportedAt: this.clock.now() };
    });
  }

  private async allMemories(grant: PortalGrant): Promise<MemoryView[]> {
    const memories: MemoryView[] = [];
    for (let offset = 0; offset < PORTAL_MEMORIES_MAX; offset += MEMORY_LIST_MAX_LIMIT) {
      const page = await this.bus.request(MemorySubjects.list, {
        endUserId: grant.endUserId,
        limit: MEMORY_LIST_MAX_LIMIT,
        offset,
        sort: 'recent',
      });
      memories.push(...page.memories);
      if (page.memories.length < MEMORY_LIST_MAX_LIMIT) break;
    }
    return memories;
  }

  private async record(
    grant: PortalGrant,
    action: PortalAction,
    detail: { readonly memoryId?: string; readonly memoryCount?: number },
  ): Promise<void> {
    await this.bus.request(PortalSubjects.recordAction, {
      id: randomUUID(),
      endUserId: grant.endUserId,
      action,
      ...detail,
    });
  }

  /** Runs `work` as the link's account: every bus call carries its user id, as a key's calls do. */
  private as<T>(grant: PortalGrant, work: () => Promise<T>): Promise<T> {
    const correlationId = correlationIdFrom(requestContext.correlationId());
    return requestContext.run({ correlationId, userId: grant.userId }, work);
  }
}
