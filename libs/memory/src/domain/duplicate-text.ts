import { createHash } from 'node:crypto';

/**
 * What two memory texts must share to be the same memory written twice: the words and numbers, in order,
 * whatever their case, spacing and punctuation ("I live in Paris." = "i live in  paris!"). Apostrophes
 * join ("I'm" = "Im"); every other punctuation mark or symbol separates, like a space.
 */
export function duplicateKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();
}

/**
 * A short fingerprint of `duplicateKey(text)`, stored beside each memory so the duplicate check of a write
 * is one indexed lookup instead of a search. Equal keys give equal fingerprints; a caller compares the keys
 * of what it finds, so a fingerprint shared by two different keys costs a row read, never a wrong answer.
 */
export function duplicateFingerprint(text: string): string {
  return fingerprintOfKey(duplicateKey(text));
}

/** `duplicateFingerprint` of a text whose `duplicateKey` the caller holds already. */
export function fingerprintOfKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}
