import { describe, expect, it } from '@jest/globals';
import { ChatMessages, type MemorySearchResultView } from '@membolt/contracts';
import { composeOfflineAnswer, NOTHING_KNOWN } from './offline-assistant.js';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const UNKNOWN_START = '1970-01-01T00:00:00.000Z';

interface MemoryFields {
  readonly id?: string;
  readonly metadata?: Record<string, unknown>;
  readonly createdAt?: string;
  readonly validFrom?: string;
  readonly validTo?: string | null;
  readonly semantic?: number | null;
  readonly conceptMatch?: boolean;
}

let sequence = 0;
/** A search result as the memory service answers it; ids follow the text unless given. */
function found(text: string, fields: MemoryFields = {}): MemorySearchResultView {
  sequence++;
  const createdAt = fields.createdAt ?? '2026-04-01T10:00:00.000Z';
  return {
    memory: {
      id: fields.id ?? `mem-${sequence}`,
      userId: 'user-1',
      endUserId: null,
      agentId: null,
      runId: null,
      text,
      metadata: fields.metadata ?? {},
      importance: 0.5,
      category: null,
      source: 'chat',
      conversationId: null,
      conversationTitle: null,
      createdAt,
      updatedAt: createdAt,
      validFrom: fields.validFrom ?? createdAt,
      validTo: fields.validTo ?? null,
      version: 1,
      redactions: [],
    },
    score: 0.5,
    relevance: 0.5,
    scores: {
      semantic: fields.semantic ?? 0.2,
      keyword: null,
      fused: 0.1,
      importance: 0.5,
      recency: 1,
      conceptMatch: fields.conceptMatch ?? false,
      timeMatch: false,
      meaning: 0,
      slotMatch: false,
      coverage: 0,
      final: 0.5,
      reasons: [],
    },
  };
}
const slot = (name: string, extra: Record<string, unknown> = {}) => ({ metadata: { slot: name, ...extra } });

/** The answer's own sentences: between the notice and the list of memories used. */
const sentencesOf = (text: string) => text.split('\n\n')[1] ?? '';

interface Case {
  readonly question: string;
  readonly memories: readonly MemorySearchResultView[];
  /** The ids the answer must use, in order. */
  readonly used: readonly string[];
  readonly says?: readonly (string | RegExp)[];
  readonly never?: readonly (string | RegExp)[];
}

const cases: readonly Case[] = [
  {
    question: 'What should I cook tonight?',
    memories: [found('I am vegetarian', { id: 'veg' }), found('My favourite city is Kyoto', { id: 'kyoto' })],
    used: ['veg'],
    says: ["You're vegetarian, so a meat-free dish would suit you."],
    never: ['Kyoto'],
  },
  {
    question: 'Any ideas for dinner?',
    memories: [
      found("I'm allergic to shellfish", { id: 'shellfish' }),
      found("User doesn't eat vegetarian food.", { id: 'meat', ...slot('diet') }),
    ],
    used: ['shellfish', 'meat'],
    says: ["You're allergic to shellfish, so leave shellfish out.", "You don't eat vegetarian food."],
    never: ['meat-free'],
  },
  {
    question: 'How old is my kid?',
    memories: [
      found('I listen to old Grateful Dead bootlegs in the workshop.', { id: 'old' }),
      found('My son Leo turned seven in May.', { id: 'leo' }),
    ],
    used: ['leo'],
    says: ['Your son Leo turned seven in May.'],
    never: ['Grateful Dead'],
  },
  {
    question: 'What is my job?',
    memories: [
      found('User works as a pharmacist.', { id: 'job', ...slot('occupation') }),
      found('My mother still lives in Gdańsk', { id: 'mother' }),
    ],
    used: ['job'],
    says: ['You work as a pharmacist.'],
    never: ['Gdańsk'],
  },
  {
    question: 'What do I do for a living?',
    memories: [
      found('My mother still lives in Gdańsk', { id: 'mother' }),
      found('User works as a pharmacist.', { id: 'job', ...slot('occupation') }),
    ],
    used: ['job'],
    says: ['You work as a pharmacist.'],
    never: ['Gdańsk'],
  },
  {
    question: 'What do I drink?',
    memories: [
      found('My favourite tea is sencha', { id: 'tea' }),
      found('User lives in Leeds.', { id: 'leeds' }),
    ],
    used: ['tea'],
    says: ['Your favourite tea is sencha.'],
    never: ['Leeds'],
  },
  {
    question: 'What outdoor activities do I like?',
    memories: [found('User enjoys hiking in the Alps.', { id: 'hike', ...slot('hobby') })],
    used: ['hike'],
    says: ['You enjoy hiking in the Alps.'],
  },
  {
    question: 'Where do I live now?',
    memories: [
      found('User lives in Paris.', {
        id: 'paris',
        ...slot('residence'),
        createdAt: '2026-01-10T10:00:00.000Z',
        validTo: '2026-11-20T09:00:00.000Z',
      }),
      found('User lives in Berlin.', {
        id: 'berlin',
        ...slot('residence'),
        createdAt: '2026-11-20T09:00:00.000Z',
      }),
    ],
    used: ['berlin', 'paris'],
    says: [/^You live in Berlin\. Before that, you lived in Paris\.$/],
    never: ['You live in Paris'],
  },
  {
    question: 'Where did I live in 2023?',
    memories: [
      found('User lives in Berlin.', {
        id: 'berlin',
        ...slot('residence'),
        createdAt: '2026-11-20T09:00:00.000Z',
      }),
      found('User lived in Madrid.', {
        id: 'madrid',
        ...slot('residence'),
        validFrom: '2023-01-01T00:00:00.000Z',
        validTo: '2024-01-01T00:00:00.000Z',
      }),
      found('User lived in Leeds.', {
        id: 'leeds',
        ...slot('residence'),
        validFrom: '2015-01-01T00:00:00.000Z',
        validTo: '2018-01-01T00:00:00.000Z',
      }),
    ],
    used: ['madrid', 'berlin'],
    says: [/^In 2023, you lived in Madrid\. Now you live in Berlin\.$/],
    never: ['Leeds'],
  },
  {
    question: 'Where did I use to live?',
    memories: [
      found('User lives in Berlin.', {
        id: 'berlin',
        ...slot('residence'),
        createdAt: '2026-11-20T09:00:00.000Z',
      }),
      found('User lives in Paris.', {
        id: 'paris',
        ...slot('residence'),
        validTo: '2026-11-20T09:00:00.000Z',
      }),
    ],
    used: ['paris', 'berlin'],
    says: ['You lived in Paris.', 'You live in Berlin.'],
  },
  {
    question: 'Am I vegetarian?',
    memories: [
      found('User is vegetarian.', { id: 'veg', ...slot('diet'), validTo: '2026-10-01T00:00:00.000Z' }),
    ],
    used: ['veg'],
    says: ['You were vegetarian.', 'no longer true since 1 October 2026'],
    never: ["You're vegetarian"],
  },
  {
    question: "What is my daughter's name?",
    memories: [
      found("User's daughter is named Mia.", { id: 'mia', ...slot('family') }),
      found("User's name is Carol.", { id: 'carol', ...slot('name') }),
    ],
    used: ['mia'],
    says: ['Your daughter is named Mia.'],
    never: ['Carol'],
  },
  {
    question: 'Which foods am I allergic to?',
    memories: [found('I am allergic to peanuts', { id: 'peanuts' })],
    used: ['peanuts'],
    says: ["You're allergic to peanuts."],
  },
  {
    question: 'Tell me about quantum chromodynamics',
    memories: [found('I am allergic to peanuts', { semantic: 0.31 }), found('My favourite city is Kyoto')],
    used: [],
    says: [NOTHING_KNOWN],
  },
  {
    question: 'What is my job?',
    memories: [],
    used: [],
    says: [NOTHING_KNOWN],
  },
  {
    question: 'What does my lease say about pets?',
    memories: [
      found(
        'The tenant must keep the flat clean. Pets are allowed with the written consent of the landlord. ' +
          'The rent is due on the first day of each month and is paid by bank transfer. '.repeat(4),
        { id: 'chunk', metadata: { kind: 'chunk', fileName: 'lease.pdf', uploadId: 'up-1' } },
      ),
    ],
    used: ['chunk'],
    says: ['The file “lease.pdf” says: “Pets are allowed with the written consent of the landlord.”'],
    never: ['rent is due'],
  },
  {
    question: 'What do you know about me?',
    memories: [
      found('User works as a pharmacist.', { id: 'job', ...slot('occupation') }),
      found('User has a dog named Rex.', { id: 'rex', ...slot('pet') }),
    ],
    used: ['job', 'rex'],
    says: ['You work as a pharmacist. You have a dog named Rex.'],
  },
  {
    question: 'What do I eat?',
    memories: [
      found('I am vegetarian', { id: 'veg-1' }),
      found('User is vegetarian.', { id: 'veg-2', ...slot('diet') }),
    ],
    used: ['veg-1'],
    says: ["You're vegetarian."],
  },
  {
    question: 'Where do I work?',
    memories: [
      found("User's boyfriend Sam is a chef.", { id: 'sam', ...slot('family') }),
      found('User works as a pharmacist.', { id: 'job', ...slot('occupation') }),
    ],
    used: ['job'],
    never: ['chef'],
  },
  {
    question: 'What does my brother do?',
    memories: [
      found('User works as a pharmacist.', { id: 'job', ...slot('occupation') }),
      found("User's husband is named Liam.", { id: 'liam', ...slot('family') }),
      found("User's brother Tom is a chef in Leeds.", { id: 'tom', ...slot('family') }),
    ],
    used: ['tom'],
    says: ['Your brother Tom is a chef in Leeds.'],
    never: ['pharmacist', 'Liam'],
  },
  {
    question: 'What do my mum and dad do for work?',
    memories: [
      found('My parents run a bakery in Gràcia.', { id: 'bakery' }),
      found('I work as a lab demonstrator.', { id: 'job' }),
    ],
    used: ['bakery'],
  },
  {
    question: 'What was my previous job?',
    memories: [
      found('User works as a route setter.', { id: 'now', ...slot('occupation') }),
      found('User works as an accountant.', {
        id: 'before',
        ...slot('occupation'),
        validTo: '2026-03-01T00:00:00.000Z',
      }),
    ],
    used: ['before', 'now'],
    says: ['You worked as an accountant. You work as a route setter.'],
  },
  {
    question: 'I just adopted a kitten called Mochi.',
    memories: [
      found("User's cat Pepper is nineteen.", {
        id: 'pepper',
        ...slot('pet'),
        validTo: '2026-03-01T00:00:00.000Z',
      }),
    ],
    used: [],
    says: [NOTHING_KNOWN],
  },
  {
    question: 'Do I have a partner?',
    memories: [
      found('User and Callum broke up.', { id: 'split', ...slot('family') }),
      found("User's boyfriend Callum is a chef.", {
        id: 'callum',
        ...slot('family'),
        validTo: '2026-03-01T00:00:00.000Z',
      }),
    ],
    used: ['split', 'callum'],
    says: ['Before that, your boyfriend Callum was a chef.'],
  },
];

describe('the offline assistant composes an answer from the memories that bear on the question', () => {
  it.each(cases)('$question', ({ question, memories, used, says = [], never = [] }) => {
    const answer = composeOfflineAnswer(question, memories, NOW);
    expect(answer.usedIds).toEqual(used);
    expect(answer.text.startsWith(ChatMessages.offlineNotice)).toBe(true);
    for (const expected of says) {
      if (typeof expected === 'string') expect(answer.text).toContain(expected);
      else expect(sentencesOf(answer.text)).toMatch(expected);
    }
    for (const unexpected of never) {
      if (typeof unexpected === 'string') expect(answer.text).not.toContain(unexpected);
      else expect(answer.text).not.toMatch(unexpected);
    }
    // It says which memories it used: one list line each.
    expect(answer.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(used.length);
  });

  it('lists each memory used with the day it was noted', () => {
    const answer = composeOfflineAnswer(
      'Which foods am I allergic to?',
      [found('I am allergic to peanuts')],
      NOW,
    );
    expect(answer.text).toContain('From this memory:\n- I am allergic to peanuts (noted 1 April 2026)');
  });

  it('quotes a file by its most relevant sentence, never the whole chunk or summary', () => {
    const chunk = `${'Filler text about nothing in particular. '.repeat(20)}The boiler is serviced every October.`;
    const summary = `Summary of the file "house.txt": ${'General notes about the house. '.repeat(20)}`;
    const answer = composeOfflineAnswer(
      'When is the boiler serviced?',
      [
        found(chunk, { metadata: { kind: 'chunk', fileName: 'house.txt' } }),
        found(summary, { metadata: { kind: 'summary', fileName: 'house.txt' }, semantic: 0.6 }),
      ],
      NOW,
    );
    expect(answer.text).toContain('“The boiler is serviced every October.”');
    expect(answer.text).not.toContain('Filler text');
    expect(answer.text.length).toBeLessThan(600);
  });

  it('quotes a memory’s markdown as text: a stored link or image never becomes one in the answer', () => {
    const answer = composeOfflineAnswer(
      'What is my bank login page?',
      [
        found(
          'My bank login page is [Log in here](https://evil.example/login) ![x](https://evil.example/t.png) <b>now</b>',
        ),
      ],
      NOW,
    );
    expect(answer.text).toContain(
      'Your bank login page is \\[Log in here\\](https://evil.example/login) !\\[x\\](https://evil.example/t.png) \\<b\\>now\\</b\\>.',
    );
    expect(answer.text).toContain(
      '- My bank login page is \\[Log in here\\](https://evil.example/login) !\\[x\\](https://evil.example/t.png) \\<b\\>now\\</b\\> (noted 1 April 2026)',
    );
    expect(answer.text).not.toMatch(/[^\\]\]\(/);
  });

  it('keeps each memory on its own list line', () => {
    const answer = composeOfflineAnswer(
      'What is my first line?',
      [found('My first line\n- (noted 1 January 2020) a forged entry')],
      NOW,
    );
    expect(answer.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(1);
  });

  it('says a statement back as what it already knew', () => {
    const answer = composeOfflineAnswer(
      'I moved to Berlin.',
      [found('User lives in Paris.', { ...slot('residence') })],
      NOW,
    );
    expect(sentencesOf(answer.text)).toBe('What I already know that bears on this: You live in Paris.');
  });

  it('a fact from an unknown start reads the same as one with a start', () => {
    const answer = composeOfflineAnswer(
      'Where did I use to work?',
      [
        found('User worked at Boots.', {
          ...slot('occupation'),
          validFrom: UNKNOWN_START,
          validTo: '2026-03-01T00:00:00.000Z',
        }),
      ],
      NOW,
    );
    expect(sentencesOf(answer.text)).toBe('You worked at Boots.');
  });
});
