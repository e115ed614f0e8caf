import { sentencesOf } from './chunker.js';

export interface SummaryOptions {
  /** Most sentences in the summary. */
  readonly sentences: number;
  /** Longest summary, in characters. */
  readonly maxLength: number;
}

const STOP_WORDS = new Set(
  'a an and are as at be been but by for from has have he her his i in is it its of on or our she so that the their them they this to was we were what when which who will with you your not no do does did can could would should there here than then into about over also just more most such only other some any each all'.split(
    ' ',
  ),
);
/** Sentences ranked at most (the first ones of a long file): TextRank is quadratic in sentences. */
const MAX_SENTENCES = 200;

function termVector(sentence: string): Map<string, number> {
  const vector = new Map<string, number>();
  for (const word of sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    vector.set(word, (vector.get(word) ?? 0) + 1);
  }
  return vector;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, weight] of a) {
    na += weight * weight;
    const other = b.get(term);
    if (other) dot += weight * other;
  }
  for (const weight of b.values()) nb += weight * weight;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * An extractive summary: TextRank (PageRank over the sentence-similarity graph, cosine of the sentences'
 * term vectors) picks the most central sentences, given back in the file's order.
 */
export function extractiveSummary(text: string, options: SummaryOptions): string {
  const sentences = sentencesOf(text.replace(/\s+/g, ' '))
    .map((s) => s.trim())
    .filter((s) => s.length >= 20 && /\p{L}/u.test(s))
    .slice(0, MAX_SENTENCES);
  if (sentences.length === 0) return text.replace(/\s+/g, ' ').trim().slice(0, options.maxLength);
  const vectors = sentences.map(termVector);
  const n = sentences.length;
  const weights = vectors.map((a, i) => vectors.map((b, j) => (i === j ? 0 : cosine(a, b))));
  const outSums = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < 30; iteration++) {
    scores = scores.map((_, i) => {
      let incoming = 0;
      for (let j = 0; j < n; j++) {
        const w = weights[j]?.[i] ?? 0;
        const out = outSums[j] ?? 0;
        if (w && out) incoming += (w / out) * (scores[j] ?? 0);
      }
      return 0.15 / n + 0.85 * incoming;
    });
  }
  // Ties (no shared words anywhere) keep the earliest sentences.
  const ranked = scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen: number[] = [];
  let length = 0;
  for (const { i } of ranked) {
    if (chosen.length >= options.sentences) break;
    const sentence = sentences[i] ?? '';
    if (length + sentence.length > options.maxLength && chosen.length > 0) continue;
    chosen.push(i);
    length += sentence.length + 1;
  }
  const summary = chosen
    .sort((a, b) => a - b)
    .map((i) => sentences[i])
    .join(' ');
  return summary.slice(0, options.maxLength);
}
