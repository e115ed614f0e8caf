import type { PrivacyAction, SensitiveKind } from '@membolt/contracts';

/** Actions of some kinds: an account's whole policy, or the kinds one API key overrides. */
export type PolicyActions = Readonly<Partial<Record<SensitiveKind, PrivacyAction>>>;

/**
 * The write-time privacy policies of accounts (`keyId` null) and their API keys, and the count of redactions per
 * kind. Every method takes the account's user id.
 */
export interface PrivacyPolicyRepository {
  find(userId: string, keyId: string | null): Promise<PolicyActions | null>;
  save(userId: string, keyId: string | null, actions: PolicyActions, at: Date): Promise<void>;
  /** Removes a key's override (the key follows the account's policy again); false when it had none. */
  remove(userId: string, keyId: string): Promise<boolean>;
  /** The keys of the account that override its policy, with their overrides. */
  keyOverrides(userId: string): Promise<ReadonlyArray<{ keyId: string; actions: PolicyActions }>>;
  countRedactions(userId: string, kinds: readonly SensitiveKind[]): Promise<void>;
  redactionCounts(userId: string): Promise<Partial<Record<SensitiveKind, number>>>;
  /** Account deletion: the policies and counts. */
  deleteUser(userId: string): Promise<number>;
}
