import { describe, expect, it } from '@jest/globals';
import { type KnownFact, reconcile } from './fact-reconciler.js';
import { extractFactsByRules } from './rule-fact-extractor.js';

const known = (id: string, sentence: string): KnownFact => {
  const fact = extractFactsByRules(sentence)[0]!;
  return { id, text: fact.text, subject: fact.subject, value: fact.value };
};

/** What is already known (as sentences the user once said), what they say now, and what must happen. */
const TABLE: ReadonlyArray<readonly [string, readonly string[], string, ReturnType<typeof reconcile>]> = [
  ['a new fact is added', [], 'I live in Lisbon.', { action: 'add', close: [] }],
  [
    'a fact told in the past that is still open is closed, not added again',
    ['I live in Madrid.'],
    'In 2023 I lived in Madrid.',
    { action: 'close', close: ['m0'] },
  ],
  [
    'a fact told in the past contradicts nothing: it is added, closed',
    ['I live in Porto.'],
    'In 2023 I lived in Madrid.',
    { action: 'add', close: [] },
  ],
  [
    'the city moved from, told first, closes the open fact on it',
    ['I live in Leeds.'],
    'I moved from Leeds to Bristol.',
    { action: 'close', close: ['m0'] },
  ],
  [
    'the same fact again is skipped',
    ['I live in Lisbon.'],
    'I live in Lisbon now.',
    { action: 'skip', memoryId: 'm0' },
  ],
  [
    'a new city closes the old one',
    ['I live in Paris.'],
    'I moved to Lisbon.',
    { action: 'add', close: ['m0'] },
  ],
  [
    'a correction of the name closes the old name',
    ['My name is Rob.'],
    'Actually, my name is Robert.',
    { action: 'add', close: ['m0'] },
  ],
  [
    '"no longer" closes exactly the negated fact',
    ['I live in Paris.'],
    'I no longer live in Paris.',
    { action: 'add', close: ['m0'] },
  ],
  [
    '"no longer" about another city closes nothing',
    ['I live in Lisbon.'],
    'I no longer live in Paris.',
    { action: 'add', close: [] },
  ],
  [
    'disliking what was liked closes the like',
    ['I like coffee.'],
    "I don't like coffee anymore.",
    { action: 'add', close: ['m0'] },
  ],
  ['liking another thing is a new subject', ['I like coffee.'], 'I like tea.', { action: 'add', close: [] }],
  [
    'more detail on the same employer updates it',
    ['I work at Google.'],
    'I work at Google as a designer.',
    { action: 'update', memoryId: 'm0' },
  ],
  [
    'a new employer closes the old one',
    ['I work at Google.'],
    'I work for Acme.',
    { action: 'add', close: ['m0'] },
  ],
  [
    'a second allergy is added beside the first',
    ["I'm allergic to peanuts."],
    "I'm allergic to shellfish.",
    { action: 'add', close: [] },
  ],
  [
    'the same allergy said another way is a duplicate',
    ['I am allergic to peanuts.'],
    'I have a peanuts allergy.',
    { action: 'skip', memoryId: 'm0' },
  ],
];

describe('fact reconciliation (add, update, skip, close)', () => {
  it.each(TABLE)('%s', (_name, before, sentence, expected) => {
    const onSubject = before.map((text, index) => known(`m${index}`, text));
    const candidate = extractFactsByRules(sentence)[0]!;
    const sameSubject = onSubject.filter((fact) => fact.subject === candidate.subject);
    expect(reconcile(candidate, sameSubject, onSubject)).toEqual(expected);
  });
});
