import { createHash, randomInt } from 'node:crypto';
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
} from '@membolt/contracts';

/** The 62 characters of the random part: [A-Za-z0-9]. */
export const API_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new key: `mblt_` + 32 characters drawn uniformly from the alphabet. `randomInt` is the CSPRNG's unbiased
 * integer draw (it rejects out-of-range bytes instead of taking a modulo), so every character is equally likely:
 * 32 x log2(62) = 190 bits of entropy.
 */
export function generateApiKeySecret(draw: (max: number) => number = randomInt): string {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += API_KEY_ALPHABET[draw(API_KEY_ALPHABET.length)];
  return `${API_KEY_PREFIX}${random}`;
}

/**
 * The stored form of a key. A plain SHA-256 is enough here (no salt, no slow KDF): the secret has 190 bits of
 * entropy, so there is nothing to brute-force, and an unsalted digest can be looked up by index.
 */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function displayPrefixOf(secret: string): string {
  return secret.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);
}

export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}
