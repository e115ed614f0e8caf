/**
 * A scope's keyword postings and FTS5's bm25() over them: the data the keyword index holds per scope and
 * the maths of scoring a query against it, free of SQL, tokenizing and the scope's lifecycle.
 */

/** FTS5's bm25() constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;
/**
 * MaxScore switches to looking the remaining words up in the touched documents (a bisection of each word's
 * posting list per document, ~4x the cost of walking one entry) when their posting lists hold more than
 * this many entries per touched document.
 */
const LOOKUP_INSTEAD_OF_WALK = 4;
/** Dead documents tolerated (when they also outnumber the live ones) before posting lists are compacted. */
const COMPACT_AFTER_DEAD = 1000;

/** A growable posting list: documents (internal numbers) and their weighted term frequencies. */
export interface Posting {
  docs: Int32Array;
  freqs: Float32Array;
  length: number;
  /** Live documents holding the term (dead entries stay in `docs` until compaction). */
  df: number;
  /** The highest weighted frequency ever added (an upper bound: removals leave it). */
  maxFreq: number;
}

/**
 * A scope's documents (one per memory, numbered as they are added) and the posting list of each term. The
 * per-document figures are columns of typed arrays that grow by doubling, not an array or object per
 * document: at 100k memories a small `Int32Array` of term ids per document alone held ~24 MB of heap (~240
 * bytes each, mostly the typed array's own header), the same ids packed one after another ~4 MB.
 */
export interface ScopePostings {
  postings: Map<number, Posting>;
  /** Documents added so far, live and dead: the next document's number. */
  docs: number;
  /** doc -> memory seq, -1 once the document is dead (deleted or replaced by a newer text). */
  docSeq: Float64Array;
  docLength: Int32Array;
  /**
   * The term ids each document holds (to keep df right when it dies), packed: document d's are
   * `termIds[termStart[d]]` up to `termIds[termStart[d + 1]]` (exclusive); `termStart[docs]` is the first free slot.
   */
  termIds: Int32Array;
  termStart: Int32Array;
  /** The shortest document ever added (an upper bound's input: removals leave it). */
  minLength: number;
  seqDoc: Map<number, number>;
  live: number;
  dead: number;
  totalLength: number;
}

export function emptyPostings(): ScopePostings {
  return {
    postings: new Map(),
    docs: 0,
    docSeq: new Float64Array(16),
    docLength: new Int32Array(16),
    termIds: new Int32Array(64),
    termStart: new Int32Array(17),
    minLength: Number.POSITIVE_INFINITY,
    seqDoc: new Map(),
    live: 0,
    dead: 0,
    totalLength: 0,
  };
}

/** `array` with room for at least `size` entries: itself, or a copy at least twice as long. */
function withRoom<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}

/** The term ids of document `doc` (a view: valid until the next add or compaction). */
export function termsOf(entry: ScopePostings, doc: number): Int32Array {
  return entry.termIds.subarray(entry.termStart[doc]!, entry.termStart[doc + 1]!);
}

/** Adds the memory `seq` as a new document with its terms' weighted frequencies; answers its number. */
export function addDocument(
  entry: ScopePostings,
  seq: number,
  freqs: ReadonlyMap<number, number>,
  length: number,
): number {
  const doc = entry.docs++;
  entry.docSeq = withRoom(entry.docSeq, entry.docs);
  entry.docLength = withRoom(entry.docLength, entry.docs);
  entry.termStart = withRoom(entry.termStart, entry.docs + 1);
  entry.docSeq[doc] = seq;
  entry.docLength[doc] = length;
  let end = entry.termStart[doc]!;
  entry.termIds = withRoom(entry.termIds, end + freqs.size);
  for (const term of freqs.keys()) entry.termIds[end++] = term;
  entry.termStart[doc + 1] = end;
  entry.minLength = Math.min(entry.minLength, length);
  entry.seqDoc.set(seq, doc);
  entry.live++;
  entry.totalLength += length;
  for (const [term, freq] of freqs) {
    let posting = entry.postings.get(term);
    if (!posting) {
      posting = { docs: new Int32Array(4), freqs: new Float32Array(4), length: 0, df: 0, maxFreq: 0 };
      entry.postings.set(term, posting);
    }
    if (posting.length === posting.docs.length) {
      const docs = new Int32Array(posting.length * 2);
      docs.set(posting.docs);
      const grown = new Float32Array(posting.length * 2);
      grown.set(posting.freqs);
      posting.docs = docs;
      posting.freqs = grown;
    }
    posting.docs[posting.length] = doc;
    posting.freqs[posting.length] = freq;
    posting.length++;
    posting.df++;
    posting.maxFreq = Math.max(posting.maxFreq, freq);
  }
  return doc;
}

/** Kills the document of the memory `seq`, if it has one; answers its number. */
export function removeDocument(entry: ScopePostings, seq: number): number | undefined {
  const doc = entry.seqDoc.get(seq);
  if (doc === undefined) return undefined;
  entry.seqDoc.delete(seq);
  entry.docSeq[doc] = -1;
  entry.live--;
  entry.dead++;
  entry.totalLength -= entry.docLength[doc]!;
  for (const term of termsOf(entry, doc)) {
    const posting = entry.postings.get(term);
    if (posting && --posting.df === 0) entry.postings.delete(term);
  }
  if (entry.dead > COMPACT_AFTER_DEAD && entry.dead > entry.live) compact(entry);
  return doc;
}

/**
 * Drops dead documents' entries from every posting list and their term ids from the packed ids (documents
 * keep their numbers; a dead one holds no terms).
 */
function compact(entry: ScopePostings): void {
  for (const posting of entry.postings.values()) {
    let kept = 0;
    for (let i = 0; i < posting.length; i++) {
      if (entry.docSeq[posting.docs[i]!]! >= 0) {
        posting.docs[kept] = posting.docs[i]!;
        posting.freqs[kept] = posting.freqs[i]!;
        kept++;
      }
    }
    posting.length = kept;
  }
  let end = 0;
  for (let doc = 0; doc < entry.docs; doc++) {
    const from = entry.termStart[doc]!;
    const to = entry.termStart[doc + 1]!;
    entry.termStart[doc] = end;
    if (entry.docSeq[doc]! >= 0) {
      entry.termIds.copyWithin(end, from, to);
      end += to - from;
    }
  }
  entry.termStart[entry.docs] = end;
  entry.dead = 0;
}

/** A query word's share of a document's bm25 (FTS5's formula). */
function bm25Term(idf: number, freq: number, length: number, avgLength: number): number {
  return (idf * (freq * (K1 + 1))) / (freq + K1 * (1 - B + (B * length) / avgLength));
}

/**
 * The query's terms with their weight (IDF in the scope, times how many of the query's words share the term)
 * and the most each can add to a document, largest first.
 */
function queryTerms(entry: ScopePostings, termCounts: ReadonlyMap<number, number>, avgLength: number) {
  return [...termCounts]
    .map(([id, count]) => {
      const posting = entry.postings.get(id)!;
      // FTS5's bm25() sums over the query's phrases: "dogs" and "dog" (one Porter term) count twice.
      const idf = count * Math.max(1e-6, Math.log((entry.live - posting.df + 0.5) / (posting.df + 0.5)));
      // bm25 grows with the frequency and falls with the length.
      const bound = bm25Term(idf, posting.maxFreq, entry.minLength, avgLength);
      return { posting, idf, bound };
    })
    .sort((a, b) => b.bound - a.bound);
}

/**
 * One scratch score per document, shared by the queries of every scope (one runs at a time): `score` fills
 * the touched documents' scores, `clear` must put them back to zero once the query is answered.
 */
export class Bm25Scores {
  private scores = new Float64Array(1024);

  of(doc: number): number {
    return this.scores[doc]!;
  }

  clear(touched: readonly number[]): void {
    for (const doc of touched) this.scores[doc] = 0;
  }

  /**
   * Accumulates bm25 per document; answers the documents touched, and whether every document holding a
   * query word is among them. Words are taken rarest first (by the most each can add), and once the
   * `wanted`-th best score so far is above what the remaining words could add together (MaxScore), no
   * untouched document can reach the best `wanted`: the remaining words are looked up in the touched
   * documents instead of walking their long posting lists ("where did Dana move": ~250 documents of "dana"
   * instead of ~17k of "move" in a scope of 100k). The best `wanted` and their scores are exactly the full
   * pass's.
   */
  score(
    entry: ScopePostings,
    termCounts: ReadonlyMap<number, number>,
    wanted: number,
  ): { touched: number[]; complete: boolean } {
    if (this.scores.length < entry.docs) this.scores = new Float64Array(entry.docs * 2);
    const scores = this.scores;
    const touched: number[] = [];
    // No closure over these locals: V8 would keep them in a heap context and read them there in the loops.
    const avgLength = entry.totalLength / entry.live;
    const terms = queryTerms(entry, termCounts, avgLength);
    let restBound = terms.reduce((sum, term) => sum + term.bound, 0);
    let restPostings = terms.reduce((sum, term) => sum + term.posting.length, 0);
    let next = 0;
    let complete = true;
    while (next < terms.length) {
      const { posting, idf, bound } = terms[next++]!;
      restBound -= bound;
      restPostings -= posting.length;
      // The hot loop, written out: a call per entry (even to bm25Term) measured ~25 % slower.
      for (let i = 0; i < posting.length; i++) {
        const doc = posting.docs[i]!;
        if (entry.docSeq[doc]! < 0) continue;
        const f = posting.freqs[i]!;
        const s = (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * entry.docLength[doc]!) / avgLength));
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] += s;
      }
      if (
        next < terms.length &&
        touched.length >= wanted &&
        restPostings > LOOKUP_INSTEAD_OF_WALK * touched.length &&
        this.scoreAtRank(touched, wanted) > restBound
      ) {
        complete = false;
        break;
      }
    }
    if (next < terms.length) {
      // Posting lists are in document order (documents are numbered as they are added): each remaining word's
      // list is searched for the touched documents in that order, by bisection from the last one found.
      const docs = Int32Array.from(touched).sort();
      for (; next < terms.length; next++) {
        const { posting, idf } = terms[next]!;
        let from = 0;
        for (const doc of docs) {
          let to = posting.length;
          while (from < to) {
            const mid = (from + to) >>> 1;
            if (posting.docs[mid]! < doc) from = mid + 1;
            else to = mid;
          }
          if (from === posting.length) break;
          if (posting.docs[from] !== doc) continue;
          const f = posting.freqs[from]!;
          scores[doc] += bm25Term(idf, f, entry.docLength[doc]!, avgLength);
        }
      }
    }
    return { touched, complete };
  }

  /** The `count` best touched documents, best first (a bounded min-heap: one pass, no full sort). */
  best(touched: readonly number[], count: number): number[] {
    const scores = this.scores;
    const heap: number[] = [];
    const less = (a: number, b: number): boolean =>
      scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
    const down = (i: number): void => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    for (const doc of touched) {
      if (heap.length < count) {
        heap.push(doc);
        for (let i = heap.length - 1; i > 0;) {
          const parent = (i - 1) >> 1;
          if (!less(heap[i]!, heap[parent]!)) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (less(heap[0]!, doc)) {
        heap[0] = doc;
        down(0);
      }
    }
    return heap.sort((a, b) => (less(a, b) ? 1 : less(b, a) ? -1 : 0));
  }

  /** The score of the `rank`-th best touched document (1-based). */
  private scoreAtRank(touched: readonly number[], rank: number): number {
    const best = this.best(touched, rank);
    return this.scores[best[best.length - 1]!]!;
  }
}
