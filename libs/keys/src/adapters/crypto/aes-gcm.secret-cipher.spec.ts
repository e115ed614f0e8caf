import { describe, expect, it } from '@jest/globals';
import { UnopenableSecretError } from '../../ports/secret-cipher.js';
import { AesGcmSecretCipher, deriveEncryptionKey } from './aes-gcm.secret-cipher.js';

const OLD_SECRET = 'old-operator-secret-0123456789abcdefghijklmnop';
const NEW_SECRET = 'new-operator-secret-0123456789abcdefghijklmnop';
const PLAINTEXT = 'sk-ant-api03-very-secret-key-Zx9Q';

const openError = (open: () => string): string => {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(UnopenableSecretError);
    return (error as Error).message;
  }
  throw new Error('expected the value not to open');
};

describe('AesGcmSecretCipher', () => {
  it('seals with a fresh IV each time, never in clear, and opens with the same context', () => {
    const cipher = new AesGcmSecretCipher(NEW_SECRET);
    const first = cipher.seal(PLAINTEXT, 'provider-key:u1:k1');
    const second = cipher.seal(PLAINTEXT, 'provider-key:u1:k1');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[0-9a-f]{12}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toContain(PLAINTEXT);
    expect(Buffer.from(first.split('.')[4] ?? '', 'base64url').toString('utf8')).not.toContain('secret');
    expect(cipher.open(first, 'provider-key:u1:k1')).toBe(PLAINTEXT);
    expect(cipher.open(second, 'provider-key:u1:k1')).toBe(PLAINTEXT);
  });

  it('refuses a value opened for another owner or key (the context is authenticated)', () => {
    const cipher = new AesGcmSecretCipher(NEW_SECRET);
    const sealed = cipher.seal(PLAINTEXT, 'provider-key:u1:k1');
    expect(openError(() => cipher.open(sealed, 'provider-key:u2:k1'))).toContain('authentication failed');
    expect(openError(() => cipher.open(sealed, 'provider-key:u1:k2'))).toContain('authentication failed');
  });

  it('refuses an altered ciphertext, tag or IV, and a malformed value', () => {
    const cipher = new AesGcmSecretCipher(NEW_SECRET);
    const parts = cipher.seal(PLAINTEXT, 'c').split('.');
    for (const index of [2, 3, 4]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      altered[index] = bytes.toString('base64url');
      expect(openError(() => cipher.open(altered.join('.'), 'c'))).toContain('authentication failed');
    }
    expect(openError(() => cipher.open('not sealed', 'c'))).toContain('not a sealed value');
    expect(openError(() => cipher.open(`v2.${parts.slice(1).join('.')}`, 'c'))).toContain(
      'not a sealed value',
    );
  });

  it('does not open a value sealed under a secret it was not given', () => {
    const sealed = new AesGcmSecretCipher(OLD_SECRET).seal(PLAINTEXT, 'c');
    const message = openError(() => new AesGcmSecretCipher(NEW_SECRET).open(sealed, 'c'));
    expect(message).toContain(
      `encryption key ${deriveEncryptionKey(OLD_SECRET).id}, which is not configured`,
    );
  });

  it('rotates: values sealed under a previous secret open, and are known not to use the current key', () => {
    const old = new AesGcmSecretCipher(OLD_SECRET);
    const sealedBefore = old.seal(PLAINTEXT, 'c');
    const rotated = new AesGcmSecretCipher(NEW_SECRET, [OLD_SECRET]);
    expect(rotated.open(sealedBefore, 'c')).toBe(PLAINTEXT);
    expect(rotated.isSealedWithCurrentKey(sealedBefore)).toBe(false);
    const sealedAfter = rotated.seal(PLAINTEXT, 'c');
    expect(rotated.isSealedWithCurrentKey(sealedAfter)).toBe(true);
    expect(sealedAfter.split('.')[1]).toBe(rotated.currentKeyId);
    expect(new AesGcmSecretCipher(NEW_SECRET).open(sealedAfter, 'c')).toBe(PLAINTEXT);
  });

  it('derives the same key id from the same secret and different ids from different secrets', () => {
    expect(deriveEncryptionKey(NEW_SECRET).id).toBe(deriveEncryptionKey(NEW_SECRET).id);
    expect(deriveEncryptionKey(NEW_SECRET).id).not.toBe(deriveEncryptionKey(OLD_SECRET).id);
    expect(deriveEncryptionKey(NEW_SECRET).key).toHaveLength(32);
  });
});
