import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { LearningScenario } from '../testing/learning-scenarios.js';
import { extractFactsByReading, extractFactsByRules, statesNothing } from './rule-fact-extractor.js';

const NOW = new Date(Date.UTC(2026, 5, 15, 9, 0, 0));

// Messages written apart from the rules' tuning, and each of them asked back as a question.
const heldOut = JSON.parse(
  readFileSync(new URL('./testing/learning-heldout.json', import.meta.url), 'utf8'),
) as { scenarios: LearningScenario[] };
const said = heldOut.scenarios.flatMap((scenario) => scenario.messages);
const askedBack = said.map((message) => `${message.trim().replace(/[.!?]+$/, '')}?`);

const OPENINGS = [
  'Where do I',
  'What do I',
  'Which cities did I',
  'Do I',
  'Did I',
  'Have I ever',
  'Why do I',
];
const ENDINGS = [
  'live',
  'work',
  'visit',
  'like most',
  'eat on Sundays',
  'play 3 times a week',
  "do for my mum's job",
];
const generated = OPENINGS.flatMap((opening) => ENDINGS.map((ending) => `${opening} ${ending}?`));
const ofOneClause = [
  "What's my dog's name?",
  'Which cities with good food did I visit?',
  'Am I vegetarian??',
  "I'm a nurse?",
  'I live in Lisbon now?',
  'My sister Ana is a doctor?',
  'Is my ex-husband still in Leeds?',
  'Did I tell you I quit my job at Initech?',
  'We moved house last year?',
];
// Questions the shortcut must leave to the reading: a second clause or sentence, or slang compromise expands.
const notPlain = [
  'Our old cat Pepper is nineteen, can you believe it?',
  'I live in Lisbon; do you?',
  'I moved to Porto and I love it?',
  "I'm gonna become a doctor?",
  'My name is Rolo, not Rollo?',
  'I work at Globex. Do you know it?',
  'I live in Leeds\nWhere do you live?',
  'Which cities with good food did I visit? (37)',
  '"I am vegan"?',
];

describe('statesNothing: the texts the rules answer without compromise', () => {
  const texts = [...said, ...askedBack, ...generated, ...ofOneClause, ...notPlain];

  it.each(texts.filter((text) => statesNothing(text)).map((text) => [text]))(
    'the full reading of %j states nothing either',
    (text) => {
      expect(extractFactsByReading(text, NOW)).toEqual([]);
    },
  );

  it('takes plain questions about the user, and only those among the texts that name the user', () => {
    const firstPersonQuestions = [...generated, ...ofOneClause];
    expect(firstPersonQuestions.filter((text) => !statesNothing(text))).toEqual([]);
    expect(notPlain.filter((text) => statesNothing(text))).toEqual([]);
    // The held-out statements that state a fact are read in full.
    const stating = said.filter((text) => extractFactsByReading(text, NOW).length > 0);
    expect(stating.length).toBeGreaterThan(50);
    expect(stating.filter((text) => statesNothing(text))).toEqual([]);
  });

  it('leaves what the rules answer unchanged', () => {
    for (const text of texts)
      expect(extractFactsByRules(text, NOW)).toEqual(extractFactsByReading(text, NOW));
  });
});
