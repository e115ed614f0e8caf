/** Who may own keys: identity decides (over the bus), since keys holds no accounts of its own. */
export interface KeyOwners {
  /** True when the account exists and is not being deleted. */
  isActive(userId: string): Promise<boolean>;
}

export const KEY_OWNERS = Symbol('KEY_OWNERS');

/** Tells every gateway replica that keys stopped authenticating, so no cache keeps accepting them. */
export interface KeyRevocationNotifier {
  /** `keyIds` empty: every key of the user. */
  revoked(userId: string, keyIds: readonly string[]): Promise<void>;
}

export const KEY_REVOCATION_NOTIFIER = Symbol('KEY_REVOCATION_NOTIFIER');
