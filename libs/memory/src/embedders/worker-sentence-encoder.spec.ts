import { describe, expect, it } from '@jest/globals';
import { WorkerSentenceEncoder } from './worker-sentence-encoder.js';

/** A sentence thread that records what it is posted and answers each text's length as its vector. */
function countingThread() {
  const posted: string[][] = [];
  const pending: Array<() => void> = [];
  let held = false;
  return {
    posted,
    running: true,
    /** Holds the thread's answers until `release` (a query still being encoded). */
    hold: () => (held = true),
    release: () => {
      held = false;
      for (const answer of pending.splice(0)) answer();
    },
    sentences: (texts: readonly string[]): Promise<Float32Array[]> => {
      posted.push([...texts]);
      const vectors = texts.map((text) => Float32Array.of(text.length));
      if (!held) return Promise.resolve(vectors);
      return new Promise((resolve) => pending.push(() => resolve(vectors)));
    },
  };
}

describe('WorkerSentenceEncoder', () => {
  it("takes a memory's vector from a query of the same text, and posts the thread only the others", async () => {
    const thread = countingThread();
    const encoder = new WorkerSentenceEncoder(thread);
    // A chat's learning searches for a fact's text, then stores the fact: its text is encoded once.
    const query = await encoder.encodeQuery("User's favorite food is dish number 37.");
    const [other, fact, last] = await encoder.encode([
      'User lives in Porto.',
      "User's favorite food is dish number 37.",
      'User has a cat named Tom.',
    ]);
    expect(thread.posted).toEqual([
      ["User's favorite food is dish number 37."],
      ['User lives in Porto.', 'User has a cat named Tom.'],
    ]);
    expect(fact).toBe(query);
    expect([other?.[0], last?.[0]]).toEqual([
      'User lives in Porto.'.length,
      'User has a cat named Tom.'.length,
    ]);
    // Every text known: nothing is posted.
    expect(await encoder.encode(["User's favorite food is dish number 37."])).toEqual([query]);
    expect(thread.posted).toHaveLength(2);
  });

  it('shares a query still being encoded with the searches and texts that ask for it meanwhile', async () => {
    const thread = countingThread();
    const encoder = new WorkerSentenceEncoder(thread);
    thread.hold();
    const first = encoder.encodeQuery('Which cities with good food did I visit?');
    const second = encoder.encodeQuery('Which cities with good food did I visit?');
    const texts = encoder.encode(['Which cities with good food did I visit?']);
    thread.release();
    const [a, b, [c]] = await Promise.all([first, second, texts]);
    expect(thread.posted).toEqual([['Which cities with good food did I visit?']]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('encodes a query again after a failed encoding', async () => {
    const thread = countingThread();
    let fail = true;
    const encoder = new WorkerSentenceEncoder({
      running: true,
      sentences: (texts) => (fail ? Promise.reject(new Error('worker died')) : thread.sentences(texts)),
    });
    await expect(encoder.encodeQuery('What tea do I like?')).rejects.toThrow('worker died');
    fail = false;
    expect(Array.from(await encoder.encodeQuery('What tea do I like?'))).toEqual([
      'What tea do I like?'.length,
    ]);
    expect(thread.posted).toEqual([['What tea do I like?']]);
  });
});
