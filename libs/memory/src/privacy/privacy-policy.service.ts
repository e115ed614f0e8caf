import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_PRIVACY_POLICY,
  type PrivacyPolicy,
  SENSITIVE_KIND_PLACEHOLDERS,
  SENSITIVE_KINDS,
  type SensitiveKind,
  withPolicyChanges,
} from '@membolt/contracts';
import { CLOCK, type Clock, requestContext } from '@membolt/platform';
import type { PolicyOutcome, SensitiveDataScanner } from '@membolt/privacy';
import { sensitiveDataRefused } from '../memory.errors.js';
import { MEMORY_STORE, type MemoryStore } from '../ports/memory-store.js';
import type { PolicyActions } from '../ports/privacy-policy.repository.js';

export const SENSITIVE_DATA_SCANNER = Symbol('SENSITIVE_DATA_SCANNER');

/** One memory's text and metadata as they may be stored, with the kinds the policy replaced. */
export interface ScreenedWrite {
  readonly text: string;
  readonly metadata: Record<string, unknown> | undefined;
  /** A chat memory's conversation title: the first words of the conversation, so screened as well. */
  readonly conversationTitle: string | undefined;
  readonly redactions: SensitiveKind[];
}

/** The account's policy, the keys overriding it, and how many redactions each kind has had. */
export interface PrivacyPolicyState {
  readonly policy: PrivacyPolicy;
  readonly keyOverrides: ReadonlyArray<{ keyId: string; actions: PolicyActions }>;
  readonly redactionCounts: Readonly<Record<SensitiveKind, number>>;
}

const union = (lists: ReadonlyArray<readonly SensitiveKind[]>): SensitiveKind[] => {
  const all = new Set(lists.flat());
  return SENSITIVE_KINDS.filter((kind) => all.has(kind));
};

/**
 * The write-time privacy policy (decision 135): which policy a write follows (the account's, overridden by the
 * key the edge authenticated) and what it makes of a memory's text and metadata before anything is stored,
 * embedded or queued. A refused kind anywhere in a call refuses the whole call, so nothing of it is stored.
 */
@Injectable()
export class PrivacyPolicyService {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(SENSITIVE_DATA_SCANNER) private readonly scanner: SensitiveDataScanner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async accountPolicy(userId: string): Promise<PrivacyPolicy> {
    const saved = await this.store.privacyPolicies.find(userId, null);
    return withPolicyChanges(DEFAULT_PRIVACY_POLICY, saved ?? {});
  }

  /** The policy of a write: the account's, with the overrides of the key the call came with. */
  async effectivePolicy(userId: string, apiKeyId: string | undefined): Promise<PrivacyPolicy> {
    const account = await this.accountPolicy(userId);
    if (!apiKeyId) return account;
    const override = await this.store.privacyPolicies.find(userId, apiKeyId);
    return override ? withPolicyChanges(account, override) : account;
  }

  async state(userId: string): Promise<PrivacyPolicyState> {
    const [policy, keyOverrides, counts] = await Promise.all([
      this.accountPolicy(userId),
      this.store.privacyPolicies.keyOverrides(userId),
      this.store.privacyPolicies.redactionCounts(userId),
    ]);
    const redactionCounts = Object.fromEntries(SENSITIVE_KINDS.map((kind) => [kind, counts[kind] ?? 0]));
    return { policy, keyOverrides, redactionCounts: redactionCounts as Record<SensitiveKind, number> };
  }

  /** Changes the account's policy (the kinds given; the others keep their action). */
  async updateAccount(userId: string, changes: PolicyActions): Promise<PrivacyPolicyState> {
    const policy = withPolicyChanges(await this.accountPolicy(userId), changes);
    await this.store.privacyPolicies.save(userId, null, policy, this.clock.now());
    return this.state(userId);
  }

  /** Sets one key's overrides (replacing its earlier ones); none given: the key follows the account again. */
  async updateKeyOverride(
    userId: string,
    keyId: string,
    actions: PolicyActions,
  ): Promise<PrivacyPolicyState> {
    if (Object.keys(actions).length === 0) await this.store.privacyPolicies.remove(userId, keyId);
    else await this.store.privacyPolicies.save(userId, keyId, actions, this.clock.now());
    return this.state(userId);
  }

  /**
   * Screens the writes of one call under the policy of the acting key (read from the request context, which
   * the bus fills from the edge's meta). Throws `sensitive_data_refused` naming every refused kind found.
   */
  async screen(
    userId: string,
    writes: ReadonlyArray<{
      text: string;
      metadata?: Record<string, unknown> | undefined;
      conversationTitle?: string | undefined;
    }>,
  ): Promise<ScreenedWrite[]> {
    const policy = await this.effectivePolicy(userId, requestContext.current()?.apiKeyId);
    const screened: ScreenedWrite[] = [];
    const refused: SensitiveKind[][] = [];
    for (const write of writes) {
      const text = await this.scanner.apply(write.text, policy);
      const metadata =
        write.metadata === undefined
          ? undefined
          : await this.screenValue(write.metadata, policy, text.replaced);
      const title =
        write.conversationTitle === undefined
          ? undefined
          : await this.screenValue(write.conversationTitle, policy, text.replaced);
      refused.push(text.refused, metadata?.refused ?? [], title?.refused ?? []);
      screened.push({
        text: text.text,
        metadata: metadata?.value as Record<string, unknown> | undefined,
        conversationTitle: title?.value as string | undefined,
        redactions: union([text.redactions, metadata?.redactions ?? [], title?.redactions ?? []]),
      });
    }
    const refusedKinds = union(refused);
    if (refusedKinds.length > 0) throw sensitiveDataRefused(refusedKinds);
    return screened;
  }

  /** Counts what was stored redacted (one per kind per memory). */
  async countStored(userId: string, redactions: ReadonlyArray<readonly SensitiveKind[]>): Promise<void> {
    for (const kinds of redactions)
      if (kinds.length > 0) await this.store.privacyPolicies.countRedactions(userId, kinds);
  }

  /** Metadata is screened value by value: a fact's `value` repeats what its text says. */
  private async screenValue(
    value: unknown,
    policy: PrivacyPolicy,
    replacedInText: PolicyOutcome['replaced'],
  ): Promise<{ value: unknown; redactions: SensitiveKind[]; refused: SensitiveKind[] }> {
    if (typeof value === 'string') {
      const outcome = await this.scanner.apply(value, policy);
      // A bare value ("2125550123") may not look like its kind alone; the text it was read from said so.
      let screened = outcome.text;
      const alsoRedacted: SensitiveKind[] = [];
      for (const { kind, original } of replacedInText) {
        if (!screened.includes(original)) continue;
        screened = screened.split(original).join(SENSITIVE_KIND_PLACEHOLDERS[kind]);
        alsoRedacted.push(kind);
      }
      return {
        value: screened,
        redactions: union([outcome.redactions, alsoRedacted]),
        refused: outcome.refused,
      };
    }
    if (Array.isArray(value)) {
      const parts = await Promise.all(value.map((item) => this.screenValue(item, policy, replacedInText)));
      return {
        value: parts.map((part) => part.value),
        redactions: union(parts.map((part) => part.redactions)),
        refused: union(parts.map((part) => part.refused)),
      };
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      const parts = await Promise.all(
        entries.map(([, item]) => this.screenValue(item, policy, replacedInText)),
      );
      return {
        value: Object.fromEntries(entries.map(([key], index) => [key, parts[index]?.value])),
        redactions: union(parts.map((part) => part.redactions)),
        refused: union(parts.map((part) => part.refused)),
      };
    }
    return { value, redactions: [], refused: [] };
  }
}
