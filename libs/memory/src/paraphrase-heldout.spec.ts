import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MEMORY_SEARCH_DEFAULT_THRESHOLD } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { readFileSync } from 'node:fs';
import type { MemoryChange, MemoryEvents } from './ports/memory-events.js';
import type { MemoryScope } from './domain/memory.js';
import {
  createTestMemoryService,
  openTestMemoryStore,
  type TestMemoryStore,
} from './testing/memory-service.fixture.js';

// Questions over facts that the relevance and the ranking were not tuned on (decision 186): each profile's
// facts are stored through the service in the embedded store with the offline embedder, as `npm start`
// runs, and every question searched as the web app does. The floors sit a little under what the engine
// reached when they were last raised (decisions 196 and 197: hit@1 0.557, hit@3 0.754, hit@10 0.852; at the
// default threshold 73.8% of the answerable questions keep their answer and 8 of 19 unanswerable ones return
// nothing, through the harness; `PARAPHRASE_HELDOUT_REPORT=1` prints this run's).
interface HeldOutSet {
  profiles: {
    id: string;
    facts: { id: string; text: string }[];
    questions: { id: string; text: string; answers: string[] }[];
  }[];
}
const heldOut = JSON.parse(
  readFileSync(new URL('./retrieval/testing/paraphrase-heldout.json', import.meta.url), 'utf8'),
) as HeldOutSet;

/** The events port: nothing listens in this spec, so changes are only counted. */
class CountedEvents implements MemoryEvents {
  changes = 0;
  async changed(_scope: MemoryScope, _change: MemoryChange, _ids: readonly string[]): Promise<void> {
    this.changes++;
  }
}

interface Judged {
  readonly question: string;
  readonly answerable: boolean;
  /** 1-based place of the first answer among the top 10 without a threshold; 0 when absent. */
  readonly rank: number;
  /** At the default threshold: an answer is kept (answerable), or nothing is (unanswerable). */
  readonly keptAnswer: boolean;
  readonly empty: boolean;
}

describe('search on the held-out paraphrase set (embedded store, offline embedder)', () => {
  let opened: TestMemoryStore;
  const judged: Judged[] = [];

  beforeAll(async () => {
    const dimension = 1536;
    opened = openTestMemoryStore('paraphrase-heldout', dimension);
    const clock = new TestClock(Date.UTC(2026, 10, 23, 12));
    const memory = createTestMemoryService({
      store: opened.store,
      linker: opened.linker,
      clock,
      events: new CountedEvents(),
      dimension,
    });
    for (const profile of heldOut.profiles) {
      const textOf = new Map<string, string>();
      for (const fact of profile.facts) {
        const stored = await memory.create(profile.id, { text: fact.text });
        textOf.set(stored.id, fact.id);
        clock.advance(60_000);
      }
      for (const question of profile.questions) {
        const ranked = await memory.search(profile.id, { query: question.text, limit: 10 });
        const kept = await memory.search(profile.id, {
          query: question.text,
          limit: 10,
          threshold: MEMORY_SEARCH_DEFAULT_THRESHOLD,
        });
        const answers = new Set(question.answers);
        const isAnswer = (id: string) => answers.has(textOf.get(id) ?? '');
        judged.push({
          question: question.text,
          answerable: answers.size > 0,
          rank: ranked.results.findIndex((hit) => isAnswer(hit.memory.id)) + 1,
          keptAnswer: kept.results.some((hit) => isAnswer(hit.memory.id)),
          empty: kept.results.length === 0,
        });
      }
    }
  }, 600_000);

  afterAll(async () => {
    await opened.close();
  });

  const answerable = () => judged.filter((j) => j.answerable);
  const unanswerable = () => judged.filter((j) => !j.answerable);
  const share = (rows: Judged[], test: (j: Judged) => boolean) => rows.filter(test).length / rows.length;

  it('holds at least sixty questions, about a quarter of them without an answer', () => {
    expect(judged.length).toBeGreaterThanOrEqual(60);
    expect(unanswerable().length / judged.length).toBeGreaterThanOrEqual(0.2);
  });

  it('ranks the answer first, in the top 3 and in the top 10 often enough', () => {
    const at = (k: number) => share(answerable(), (j) => j.rank > 0 && j.rank <= k);
    if (process.env.PARAPHRASE_HELDOUT_REPORT)
      process.stderr.write(
        `held-out: hit@1 ${at(1).toFixed(3)} hit@3 ${at(3).toFixed(3)} hit@10 ${at(10).toFixed(3)}, ` +
          `kept ${share(answerable(), (j) => j.keptAnswer).toFixed(3)}, ` +
          `empty ${unanswerable().filter((j) => j.empty).length}/${unanswerable().length}\n`,
      );
    expect(at(1)).toBeGreaterThanOrEqual(0.5);
    expect(at(3)).toBeGreaterThanOrEqual(0.7);
    expect(at(10)).toBeGreaterThanOrEqual(0.8);
  });

  it('returns nothing for most unanswerable questions while keeping most answers at the default threshold', () => {
    expect(share(answerable(), (j) => j.keptAnswer)).toBeGreaterThanOrEqual(0.68);
    expect(unanswerable().filter((j) => j.empty).length).toBeGreaterThanOrEqual(7);
  });
});
