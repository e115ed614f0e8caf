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
import type { PolicyOutcome, SensitiveDataScanner, SentenceCategories } from '@membolt/privacy';
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

/** What every text of one screening is read under. */
interface ScreeningContext {
  readonly policy: PrivacyPolicy;
  readonly userId: string;
  readonly classified: SentenceCategories;
}

/** The strings of a metadata value, however deep (the ones `screenValue` applies the policy to). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

const samePolicy = (a: PrivacyPolicy, b: PrivacyPolicy): boolean =>
  SENSITIVE_KINDS.every((kind) => a[kind] === b[kind]);

const union = (lists: ReadonlyArray<readonly SensitiveKind[]>): SensitiveKind[] => {
  // Most writes redact nothing: no set is built for them (a batch screens 1,000).
  if (lists.every((list) => list.length === 0)) return [];
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
    screenedUnder?: PrivacyPolicy,
  ): Promise<ScreenedWrite[]> {
    const policy = await this.actingPolicy(userId);
    // Writes screened before under this same policy come out of a second screening as they went in (a
    // placeholder holds nothing any kind matches), so they are not scanned again; their earlier redactions
    // travel with them.
    if (screenedUnder && samePolicy(screenedUnder, policy))
      return writes.map((write) => ({
        text: write.text,
        metadata: write.metadata,
        conversationTitle: write.conversationTitle,
        redactions: [],
      }));
    return this.screenUnder(userId, policy, writes);
  }

  /** Screens writes under the policy given (read with `actingPolicy`); refuses as `screen` does. */
  async screenUnder(
    userId: string,
    policy: PrivacyPolicy,
    writes: ReadonlyArray<{
      text: string;
      metadata?: Record<string, unknown> | undefined;
      conversationTitle?: string | undefined;
    }>,
  ): Promise<ScreenedWrite[]> {
    // Every string of the call is classified at once: one model call per call, not one per metadata value.
    const classified = await this.scanner.classifyAll(
      writes.flatMap((write) => [
        write.text,
        ...stringsOf(write.metadata),
        ...stringsOf(write.conversationTitle),
      ]),
      policy,
      userId,
    );
    const context: ScreeningContext = { policy, userId, classified };
    const screened: ScreenedWrite[] = [];
    const refused: SensitiveKind[][] = [];
    for (const write of writes) {
      const text = await this.scanner.apply(write.text, policy, userId, classified);
      const metadata =
        write.metadata === undefined
          ? undefined
          : await this.screenValue(write.metadata, context, text.replaced);
      const title =
        write.conversationTitle === undefined
          ? undefined
          : await this.screenValue(write.conversationTitle, context, text.replaced);
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

  /** The policy of a write made now: the account's, with the overrides of the acting key. */
  actingPolicy(userId: string): Promise<PrivacyPolicy> {
    return this.effectivePolicy(userId, requestContext.current()?.apiKeyId);
  }

  /** Counts what was stored redacted (one per kind per memory). */
  async countStored(userId: string, redactions: ReadonlyArray<readonly SensitiveKind[]>): Promise<void> {
    for (const kinds of redactions)
      if (kinds.length > 0) await this.store.privacyPolicies.countRedactions(userId, kinds);
  }

  /** Metadata is screened value by value: a fact's `value` repeats what its text says. */
  private async screenValue(
    value: unknown,
    context: ScreeningContext,
    replacedInText: PolicyOutcome['replaced'],
  ): Promise<{ value: unknown; redactions: SensitiveKind[]; refused: SensitiveKind[] }> {
    if (typeof value === 'string') {
      const outcome = await this.scanner.apply(value, context.policy, context.userId, context.classified);
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
      const parts = await Promise.all(value.map((item) => this.screenValue(item, context, replacedInText)));
      return {
        value: parts.map((part) => part.value),
        redactions: union(parts.map((part) => part.redactions)),
        refused: union(parts.map((part) => part.refused)),
      };
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      const parts = await Promise.all(
        entries.map(([, item]) => this.screenValue(item, context, replacedInText)),
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
