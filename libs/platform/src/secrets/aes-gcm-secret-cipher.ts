import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { type SecretCipher, UnopenableSecretError } from './secret-cipher.js';

const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Fixed and public: HKDF's salt (per purpose) and info only separate one use of an operator's secret from any
// other. Provider keys were the first purpose; its salt and key-id label keep their original values.
const DEFAULT_PURPOSE = 'provider-keys';
const HKDF_INFO = 'aes-256-gcm';

interface EncryptionKey {
  readonly id: string;
  readonly key: Buffer;
}

/**
 * The 256-bit key derived from an operator secret (HKDF-SHA256), and its id: a fingerprint of the key (an
 * HMAC under the key itself), so two different secrets never share an id and no id has to be configured.
 */
export function deriveEncryptionKey(secret: string, purpose = DEFAULT_PURPOSE): EncryptionKey {
  const salt = `membolt/${purpose}`;
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), salt, HKDF_INFO, 32));
  const id = createHmac('sha256', key).update(`membolt ${purpose} key id`).digest('hex').slice(0, 12);
  return { id, key };
}

/**
 * AES-256-GCM with a random 96-bit IV per value. The sealed form is
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts), so a value names the key that sealed it: after a
 * rotation, values sealed under a previous key still open (with the previous secrets configured) and are
 * sealed again under the current key when next read.
 */
export class AesGcmSecretCipher implements SecretCipher {
  private readonly current: EncryptionKey;
  private readonly byId: ReadonlyMap<string, EncryptionKey>;

  /** `purpose` separates the keys derived for one use (provider keys, webhook secrets) from another's. */
  constructor(currentSecret: string, previousSecrets: readonly string[] = [], purpose = DEFAULT_PURPOSE) {
    this.current = deriveEncryptionKey(currentSecret, purpose);
    const keys = [this.current, ...previousSecrets.map((secret) => deriveEncryptionKey(secret, purpose))];
    this.byId = new Map(keys.map((key) => [key.id, key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT_VERSION, this.current.id, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context: string): string {
    const [version, keyId, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== FORMAT_VERSION || !keyId || !iv || !tag || ciphertext === undefined || rest.length) {
      throw new UnopenableSecretError('not a sealed value');
    }
    const key = this.byId.get(keyId);
    if (!key)
      throw new UnopenableSecretError(`sealed under encryption key ${keyId}, which is not configured`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnopenableSecretError('authentication failed (altered, or sealed for another key or owner)');
    }
  }

  isSealedWithCurrentKey(sealed: string): boolean {
    return sealed.split('.')[1] === this.current.id;
  }
}
