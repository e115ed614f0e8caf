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
