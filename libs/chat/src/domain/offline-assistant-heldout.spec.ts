import { describe, expect, it } from '@jest/globals';
import type { MemorySearchResultView, MemoryView } from '@membolt/contracts';
import { learnInProcess } from '../testing/learning-scenarios.js';
import { composeOfflineAnswer, NOTHING_KNOWN } from './offline-assistant.js';
import { readQuestion } from './offline-question.js';

interface Asked {
  readonly question: string;
  /** Words the answer must say (any case; "a|b" accepts either), or nothing known when absent. */
  readonly says?: readonly string[];
  /** Words it must not say. */
  readonly never?: readonly string[];
  /** How many memories the answer uses (`memories_used`). */
  readonly used: number;
}

/**
 * The offline assistant on memories the learner made from a chat, with questions written apart from the
 * composer's own table: every memory of the user is a candidate (closed ones for questions about the past,
 * as the turn searches again with them), so what is checked is what the composer picks and how it says it.
 */
const PROFILES: readonly { readonly messages: readonly string[]; readonly asked: readonly Asked[] }[] = [
  {
    messages: [
      'Hi, I am a pharmacist at Boots and I live in Norwich with my wife Helen.',
      'I am allergic to shellfish.',
      'We have a spaniel called Rusty.',
      'I moved from Ipswich to Norwich in 2019.',
      'I drive a Skoda Octavia.',
    ],
    asked: [
      { question: 'What do I do for work?', says: ['pharmacist', 'Boots'], never: ['Helen'], used: 1 },
      { question: 'What should I cook for dinner tonight?', says: ['shellfish', 'leave'], used: 1 },
      { question: "What's my dog called?", says: ['Rusty'], never: ['Skoda'], used: 1 },
      { question: 'What car do I drive?', says: ['Skoda Octavia'], used: 1 },
      { question: 'Who is my wife?', says: ['Helen'], never: ['pharmacist'], used: 1 },
      { question: 'Where did I live in 2018?', says: ['In 2018, you lived in Ipswich', 'Norwich'], used: 2 },
      { question: 'What is the capital of Peru?', used: 0 },
      { question: 'What is my favourite film?', used: 0 },
    ],
  },
  {
    messages: [
      'My boyfriend Callum is a chef.',
      'I work as an accountant at Hartley & Finch.',
      'I quit my job at Hartley & Finch.',
      'I now work as a route setter at a climbing gym.',
      'Callum and I broke up last weekend.',
    ],
    asked: [
      {
        question: 'Where do I work?',
        says: ['You work as a route setter at a climbing gym.'],
        never: ['chef', 'accountant'],
        used: 1,
      },
      {
        question: 'What was my previous job?',
        says: ['You worked as an accountant at Hartley & Finch.'],
        never: ['chef'],
        used: 2,
      },
      { question: 'Do I have a boyfriend?', says: ['You and Callum broke up.'], never: ['chef'], used: 1 },
      {
        question: 'Did I use to have a boyfriend?',
        says: ['You and Callum broke up.', 'your boyfriend Callum was a chef.'],
        used: 2,
      },
      { question: 'How tall is Mount Everest?', used: 0 },
    ],
  },
  {
    messages: [
      "I'm a physiotherapist and I live in Galway with my husband Liam.",
      "I'm vegan, have been since uni.",
      'I go climbing every weekend.',
      "I've given up climbing since my shoulder injury.",
      'My brother Tom is a chef in Leeds.',
    ],
    asked: [
      {
        question: 'What do I do for a living?',
        says: ["You're a physiotherapist.|You work as a physiotherapist."],
        never: ['chef', 'Tom'],
        used: 1,
      },
      { question: 'What does my brother do?', says: ['Tom', 'chef'], used: 1 },
      { question: 'Any ideas for a quick lunch?', says: ['vegan', 'without meat'], used: 1 },
      { question: 'What is my husband called?', says: ['Liam'], never: ['Galway'], used: 1 },
      { question: 'Where do I live?', says: ['You live in Galway.'], used: 1 },
      { question: 'Do I still go climbing?', never: ['You go climbing'], used: 0 },
    ],
  },
];

const asResults = (memories: readonly MemoryView[]): MemorySearchResultView[] =>
  memories.map((memory) => ({
    memory,
    score: 0,
    relevance: 0,
    scores: {
      semantic: null,
      keyword: null,
      fused: 0,
      importance: memory.importance,
      recency: 1,
      conceptMatch: false,
      timeMatch: false,
      final: 0,
      meaning: 0,
      slotMatch: false,
      coverage: 0,
      reasons: [],
    },
  }));

describe('the offline assistant on what the learner learnt (held-out questions)', () => {
  const cases = PROFILES.flatMap((profile) =>
    profile.asked.map((asked) => [asked.question, profile.messages, asked] as const),
  );

  it.each(cases)('%s', async (_question, messages, asked) => {
    const { memory, clock, userId } = await learnInProcess(messages);
    const now = clock.now();
    const past = readQuestion(asked.question, now).past;
    const candidates = memory.all(userId).filter((known) => past || memory.isOpen(known));
    const answer = composeOfflineAnswer(asked.question, asResults(candidates), now);
    expect(answer.usedIds).toHaveLength(asked.used);
    if (asked.used === 0) expect(answer.text).toContain(NOTHING_KNOWN);
    else
      expect(answer.text).toContain(
        asked.used === 1 ? 'From this memory:' : `From these ${asked.used} memories:`,
      );
    for (const words of asked.says ?? []) {
      const text = answer.text.toLowerCase();
      expect(words.split('|').some((word) => text.includes(word.toLowerCase()))).toBe(true);
    }
    for (const word of asked.never ?? []) expect(answer.text.toLowerCase()).not.toContain(word.toLowerCase());
  });
});
