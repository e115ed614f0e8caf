/**
 * The one tokenizer of retrieval: the offline embedder, the query analysis and the benchmark harness's BM25
 * all cut text the same way, so a word the embedder saw is a word the keyword index can match.
 */

/** English stop words: function words that carry no topic (the list of the LoCoMo baseline, widened). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before being below ' +
    'between both but by can cannot could couldn did didn do does doesn doing don down during each few for ' +
    'from further had hadn has hasn have haven having he her here hers herself him himself his how i if in ' +
    'into is isn it its itself just let me more most mustn my myself no nor not of off on once only or other ' +
    'ought our ours ourselves out over own same shan she should shouldn so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up very was wasn ' +
    'we were weren what when where which while who whom why will with won would wouldn you your yours ' +
    'yourself yourselves s t d ll m re ve also get got gonna really yeah oh hey hi ok okay like'
  ).split(' '),
);

// Letters and digits of any script; an apostrophe inside a word is dropped ("don't" -> "dont").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const APOSTROPHE = /['’]/g;

/** Lowercased word tokens in order, stop words kept (bigrams and character n-grams need the sequence). */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    let word = match[0];
    // A possessive or contraction tail is noise for matching: "caroline's" -> "caroline".
    if (word.endsWith("'s") || word.endsWith('’s')) word = word.slice(0, -2);
    // Most words hold no apostrophe: a test of two characters costs less than a replace that finds none.
    out.push(word.includes("'") || word.includes('’') ? word.replace(APOSTROPHE, '') : word);
  }
  return out;
}

/** A lowercased word token that carries topic: not a stop word, not a single character. */
export const isContentWord = (word: string): boolean => word.length > 1 && !STOP_WORDS.has(word);

/** Lowercased content words: stop words and single characters removed. */
export function contentTokens(text: string): string[] {
  return wordTokens(text).filter(isContentWord);
}
