/** Thrown by `open` when a sealed value cannot be opened: unknown encryption key, tampering, wrong context. */
export class UnopenableSecretError extends Error {
  constructor(reason: string) {
    super(`The sealed secret cannot be opened: ${reason}`);
    this.name = 'UnopenableSecretError';
  }
}

/**
 * Authenticated encryption of small secrets at rest. `context` is bound to the sealed value (associated data):
 * opening with another context fails.
 */
export interface SecretCipher {
  seal(plaintext: string, context: string): string;
  /** Throws UnopenableSecretError. */
  open(sealed: string, context: string): string;
  /** False when the value was sealed under an older (rotated-out) encryption key and should be sealed again. */
  isSealedWithCurrentKey(sealed: string): boolean;
}

export const SECRET_CIPHER = Symbol('SECRET_CIPHER');
