import { type EmbeddedDatabase, openScratchDatabase } from '@membolt/embedded-store';
import { FTS5_TOKENIZE } from '../../retrieval/keyword-index.js';

/** Query words whose tokens are remembered (a user asks about the same names again and again). */
const QUERY_TOKEN_CACHE = 10_000;

/** One token instance of the scratch table: term, row number, column name. */
export type ScratchToken = [term: string, doc: number, col: string];

/**
 * FTS5's tokens, and a number for each term: text goes through a scratch in-memory FTS5 table with the
 * store's tokenizer and is read back from its fts5vocab table, so the keyword index and FTS5 match exactly
 * the same words.
 */
export class Fts5Tokens {
  private readonly terms = new Map<string, number>();
  private readonly tokenizer: EmbeddedDatabase;
  private readonly scratchInsert;
  private readonly scratchTokens;
  private readonly scratchBegin;
  private readonly scratchRollback;
  private readonly queryTokens = new Map<string, string[]>();

  constructor() {
    this.tokenizer = openScratchDatabase();
    this.tokenizer.exec(
      `CREATE VIRTUAL TABLE scratch USING fts5(text, keyword_context, tokenize='${FTS5_TOKENIZE}');
       CREATE VIRTUAL TABLE scratch_tokens USING fts5vocab(scratch, 'instance');`,
    );
    this.scratchInsert = this.tokenizer.prepare<[number, string, string | null]>(
      'INSERT INTO scratch (rowid, text, keyword_context) VALUES (?, ?, ?)',
    );
    this.scratchTokens = this.tokenizer
      .prepare<[], ScratchToken>('SELECT term, doc, col FROM scratch_tokens')
      .raw(true);
    this.scratchBegin = this.tokenizer.prepare('BEGIN');
    this.scratchRollback = this.tokenizer.prepare('ROLLBACK');
  }

  /**
   * FTS5's tokens of each row ([term, row number from 1, column]), one per instance: the rows go into the
   * scratch table inside a transaction that is rolled back, so FTS5 never writes their segments (a commit
   * and a delete cost ~40 % more).
   */
  ofRows(rows: ReadonlyArray<{ text: string; keyword_context: string | null }>): ScratchToken[] {
    this.scratchBegin.run();
    try {
      rows.forEach((row, i) => this.scratchInsert.run(i + 1, row.text, row.keyword_context));
      return this.scratchTokens.all();
    } finally {
      this.scratchRollback.run();
    }
  }

  ofWord(word: string): string[] {
    const cached = this.queryTokens.get(word);
    if (cached) return cached;
    const tokens = this.ofRows([{ text: word, keyword_context: null }]).map(([term]) => term);
    if (this.queryTokens.size >= QUERY_TOKEN_CACHE) this.queryTokens.clear();
    this.queryTokens.set(word, tokens);
    return tokens;
  }

  /** The term's number, given on first sight. */
  termId(term: string): number {
    let id = this.terms.get(term);
    if (id === undefined) {
      id = this.terms.size;
      this.terms.set(term, id);
    }
    return id;
  }

  /** The term's number, if it was ever seen. */
  knownTermId(term: string): number | undefined {
    return this.terms.get(term);
  }

  close(): void {
    this.tokenizer.close();
  }
}
