import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { analyzeQuery } from './query-analysis.js';
import {
  AVERAGE_WORD_CHARS,
  coverageOf,
  DEFAULT_RANKING_WEIGHTS,
  DEFAULT_RELEVANCE_THRESHOLD,
  DETAIL_FULL_WORDS,
  neighbourSources,
  type RankableMemory,
  rankCandidates,
  type RankingWeights,
  RELEVANCE_MODEL,
  RELEVANCE_MODEL_WITH_SENTENCES,
  relevanceOf,
  speakerPlace,
  whatItSays,
  withinSession,
} from './rank.js';

const now = new Date('2026-11-23T10:00:00.000Z');
// For the tests of other terms: "our dog" asks about a pet, and meaning and slots would add to every score.
// Meaning, slots and the relevance rerank off: the test is about another weight.
const NO_MEANING = { meaning: 0, slot: 0, relevance: 0 };

function memory(text: string, overrides: Partial<RankableMemory> = {}): RankableMemory {
  return {
    importance: 0.5,
    createdAt: Date.parse('2026-11-01T00:00:00.000Z'),
    validFrom: Date.parse('2026-11-01T00:00:00.000Z'),
    validTo: null,
    conversationId: null,
    text,
    slot: null,
    ...overrides,
  };
}

describe('rankCandidates', () => {
  const memories = new Map<string, RankableMemory>([
    ['a', memory('I moved to Paris for work')],
    ['b', memory('My cat likes tuna')],
    ['c', memory('Paris is lovely in spring')],
  ]);

  it('fuses dense and keyword scores, explains them, and keeps the limit', () => {
    const ranked = rankCandidates({
      analysis: analyzeQuery('where I moved to Paris', now),
      dense: [
        { id: 'a', score: 0.6 },
        { id: 'b', score: 0.1 },
      ],
      keyword: [
        { id: 'a', score: 3 },
        { id: 'c', score: 1.5 },
      ],
      concept: [],
      memories,
      now,
      limit: 2,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['a', 'c']);
    expect(ranked[0].scores.semantic).toBe(0.6);
    expect(ranked[0].scores.keyword).toBe(3);
    expect(ranked[0].scores.reasons[0]).toBe('matched words: moved, paris');
    expect(ranked[1].scores.semantic).toBeNull();
    expect(ranked[0].score).toBe(ranked[0].scores.final);
  });

  it('leaves out the candidates that match nothing: no keyword or concept hit, a cosine at the noise floor', () => {
    const input = {
      analysis: analyzeQuery('pizza', now),
      dense: [
        { id: 'a', score: 0.09 },
        { id: 'b', score: 0 },
        { id: 'c', score: -0.05 },
      ],
      keyword: [],
      concept: [],
      memories,
      now,
      limit: 10,
    };
    expect(rankCandidates(input)).toEqual([]);
    // Any real match brings its memory back, and only it.
    expect(
      rankCandidates({ ...input, dense: [...input.dense, { id: 'b', score: 0.3 }] }).map((c) => c.id),
    ).toEqual(['b']);
    expect(rankCandidates({ ...input, keyword: [{ id: 'c', score: 1 }] }).map((c) => c.id)).toEqual(['c']);
    expect(rankCandidates({ ...input, concept: [{ id: 'a' }] }).map((c) => c.id)).toEqual(['a']);
  });

  it('ranks the same without reasons when they are not asked for', () => {
    const input = {
      analysis: analyzeQuery('where I moved to Paris', now),
      dense: [{ id: 'a', score: 0.6 }],
      keyword: [{ id: 'c', score: 1.5 }],
      concept: [],
      memories,
      now,
      limit: 2,
    };
    const explained = rankCandidates(input);
    const bare = rankCandidates({ ...input, reasons: false });
    // Without reasons, neither the relevance (the words are not read): the order and scores are the same.
    expect(bare).toEqual(
      explained.map((c) => ({ ...c, relevance: 0, scores: { ...c.scores, coverage: 0, reasons: [] } })),
    );
    expect(explained[0]?.scores.reasons.length).toBeGreaterThan(0);
  });

  it('lets importance order near-ties', () => {
    const tied = new Map<string, RankableMemory>([
      ['low', memory('same text', { importance: 0.1 })],
      ['high', memory('same text', { importance: 0.9 })],
    ]);
    const ranked = rankCandidates({
      analysis: analyzeQuery('same text', now),
      dense: [
        { id: 'low', score: 0.5 },
        { id: 'high', score: 0.5 },
      ],
      keyword: [],
      concept: [],
      memories: tied,
      now,
      limit: 10,
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['high', 'low']);
    expect(ranked[0].scores.reasons).toContain('high importance');
  });

  it('leaves closed facts out unless the query names a time they held in', () => {
    const lived = new Map<string, RankableMemory>([
      [
        'old',
        memory('I live in Lyon', {
          validFrom: Date.parse('2022-03-01T00:00:00.000Z'),
          validTo: Date.parse('2024-02-01T00:00:00.000Z'),
        }),
      ],
      ['new', memory('I live in Nantes', { validFrom: Date.parse('2024-02-01T00:00:00.000Z') })],
    ]);
    const search = (query: string) =>
      rankCandidates({
        analysis: analyzeQuery(query, now),
        dense: [
          { id: 'old', score: 0.5 },
          { id: 'new', score: 0.5 },
        ],
        keyword: [],
        concept: [],
        memories: lived,
        now,
        limit: 10,
      });
    expect(search('where do I live').map((candidate) => candidate.id)).toEqual(['new']);
    const past = search('where did I live in 2023?');
    expect(past[0].id).toBe('old');
    expect(past[0].scores.timeMatch).toBe(true);
  });

  it('counts a concept link and skips ids it has no memory for', () => {
    const ranked = rankCandidates({
      analysis: analyzeQuery('tell me about Paris', now),
      dense: [{ id: 'gone', score: 0.9 }],
      keyword: [],
      concept: [{ id: 'c' }],
      memories,
      now,
      limit: 10,
      weights: { fusion: 'rrf' },
    });
    expect(ranked.map((candidate) => candidate.id)).toEqual(['c']);
    expect(ranked[0].scores.conceptMatch).toBe(true);
  });

  it('lifts the answer that follows a matching question in the same conversation', () => {
    const turns = new Map<string, RankableMemory>([
      [
        'q',
        memory('Melanie: What gave you the idea for all the colors and patterns?', { conversationId: 'c1' }),
      ],
      [
        'a',
        memory("Caroline: I'm obsessed with those, I wanted to catch the eye and make people smile.", {
          conversationId: 'c1',
        }),
      ],
      ['x', memory('Caroline: patterns are fun', { conversationId: 'c2' })],
    ]);
    const search = (withNeighbours: boolean) =>
      rankCandidates({
        analysis: analyzeQuery('Why did Caroline use colors and patterns?', now),
        dense: [
          { id: 'q', score: 0.6 },
          { id: 'x', score: 0.3 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        neighbours: withNeighbours ? new Map([['q', { previous: [], next: ['a'] }]]) : undefined,
        now,
        limit: 3,
        // Neighbours alone: the speaker bonus would lift Caroline's turns whatever their neighbours, and the
        // detail and question terms would lift the long answer over the question.
        weights: { speaker: 0, laterSpeaker: 0, conversation: 0, detail: 0, question: 0 },
      });
    expect(search(false).map((candidate) => candidate.id)).toEqual(['q', 'x']);
    const lifted = search(true);
    // The answer joins its question above the other conversation's turn (equal scores break by id).
    expect(
      lifted
        .map((candidate) => candidate.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['a', 'q']);
    expect(lifted[2]!.id).toBe('x');
    const answer = lifted.find((candidate) => candidate.id === 'a')!;
    // The memory before it asks something: its answer takes the question's whole score (answerNeighbour).
    expect(answer.scores.fused).toBeCloseTo(0.6 * DEFAULT_RANKING_WEIGHTS.answerNeighbour, 5);
    expect(answer.scores.reasons).toContain('next to a matching memory of the same conversation');
  });

  it('gives the turn after a question a larger share of its score than the turn after a statement', () => {
    // The same two turns, the first asking or telling: "Why did you start running?" is answered by the next
    // turn, while the turn after "I started running" may be about anything.
    const after = (first: string) => {
      const turns = new Map<string, RankableMemory>([
        ['first', memory(`Caroline: ${first}`, { conversationId: 'c1' })],
        ['reply', memory('Melanie: To clear my head after work, mostly.', { conversationId: 'c1' })],
        ['other', memory('Melanie: I ran a lot this year', { conversationId: 'c2' })],
      ]);
      return rankCandidates({
        analysis: analyzeQuery('Why did Melanie start running?', now),
        dense: [
          { id: 'first', score: 0.6 },
          { id: 'other', score: 0.52 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        neighbours: new Map([['first', { previous: [], next: ['reply'] }]]),
        now,
        limit: 3,
        weights: { ...NO_MEANING, speaker: 0, laterSpeaker: 0, conversation: 0, detail: 0, question: 0 },
      });
    };
    const asked = after('Why did you start running?');
    expect(asked.map((candidate) => candidate.id)).toEqual(['first', 'reply', 'other']);
    expect(asked[1]!.scores.fused).toBeCloseTo(0.6 * DEFAULT_RANKING_WEIGHTS.answerNeighbour, 5);
    const told = after('I started running in May.');
    // 0.8 of a statement's score (previousNeighbour): under the other conversation's own match.
    expect(told.map((candidate) => candidate.id)).toEqual(['first', 'other', 'reply']);
    expect(told[2]!.scores.fused).toBeCloseTo(0.6 * DEFAULT_RANKING_WEIGHTS.previousNeighbour, 5);
    expect(DEFAULT_RANKING_WEIGHTS.answerNeighbour).toBeGreaterThan(
      DEFAULT_RANKING_WEIGHTS.previousNeighbour,
    );
  });

  it("lifts the named person's turns that name a member of the kind a list question asks for", () => {
    const turns = new Map<string, RankableMemory>([
      ['work', memory('John: I had a long day at work, so tired.', { conversationId: 'c1' })],
      ['member', memory("John: I'm off to do some taekwondo!", { conversationId: 'c2' })],
      ['other', memory('Maria: I tried taekwondo once, not for me.', { conversationId: 'c3' })],
    ]);
    const search = (weights: Record<string, number>) =>
      rankCandidates({
        analysis: analyzeQuery('What martial arts has John done?', now),
        dense: [
          { id: 'work', score: 0.3 },
          { id: 'member', score: 0.2 },
          { id: 'other', score: 0.2 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 3,
        weights: { conversation: 0, detail: 0, question: 0, ...weights },
      }).map((candidate) => candidate.id);
    expect(search({ kind: 0 })).toEqual(['work', 'member', 'other']);
    // Taekwondo is a martial art; Maria's turn names one too, but the question asks about John.
    expect(search({})).toEqual(['member', 'work', 'other']);
    const [first] = rankCandidates({
      analysis: analyzeQuery('What martial arts has John done?', now),
      dense: [{ id: 'member', score: 0.2 }],
      keyword: [],
      concept: [],
      memories: turns,
      now,
      limit: 1,
    });
    expect(first!.scores.reasons).toContain('names one of the kind the query asks for');
  });

  it('gives a list question a smaller share of its best conversation', () => {
    const turns = new Map<string, RankableMemory>([
      ['best', memory('John: I play violin every day.', { conversationId: 'c1' })],
      ['chatter', memory('John: Thanks, see you soon!', { conversationId: 'c1' })],
    ]);
    const chatterScore = (query: string) =>
      rankCandidates({
        analysis: analyzeQuery(query, now),
        dense: [
          { id: 'best', score: 0.6 },
          { id: 'chatter', score: 0.3 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 2,
        weights: { speaker: 0, laterSpeaker: 0, detail: 0, question: 0, kind: 0 },
      }).find((candidate) => candidate.id === 'chatter')!.score;
    const share = DEFAULT_RANKING_WEIGHTS.conversation * 0.6 * (1 - DEFAULT_RANKING_WEIGHTS.listConversation);
    expect(
      chatterScore('What does John play?') - chatterScore('What instruments does John play?'),
    ).toBeCloseTo(share, 5);
    // A count is asked across conversations too, of occurrences as of things.
    expect(
      chatterScore('Did John play the violin?') - chatterScore('How many times has John played the violin?'),
    ).toBeCloseTo(share, 5);
  });

  it("gives a list question's neighbours a smaller share, the reply to a question its whole share", () => {
    // Answers of a list question sit one a conversation: the turn after the best match is not another one.
    const ranked = (query: string, first: string) => {
      const turns = new Map<string, RankableMemory>([
        ['first', memory(`Maria: ${first}`, { conversationId: 'c1' })],
        ['after', memory('John: I play the violin, have done for years.', { conversationId: 'c1' })],
        ['other', memory('John: Been practising the clarinet a lot lately.', { conversationId: 'c2' })],
      ]);
      return rankCandidates({
        analysis: analyzeQuery(query, now),
        dense: [
          { id: 'first', score: 0.6 },
          { id: 'other', score: 0.4 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        neighbours: new Map([['first', { previous: [], next: ['after'] }]]),
        now,
        limit: 3,
        weights: {
          ...NO_MEANING,
          speaker: 0,
          laterSpeaker: 0,
          conversation: 0,
          detail: 0,
          question: 0,
          kind: 0,
        },
      });
    };
    const list = ranked('What instruments does John play?', 'I love music, it keeps me going.');
    expect(list.map((candidate) => candidate.id)).toEqual(['first', 'other', 'after']);
    expect(list[2]?.scores.fused).toBeCloseTo(
      0.6 * DEFAULT_RANKING_WEIGHTS.previousNeighbour * DEFAULT_RANKING_WEIGHTS.listNeighbour,
      5,
    );
    // A question for one thing keeps the whole share.
    const one = ranked('What does John play?', 'I love music, it keeps me going.');
    expect(one.map((candidate) => candidate.id)).toEqual(['first', 'after', 'other']);
    const asked = ranked('What instruments does John play?', 'What do you play these days?');
    // The reply to the question shares its score whole, above the other conversation's match.
    expect(asked[2]?.id).toBe('other');
    const reply = asked.find((candidate) => candidate.id === 'after');
    expect(reply?.scores.fused).toBeCloseTo(0.6 * DEFAULT_RANKING_WEIGHTS.answerNeighbour, 5);
  });

  it("adds to the named person's turns for a list question", () => {
    const turns = new Map<string, RankableMemory>([
      ['theirs', memory('John: I picked up the clarinet again.', { conversationId: 'c1' })],
      ['reply', memory('Maria: Music is such a good way to unwind, I love it.', { conversationId: 'c2' })],
    ]);
    const first = (query: string) =>
      rankCandidates({
        analysis: analyzeQuery(query, now),
        dense: [
          { id: 'reply', score: 0.9 },
          { id: 'theirs', score: 0.4 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 2,
        weights: { ...NO_MEANING, conversation: 0, detail: 0, question: 0, kind: 0 },
      })[0]?.id;
    // 0.4 + the speaker bonus (0.4) against 0.9: the list question's 0.2 more decides.
    expect(first('What does John play?')).toBe('reply');
    expect(first('What instruments does John play?')).toBe('theirs');
  });

  it('matches a month named without a year in any year', () => {
    const months = new Map<string, RankableMemory>([
      ['june', memory('we went camping', { validFrom: Date.parse('2023-06-20T10:00:00.000Z') })],
      ['july', memory('we went camping', { validFrom: Date.parse('2023-07-20T10:00:00.000Z') })],
    ]);
    const ranked = rankCandidates({
      analysis: analyzeQuery('When did we go camping in June?', now),
      dense: [
        { id: 'july', score: 0.5 },
        { id: 'june', score: 0.5 },
      ],
      keyword: [],
      concept: [],
      memories: months,
      now,
      limit: 2,
    });
    expect(ranked.map((candidate) => [candidate.id, candidate.scores.timeMatch])).toEqual([
      ['june', true],
      ['july', false],
    ]);
  });

  it('favours the turns of the speaker the query names over the turns that address them', () => {
    const turns = new Map<string, RankableMemory>([
      ['to', memory('[1:56 pm on 8 May, 2023] Caroline: Melanie, your lake painting is lovely')],
      ['by', memory('[1:56 pm on 8 May, 2023] Melanie: I painted a sunrise over the lake last year')],
    ]);
    const ranked = (speaker: number) =>
      rankCandidates({
        analysis: analyzeQuery('What did Melanie paint?', now),
        dense: [
          { id: 'to', score: 0.5 },
          { id: 'by', score: 0.45 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 2,
        weights: { speaker },
      }).map((candidate) => candidate.id);
    expect(ranked(0)).toEqual(['to', 'by']);
    expect(ranked(0.15)).toEqual(['by', 'to']);
    const [first] = rankCandidates({
      analysis: analyzeQuery('What did Melanie paint?', now),
      dense: [{ id: 'by', score: 0.45 }],
      keyword: [],
      concept: [],
      memories: turns,
      now,
      limit: 1,
    });
    expect(first!.scores.reasons).toContain('said by the person the query names');
  });

  it('favours the speaker the query names first, and speakers named together alike', () => {
    const turns = new Map<string, RankableMemory>([
      ['nate', memory('[3:00 pm on 25 May, 2022] Nate: I got this new stuffed pup for you')],
      ['joanna', memory('[3:00 pm on 25 May, 2022] Joanna: A stuffed pup for me, how lovely')],
      ['tim', memory('[3:00 pm on 2 October, 2023] Tim: LeBron is the best player')],
    ]);
    const ranked = (query: string, weights: { speaker?: number; laterSpeaker?: number } = {}) =>
      rankCandidates({
        analysis: analyzeQuery(query, now),
        dense: [
          { id: 'joanna', score: 0.5 },
          { id: 'nate', score: 0.45 },
          { id: 'tim', score: 0.15 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 3,
        weights: { detail: 0, question: 0, conversation: 0, ...weights },
      });
    const ids = (query: string, weights?: { speaker?: number; laterSpeaker?: number }) =>
      ranked(query, weights).map((candidate) => candidate.id);
    // Nate is named first: his turn gets `speaker`, Joanna's the smaller `laterSpeaker`.
    expect(ids('What did Nate give Joanna?')).toEqual(['nate', 'joanna', 'tim']);
    expect(ids('What did Joanna get from Nate?')).toEqual(['joanna', 'nate', 'tim']);
    const scores = ranked('What did Nate give Joanna?', { speaker: 0.4, laterSpeaker: 0.2 });
    expect(scores[0]!.score - scores[1]!.score).toBeCloseTo(0.45 + 0.4 - (0.5 + 0.2), 5);
    expect(scores[1]!.scores.reasons).toContain('said by the person the query names');
    // Named together ("Nate and Joanna"), both get `speaker`; with laterSpeaker = speaker, order is moot.
    expect(ids('What did Nate and Joanna buy?')).toEqual(['joanna', 'nate', 'tim']);
    expect(ids('What did Nate give Joanna?', { laterSpeaker: 0.4 })).toEqual(['joanna', 'nate', 'tim']);
    // The first speaker named among the candidates leads, wherever the query names them.
    expect(ids('Who gave a stuffed pup to Joanna?')).toEqual(['joanna', 'nate', 'tim']);
    // Each weight stands alone: with `speaker` off, the speaker named later still gets `laterSpeaker`.
    const laterOnly = ranked('What did Nate give Joanna?', { speaker: 0, laterSpeaker: 0.2 });
    expect(laterOnly.map((candidate) => candidate.id)).toEqual(['joanna', 'nate', 'tim']);
    expect(laterOnly[0]!.score - laterOnly[1]!.score).toBeCloseTo(0.5 + 0.2 - 0.45, 5);
  });

  it('favours, at equal relevance, the memory that says more over a short one and a statement over a question', () => {
    const texts = new Map<string, RankableMemory>([
      ['short', memory('Anna: Pottery, yes!')],
      [
        'long',
        memory('Anna: I signed up for a pottery class at the studio near the station, every Tuesday evening'),
      ],
      ['asks', memory('Anna: Did you sign up for the pottery class?')],
    ]);
    const ranked = (detail: number, question: number) =>
      rankCandidates({
        analysis: analyzeQuery('pottery class', now),
        dense: ['short', 'long', 'asks'].map((id) => ({ id, score: 0.5 })),
        keyword: [],
        concept: [],
        memories: texts,
        now,
        limit: 3,
        weights: { detail, question, relevance: 0 },
      }).map((candidate) => candidate.id);
    // Without the prior, equal scores keep the id order.
    expect(ranked(0, 0)).toEqual(['asks', 'long', 'short']);
    expect(ranked(0.3, 0)).toEqual(['long', 'asks', 'short']);
    expect(ranked(0.3, 0.02)).toEqual(['long', 'asks', 'short']);
    // A question loses its lead over a short statement.
    expect(ranked(0.3, 0.1)).toEqual(['long', 'short', 'asks']);
    expect(ranked(0, 0.1)).toEqual(['long', 'short', 'asks']);
  });

  it('lifts the members of the conversation that matches best', () => {
    const turns = new Map<string, RankableMemory>([
      ['best', memory('we adopted a dog', { conversationId: 'c1' })],
      ['mate', memory('she is called Luna', { conversationId: 'c1' })],
      ['other', memory('a dog show on TV', { conversationId: 'c2' })],
    ]);
    const ranked = (conversation: number) =>
      rankCandidates({
        analysis: analyzeQuery('our dog', now),
        dense: [
          { id: 'best', score: 0.8 },
          { id: 'other', score: 0.32 },
          { id: 'mate', score: 0.3 },
        ],
        keyword: [],
        concept: [],
        memories: turns,
        now,
        limit: 3,
        weights: { conversation, ...NO_MEANING },
      });
    expect(ranked(0).map((candidate) => candidate.id)).toEqual(['best', 'other', 'mate']);
    const lifted = ranked(0.1);
    expect(lifted.map((candidate) => candidate.id)).toEqual(['best', 'mate', 'other']);
    // 0.1 of the best fused score of its conversation (0.8), on top of its own.
    expect(lifted[1]!.score - ranked(0)[2]!.score).toBeCloseTo(0.08, 5);
  });

  it('gives a member that matches little a share of its conversation in proportion to its own score', () => {
    const turns = new Map<string, RankableMemory>([
      ['best', memory('we adopted a dog', { conversationId: 'c1' })],
      ['weak', memory('she is called Luna', { conversationId: 'c1' })],
      ['none', memory('see you tomorrow', { conversationId: 'c1' })],
    ]);
    const ranked = (conversationRelevance: number) =>
      new Map(
        rankCandidates({
          analysis: analyzeQuery('our dog', now),
          dense: [
            { id: 'best', score: 0.8 },
            { id: 'weak', score: 0.15 },
            { id: 'none', score: 0 },
          ],
          keyword: [],
          concept: [],
          memories: turns,
          now,
          limit: 3,
          weights: { conversation: 0.6, conversationRelevance, detail: 0, ...NO_MEANING },
        }).map((candidate) => [candidate.id, candidate.score]),
      );
    const whole = ranked(0);
    const scaled = ranked(0.2);
    // From a fused score of 0.2 the whole share (0.6 x 0.8); at 0.15 three quarters of it.
    expect(whole.get('best')! - scaled.get('best')!).toBeCloseTo(0, 5);
    expect(whole.get('weak')! - scaled.get('weak')!).toBeCloseTo(0.6 * 0.8 * 0.25, 5);
    // A member that matches nothing does not ride on its conversation at all: it is left out.
    expect(whole.has('none')).toBe(false);
  });

  it('gives a memory outside any conversation the same share of its own score', () => {
    const mixed = new Map<string, RankableMemory>([
      ['member', memory('we adopted a dog', { conversationId: 'c1' })],
      ['alone', memory('our dog is called Luna')],
    ]);
    const [member, alone] = ['member', 'alone'].map(
      (id) =>
        rankCandidates({
          analysis: analyzeQuery('our dog', now),
          dense: [{ id, score: 0.5 }],
          keyword: [],
          concept: [],
          memories: mixed,
          now,
          limit: 1,
          // The two texts differ in length: `detail` is left out of this comparison.
          weights: { conversation: 0.6, detail: 0, ...NO_MEANING },
        })[0]!,
    );
    expect(member!.score).toBeCloseTo(alone!.score, 5);
    expect(alone!.scores.fused).toBeCloseTo(0.5, 5);
  });
});

describe('whatItSays', () => {
  const scale = (chars: number) => Math.log1p(chars / AVERAGE_WORD_CHARS) / Math.log1p(DETAIL_FULL_WORDS);

  it("measures the text after a chat turn's speaker on a log scale, up to 1", () => {
    const turn = whatItSays('[1:56 pm on 8 May, 2023] Melanie: I painted a sunrise');
    expect(turn.detail).toBeCloseTo(scale('I painted a sunrise'.length));
    expect(turn.asks).toBe(false);
    expect(whatItSays('I painted a sunrise').detail).toBeCloseTo(turn.detail);
    expect(whatItSays('word '.repeat(200)).detail).toBe(1);
    expect(whatItSays('').detail).toBe(0);
  });

  it('notices a question in the text, not in the stamp before it', () => {
    expect(whatItSays('Which café, Zoë?').asks).toBe(true);
    expect(whatItSays('Melanie: Is it far? I hope not').asks).toBe(true);
    expect(whatItSays('[what? 8 May] Melanie: It is far').asks).toBe(false);
  });
});

describe('speakerPlace', () => {
  it('reads the speaker of a chat turn, with or without a time stamp, and needs every word of the name', () => {
    const places = new Map([
      ['melanie', 1],
      ['jon', 0],
      ['paint', 2],
    ]);
    expect(speakerPlace('Melanie: I painted a sunrise', places)).toBe(1);
    expect(speakerPlace('[1:56 pm on 8 May, 2023] Melanie: I painted a sunrise', places)).toBe(1);
    expect(speakerPlace('Jon: hello', places)).toBe(0);
    expect(speakerPlace('Caroline: Melanie, look', places)).toBe(-1);
    expect(speakerPlace('Jon Snow: hello', places)).toBe(-1);
    expect(speakerPlace('Note: Melanie paints', places)).toBe(-1);
    expect(speakerPlace('melanie: lower case is not a name', places)).toBe(-1);
  });
});

describe('relevance and meaning in the ranking', () => {
  const facts = new Map<string, RankableMemory>([
    ['job', memory('User works as a pharmacist.')],
    ['mother', memory('My mother still lives in Gdańsk.')],
    ['tea', memory('My favourite tea is sencha.')],
  ]);
  const rank = (query: string, keyword: { id: string; score: number }[] = []) =>
    rankCandidates({
      analysis: analyzeQuery(query, now),
      dense: [...facts.keys()].map((id) => ({ id, score: 0.05 })),
      keyword,
      concept: [],
      memories: facts,
      now,
      limit: 10,
    });

  it('ranks the fact of the slot a question asks about first, whatever its words', () => {
    const ranked = rank('What do I do for a living?');
    expect(ranked[0]).toMatchObject({ id: 'job', scores: { slotMatch: true } });
    expect(ranked[0]!.scores.reasons).toContain('states what the query asks about');
    expect(ranked[0]!.relevance).toBeGreaterThanOrEqual(DEFAULT_RELEVANCE_THRESHOLD);
  });

  it('reaches a learnt fact by the slot the learner stored, though no word or pattern says it', () => {
    const learnt = new Map<string, RankableMemory>([
      ['shifts', memory('User covers nights at the Royal Infirmary.', { slot: 'occupation' })],
      ['untyped', memory('User covers nights at the Royal Infirmary.')],
      ['mother', memory('My mother still lives in Gdańsk.', { slot: 'family' })],
    ]);
    const ranked = rankCandidates({
      analysis: analyzeQuery('What is my job?', now),
      dense: [...learnt.keys()].map((id) => ({ id, score: 0.05 })),
      keyword: [],
      concept: [],
      memories: learnt,
      now,
      limit: 10,
    });
    expect(ranked.map((r) => r.id)).toEqual(['shifts']);
    expect(ranked[0]!.scores.slotMatch).toBe(true);
  });

  it('ranks a kind of what is asked for by meaning', () => {
    const ranked = rank('What do I drink?');
    expect(ranked[0]!.id).toBe('tea');
    expect(ranked[0]!.scores.meaning).toBeGreaterThan(0.5);
  });

  it('answers with minRelevance the list that ranking every candidate and then filtering gives', () => {
    const many = new Map<string, RankableMemory>([
      ...facts,
      ['coffee', memory('I drink way too much black coffee.')],
      ['bike', memory('I cycle to work on a steel bike.')],
    ]);
    for (const query of ['What do I drink?', 'What do I do for a living?', 'tea', 'Where does Anna work?']) {
      const input = {
        analysis: analyzeQuery(query, now),
        dense: [...many.keys()].map((id, i) => ({ id, score: 0.05 + i / 20 })),
        keyword: [{ id: 'bike', score: 2 }],
        concept: [],
        memories: many,
        now,
      };
      for (const [threshold, limit] of [
        [0.1, 2],
        [0.5, 10],
        [0, 1],
        [0.99, 10],
      ] as const) {
        const filtered = rankCandidates({ ...input, limit: many.size })
          .filter((candidate) => candidate.relevance >= threshold)
          .slice(0, limit);
        expect(rankCandidates({ ...input, limit, minRelevance: threshold })).toEqual(filtered);
      }
    }
  });

  it('leaves meaning and slots to questions about the user or short searches', () => {
    expect(analyzeQuery('What did Melanie paint at the lake last summer?', now).personal).toBe(false);
    expect(analyzeQuery('What do I drink?', now).personal).toBe(true);
    expect(analyzeQuery('outdoor activities', now).personal).toBe(true);
  });
});

describe('relevanceOf and coverageOf', () => {
  const none = { coverage: 0, semantic: null, meaning: 0, slotMatch: false, timeMatch: false };

  it('is a probability that grows with every sign of a match', () => {
    const base = relevanceOf(none);
    expect(base).toBeGreaterThan(0);
    expect(base).toBeLessThan(DEFAULT_RELEVANCE_THRESHOLD);
    for (const more of [
      { coverage: 1 },
      { semantic: 0.5 },
      { meaning: 0.9 },
      { slotMatch: true },
      { timeMatch: true },
    ]) {
      const relevance = relevanceOf({ ...none, ...more });
      expect(relevance).toBeGreaterThan(base);
      expect(relevance).toBeLessThan(1);
    }
    expect(relevanceOf({ ...none, coverage: 1 })).toBeGreaterThan(relevanceOf({ ...none, coverage: 0.5 }));
  });

  it('does not count a cosine at the noise floor', () => {
    expect(relevanceOf({ ...none, semantic: DEFAULT_RANKING_WEIGHTS.semanticFloor })).toBe(relevanceOf(none));
  });

  it('counts query words found in any inflection', () => {
    expect(coverageOf('Has two dogs called Miso and Tofu.', ['dog', 'miso', 'espresso'])).toBeCloseTo(2 / 3);
    expect(coverageOf('anything', [])).toBe(0);
  });
});

describe('the sentence channel (decision 162)', () => {
  const memories = new Map<string, RankableMemory>([
    ['licence', memory("I don't have a driving licence.")],
    ['car', memory('I hired a car in Lisbon last year.')],
    ['tea', memory('My favourite tea is sencha.')],
  ]);
  const analysis = analyzeQuery('Could I hire a car by myself?', now);
  const keyword = [{ id: 'car', score: 2 }];
  const floor = DEFAULT_RANKING_WEIGHTS.sentenceFloor;

  it('brings a memory only its sentence cosine reaches, above the words it shares with others', () => {
    const ranked = rankCandidates({
      analysis,
      dense: [],
      keyword,
      concept: [],
      sentence: [
        { id: 'licence', score: 0.8 },
        { id: 'car', score: 0.3 },
        { id: 'tea', score: floor },
      ],
      memories,
      now,
      limit: 10,
    });
    expect(ranked.map((r) => r.id)).toEqual(['licence', 'car']);
    expect(ranked[0].scores.reasons).toContain('similar sentence (0.80)');
    expect(ranked[0].relevance).toBeGreaterThan(DEFAULT_RELEVANCE_THRESHOLD);
  });

  it('leaves the ranking as it was without sentence vectors, or with the channel weighed 0', () => {
    const without = rankCandidates({ analysis, dense: [], keyword, concept: [], memories, now, limit: 10 });
    const weighedOut = rankCandidates({
      analysis,
      dense: [],
      keyword,
      concept: [],
      sentence: [{ id: 'car', score: 0.3 }],
      memories,
      now,
      limit: 10,
      weights: { sentence: 0 },
    });
    expect(without.map((r) => r.id)).toEqual(['car']);
    expect(weighedOut.map((r) => [r.id, r.score])).toEqual(without.map((r) => [r.id, r.score]));
  });

  it('reads no sentence cosine for a question about a named third person (decision 197)', () => {
    const named = new Map<string, RankableMemory>([
      ['paint', memory('Melanie: I painted a lake at sunrise last week.')],
      ['chat', memory('Caroline: Thanks, the support group was great today!')],
    ]);
    const third = analyzeQuery('What did Melanie paint?', now);
    expect(third.personal).toBe(false);
    const channels = {
      analysis: third,
      dense: [],
      keyword: [{ id: 'paint', score: 2 }],
      concept: [],
      memories: named,
      now,
      limit: 10,
    };
    const without = rankCandidates(channels);
    const withSentence = rankCandidates({
      ...channels,
      sentence: [
        { id: 'chat', score: 0.9 },
        { id: 'paint', score: 0.5 },
      ],
    });
    expect(withSentence.map((r) => [r.id, r.score, r.relevance])).toEqual(
      without.map((r) => [r.id, r.score, r.relevance]),
    );
    expect(
      withSentence.flatMap((r) => r.scores.reasons).some((reason) => reason.startsWith('similar sentence')),
    ).toBe(false);
  });

  it('keeps a memory that only the sentence reaches when its cosine is above the noise of unrelated sentences', () => {
    const only = (score: number) =>
      rankCandidates({
        analysis,
        dense: [],
        keyword: [],
        concept: [],
        sentence: [{ id: 'tea', score }],
        memories,
        now,
        limit: 10,
      }).map((r) => r.id);
    // "pizza" against "I drink espresso every morning" is 0.35 with USE-lite: near, not an answer.
    expect(only(0.35)).toEqual([]);
    expect(only(DEFAULT_RANKING_WEIGHTS.sentenceMatch)).toEqual([]);
    expect(only(0.45)).toEqual(['tea']);
  });

  it('calibrates the relevance with the sentence feature once the channel has read the query (decision 212)', () => {
    const channels = { analysis, dense: [], keyword, concept: [], memories, now, limit: 10 };
    const car = (ranked: ReturnType<typeof rankCandidates>) => ranked.find((r) => r.id === 'car')!.relevance;
    // "I hired a car in Lisbon last year" shares the asked words, and its sentence is no nearer than noise:
    // with the channel read, sharing words counts for less and a cosine of 0.28 for nothing.
    const read = car(rankCandidates({ ...channels, sentence: [{ id: 'car', score: 0.28 }] }));
    const unread = car(rankCandidates(channels));
    expect(read).toBeLessThan(unread);
    const none = { coverage: 0, semantic: null, meaning: 0, slotMatch: false, timeMatch: false };
    const support = { mean: 0.5, least: 0, namesMissing: false };
    expect(relevanceOf(none, 0.28, floor, support, RELEVANCE_MODEL_WITH_SENTENCES)).toBe(
      relevanceOf(none, null, floor, support, RELEVANCE_MODEL_WITH_SENTENCES),
    );
    expect(relevanceOf(none, null, floor, support, RELEVANCE_MODEL_WITH_SENTENCES)).toBeLessThan(
      relevanceOf(none, null, floor, support, RELEVANCE_MODEL),
    );
    // A cosine well above the floor still vouches for a memory that shares no word.
    const noWord = { mean: 0, least: 0, namesMissing: false };
    expect(relevanceOf(none, 0.7, floor, noWord, RELEVANCE_MODEL_WITH_SENTENCES)).toBeGreaterThan(
      DEFAULT_RELEVANCE_THRESHOLD,
    );
  });

  it('counts the cosine above its own noise floor in the relevance', () => {
    const none = { coverage: 0, semantic: null, meaning: 0, slotMatch: false, timeMatch: false };
    expect(relevanceOf(none, floor)).toBe(relevanceOf(none));
    expect(relevanceOf(none, 0.6)).toBeGreaterThan(relevanceOf(none, 0.4));
    expect(relevanceOf(none, 0.6)).toBeLessThan(1);
  });
});

describe('withinSession', () => {
  const minute = 60_000;
  it('keeps a walk up to the first pause longer than the gap, each step from the one before', () => {
    const walk: Array<[string, number]> = [
      ['a', 9 * minute],
      ['b', 5 * minute],
      ['c', -30 * minute],
    ];
    // 10 -> 9 -> 5 are within 5 minutes of each other; 5 -> -30 is not, though -30 is within 2 x 30 of 10.
    expect(withinSession(10 * minute, walk, 5 * minute)).toEqual(['a', 'b']);
    expect(withinSession(10 * minute, walk, 35 * minute)).toEqual(['a', 'b', 'c']);
    expect(withinSession(10 * minute, walk, 30 * 1000)).toEqual([]);
    // Forwards the same, and a tie in time is no pause.
    expect(
      withinSession(
        0,
        [
          ['d', 0],
          ['e', 2 * minute],
        ],
        minute,
      ),
    ).toEqual(['d']);
  });
});

describe('neighbourSources', () => {
  const texts = [
    'I moved to Paris for work',
    'My cat likes tuna',
    'What did Melanie paint by the lake?',
    'Melanie: I painted a sunrise last summer',
    'I work as a pharmacist in Lisbon',
    'We drink green tea every morning',
    'The meeting with Marco was on Friday',
    'Paris is lovely in spring',
  ];
  const queries = [
    'where did I move for work',
    'What did Melanie paint last summer?',
    'what do I drink',
    'When was the meeting with Marco?',
    'pizza',
    'what is my job',
  ];
  const day = 86_400_000;
  /** A generated candidate: its text, its score in each channel that finds it, and its times. */
  const candidateFields = {
    text: fc.constantFrom(...texts),
    dense: fc.option(fc.double({ min: -0.2, max: 0.9, noNaN: true })),
    keyword: fc.option(fc.double({ min: 0, max: 5, noNaN: true })),
    concept: fc.boolean(),
    createdDaysAgo: fc.integer({ min: 0, max: 400 }),
  };
  interface Candidate {
    readonly text: string;
    readonly dense: number | null;
    readonly keyword: number | null;
    readonly concept: boolean;
    readonly createdDaysAgo: number;
    readonly closedDaysAgo?: number | null;
    /** Only a neighbour: in no channel, so the ranking with neighbours reads it for the first time. */
    readonly neighbourOnly?: boolean;
  }
  /** The ranking's input over generated candidates: row i is memory `m<i>`, in each channel that scores it. */
  const inputOf = (query: string, rows: readonly Candidate[]) => {
    const memories = new Map<string, RankableMemory>(
      rows.map((row, i) => [
        `m${i}`,
        memory(row.text, {
          createdAt: now.getTime() - row.createdDaysAgo * day,
          validFrom: now.getTime() - row.createdDaysAgo * day,
          validTo: row.closedDaysAgo == null ? null : now.getTime() - row.closedDaysAgo * day,
        }),
      ]),
    );
    const channel = (pick: (row: Candidate) => number | null) =>
      rows.flatMap((row, i) => {
        const score = row.neighbourOnly ? null : pick(row);
        return score === null ? [] : [{ id: `m${i}`, score }];
      });
    return {
      analysis: analyzeQuery(query, now),
      dense: channel((row) => row.dense),
      keyword: channel((row) => row.keyword),
      concept: rows.flatMap((row, i) => (row.concept && !row.neighbourOnly ? [{ id: `m${i}` }] : [])),
      memories,
      now,
    };
  };

  it('answers the ids rankCandidates answers without neighbours, limit `count`, whatever their number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...queries),
        fc.array(
          fc.record({ ...candidateFields, closedDaysAgo: fc.option(fc.integer({ min: -30, max: 400 })) }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 0, max: 30 }),
        (query, rows, count) => {
          const input = inputOf(query, rows);
          const { memories } = input;
          const ranked = rankCandidates({ ...input, limit: count, reasons: false }).map(({ id }) => id);
          expect(new Set(neighbourSources(input, count))).toEqual(new Set(ranked));

          // The fusion kept from the calls above over the same map is only reused where it still holds: the
          // same answers as over a fresh copy of the map, after another weighting, after a deletion.
          const fresh = () => ({ ...input, memories: new Map(memories), limit: 10 });
          expect(rankCandidates({ ...input, limit: 10 })).toEqual(rankCandidates(fresh()));
          // A text the job question reaches by its slot in place of one it does not, or the other way.
          const job = 'I work as a pharmacist in Lisbon';
          const m1 = memories.get('m1');
          if (m1) memories.set('m1', { ...m1, text: m1.text === job ? 'My cat likes tuna' : job });
          memories.delete('m0');
          expect(rankCandidates({ ...input, limit: 10 })).toEqual(rankCandidates(fresh()));
          const other = { meaning: 0.5, keyword: 0.2 };
          expect(rankCandidates({ ...input, limit: 10, weights: other })).toEqual(
            rankCandidates({ ...fresh(), weights: other }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the same ids for a large scope, where the sources are at least the best the relevance reads', () => {
    // A count of 100 or more (neighbourSourceCount's) with more candidates than that: the time answers and the
    // relevance only add to the best MEANING_POOL, so the sources skip them; weights that subtract them
    // (negative) must not be skipped.
    fc.assert(
      fc.property(
        fc.constantFrom(...queries),
        fc.array(fc.record(candidateFields), { minLength: 101, maxLength: 160 }),
        fc.integer({ min: 100, max: 130 }),
        fc.constantFrom<Partial<RankingWeights> | undefined>(undefined, { timeAnswer: -2, relevance: -3 }),
        (query, rows, count, weights) => {
          const input = { ...inputOf(query, rows), weights };
          const ranked = rankCandidates({ ...input, limit: count, reasons: false }).map(({ id }) => id);
          expect(new Set(neighbourSources(input, count))).toEqual(new Set(ranked));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("ranks with neighbours after the sources' ranking as over a fresh map, at another time, weighting and row", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...queries),
        fc.array(
          fc.record({
            ...candidateFields,
            closedDaysAgo: fc.option(fc.integer({ min: -30, max: 400 })),
            neighbourOnly: fc.boolean(),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.constantFrom(0.05, 0.3, 0.6)),
        (query, rows, count, threshold) => {
          const input = inputOf(query, rows);
          const { memories } = input;
          // Each source's neighbours: the rows stored just before and after it (one inferred session).
          const neighboursOf = (sources: readonly string[]) =>
            new Map(
              sources.map((id) => {
                const at = Number(id.slice(1));
                const previous = [at - 1, at - 2].filter((i) => i >= 0).map((i) => `m${i}`);
                const next = at + 1 < rows.length ? [`m${at + 1}`] : [];
                return [id, { previous, next }] as const;
              }),
            );
          const search = (over: typeof input, weights?: Partial<typeof DEFAULT_RANKING_WEIGHTS>) => {
            const sources = neighbourSources({ ...over, weights }, count);
            return rankCandidates({
              ...over,
              weights,
              neighbours: neighboursOf(sources),
              limit: 10,
              ...(threshold === null ? {} : { minRelevance: threshold }),
            });
          };
          const fresh = () => ({ ...input, memories: new Map(memories) });
          expect(search(input)).toEqual(search(fresh()));
          // The same channels and map at a later time: recency and closed facts read again.
          const later = { ...input, now: new Date(now.getTime() + 40 * day) };
          expect(search(later)).toEqual(search({ ...fresh(), now: later.now }));
          const other = { detail: 0.2, speaker: 0.1, timeAnswer: 0.9 };
          expect(search(input, other)).toEqual(search(fresh(), other));
          // A neighbour's row replaced (closed now) and another deleted: neither is read as it was.
          const last = `m${rows.length - 1}`;
          const lastRow = memories.get(last);
          if (lastRow)
            memories.set(last, { ...lastRow, validTo: now.getTime() - day, text: 'What did I drink?' });
          memories.delete('m0');
          expect(search(input)).toEqual(search(fresh()));
        },
      ),
      { numRuns: 300 },
    );
  });
});
