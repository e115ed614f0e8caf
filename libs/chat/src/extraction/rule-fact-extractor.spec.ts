import { describe, expect, it } from '@jest/globals';
import { extractFactsByRules } from './rule-fact-extractor.js';

type Expected = {
  text: string;
  subject: string;
  value: string;
  kind?: 'fact' | 'negation' | 'correction';
  category?: string;
};

/**
 * What the rule extractor must extract from each sentence (or nothing). The reconciliation of these facts with
 * what is already known (add, update, skip, close) is tabled in fact-reconciler.spec.ts.
 */
const TABLE: ReadonlyArray<readonly [string, readonly Expected[]]> = [
  // names
  [
    'My name is Ada Lovelace.',
    [{ text: "User's name is Ada Lovelace.", subject: 'name', value: 'ada lovelace', category: 'personal' }],
  ],
  ["My name's Bob.", [{ text: "User's name is Bob.", subject: 'name', value: 'bob' }]],
  ['Call me Max.', [{ text: "User's name is Max.", subject: 'name', value: 'max' }]],
  [
    'Hi! My name is Zoë and I live in Porto.',
    [
      { text: "User's name is Zoë.", subject: 'name', value: 'zoë' },
      { text: 'User lives in Porto.', subject: 'residence', value: 'porto' },
    ],
  ],
  // where they live
  [
    'I live in Lisbon.',
    [{ text: 'User lives in Lisbon.', subject: 'residence', value: 'lisbon', category: 'personal' }],
  ],
  ['I live in Lisbon now.', [{ text: 'User lives in Lisbon.', subject: 'residence', value: 'lisbon' }]],
  ["I'm based in Berlin.", [{ text: 'User lives in Berlin.', subject: 'residence', value: 'berlin' }]],
  [
    'I just moved to Amsterdam!',
    [{ text: 'User lives in Amsterdam.', subject: 'residence', value: 'amsterdam' }],
  ],
  [
    'I have moved to New York City.',
    [{ text: 'User lives in New York City.', subject: 'residence', value: 'new york city' }],
  ],
  [
    "I'm from Brazil originally.",
    [{ text: 'User is from Brazil originally.', subject: 'origin', value: 'brazil originally' }],
  ],
  ['I come from Kenya.', [{ text: 'User is from Kenya.', subject: 'origin', value: 'kenya' }]],
  // work
  [
    'I work at Google.',
    [{ text: 'User works at Google.', subject: 'employer', value: 'google', category: 'work' }],
  ],
  [
    'I work for Acme Corp as a designer.',
    [{ text: 'User works at Acme Corp as a designer.', subject: 'employer', value: 'acme corp' }],
  ],
  [
    "I'm working at a bakery these days.",
    [{ text: 'User works at a bakery.', subject: 'employer', value: 'bakery' }],
  ],
  [
    'I work as an engineer.',
    [{ text: 'User works as an engineer.', subject: 'occupation', value: 'engineer' }],
  ],
  ['My job is nurse.', [{ text: 'User works as a nurse.', subject: 'occupation', value: 'nurse' }]],
  [
    'I study medicine at Oxford.',
    [{ text: 'User studies medicine at Oxford.', subject: 'study', value: 'medicine' }],
  ],
  // health
  [
    "I'm allergic to peanuts.",
    [
      {
        text: 'User is allergic to peanuts.',
        subject: 'allergy:peanuts',
        value: 'yes',
        category: 'personal',
      },
    ],
  ],
  [
    'I am severely allergic to shellfish.',
    [{ text: 'User is allergic to shellfish.', subject: 'allergy:shellfish', value: 'yes' }],
  ],
  [
    'I have a gluten allergy.',
    [{ text: 'User is allergic to gluten.', subject: 'allergy:gluten', value: 'yes' }],
  ],
  [
    "I'm vegetarian.",
    [{ text: 'User is vegetarian.', subject: 'diet', value: 'vegetarian', category: 'preference' }],
  ],
  ['I am vegan.', [{ text: 'User is vegan.', subject: 'diet', value: 'vegan' }]],
  // family
  [
    'My daughter is called Emma.',
    [{ text: "User's daughter is named Emma.", subject: 'family:daughter:name', value: 'emma' }],
  ],
  ["My dog's name is Rex.", [{ text: "User's dog is named Rex.", subject: 'family:dog:name', value: 'rex' }]],
  [
    'My daughter Emma is 7.',
    [{ text: "User's daughter Emma is 7.", subject: 'family:daughter:emma', value: 'is 7' }],
  ],
  [
    'My son plays football.',
    [{ text: "User's son plays football.", subject: 'family:son:plays', value: 'football' }],
  ],
  [
    'My wife works at the hospital.',
    [{ text: "User's wife works at the hospital.", subject: 'family:wife:works', value: 'at the hospital' }],
  ],
  ['I have two kids.', [{ text: 'User has two kids.', subject: 'family:has:kid', value: 'two kids' }]],
  [
    'I have a cat named Miso.',
    [{ text: 'User has a cat named Miso.', subject: 'family:has:cat', value: 'cat named miso' }],
  ],
  // likes and preferences
  [
    'I like coffee.',
    [{ text: 'User likes coffee.', subject: 'likes:coffee', value: 'like', category: 'preference' }],
  ],
  [
    'I love hiking in the mountains.',
    [
      {
        text: 'User likes hiking in the mountains.',
        subject: 'likes:hiking in the mountains',
        value: 'like',
      },
    ],
  ],
  ['I really enjoy jazz.', [{ text: 'User likes jazz.', subject: 'likes:jazz', value: 'like' }]],
  [
    "I don't like coffee.",
    [{ text: 'User does not like coffee.', subject: 'likes:coffee', value: 'dislike', kind: 'negation' }],
  ],
  [
    'I hate cilantro.',
    [{ text: 'User dislikes cilantro.', subject: 'likes:cilantro', value: 'dislike', kind: 'negation' }],
  ],
  [
    'I prefer tea to coffee.',
    [{ text: 'User prefers tea over coffee.', subject: 'prefers:coffee', value: 'tea' }],
  ],
  [
    'My favorite color is green.',
    [{ text: "User's favorite color is green.", subject: 'favorite:color', value: 'green' }],
  ],
  [
    'My favourite book is Dune.',
    [{ text: "User's favorite book is Dune.", subject: 'favorite:book', value: 'dune' }],
  ],
  // interests
  [
    "I'm interested in astronomy.",
    [
      {
        text: 'User is interested in astronomy.',
        subject: 'interest:astronomy',
        value: 'yes',
        category: 'interest',
      },
    ],
  ],
  [
    "I'm learning Japanese.",
    [
      {
        text: 'User is learning Japanese.',
        subject: 'learning:japanese',
        value: 'yes',
        category: 'interest',
      },
    ],
  ],
  [
    'My hobby is woodworking.',
    [{ text: "User's hobbies include woodworking.", subject: 'hobby:woodworking', value: 'yes' }],
  ],
  ['I play the piano.', [{ text: 'User plays the piano.', subject: 'plays:piano', value: 'yes' }]],
  [
    'I speak Portuguese and French.',
    [{ text: 'User speaks Portuguese and French.', subject: 'speaks:portuguese and french', value: 'yes' }],
  ],
  // personal details
  ['I am 34 years old.', [{ text: 'User is 34 years old.', subject: 'age', value: '34' }]],
  ['I was born in 1990.', [{ text: 'User was born in 1990.', subject: 'born', value: '1990' }]],
  ['My birthday is on May 3.', [{ text: "User's birthday is May 3.", subject: 'birthday', value: 'may 3' }]],
  ['I drive a Tesla.', [{ text: 'User owns a Tesla.', subject: 'owns:tesla', value: 'yes' }]],
  // negations
  [
    'I no longer live in Paris.',
    [{ text: 'User no longer lives in Paris.', subject: 'residence', value: 'not paris', kind: 'negation' }],
  ],
  [
    "I don't live in London anymore.",
    [
      {
        text: 'User no longer lives in London.',
        subject: 'residence',
        value: 'not london',
        kind: 'negation',
      },
    ],
  ],
  [
    'I no longer work at Google.',
    [{ text: 'User no longer works at Google.', subject: 'employer', value: 'not google', kind: 'negation' }],
  ],
  [
    'I quit my job at Initech.',
    [
      {
        text: 'User no longer works at Initech.',
        subject: 'employer',
        value: 'not initech',
        kind: 'negation',
      },
    ],
  ],
  [
    "I don't eat meat anymore.",
    [{ text: 'User does not eat or drink meat.', subject: 'consumes:meat', value: 'no', kind: 'negation' }],
  ],
  [
    'I stopped drinking alcohol.',
    [{ text: 'User gave up alcohol.', subject: 'consumes:alcohol', value: 'no', kind: 'negation' }],
  ],
  [
    'I no longer like sushi.',
    [{ text: 'User does not like sushi.', subject: 'likes:sushi', value: 'dislike', kind: 'negation' }],
  ],
  // corrections
  [
    'Actually, my name is Robert.',
    [{ text: "User's name is Robert.", subject: 'name', value: 'robert', kind: 'correction' }],
  ],
  [
    'Actually I live in Lisbon, not Porto.',
    [
      {
        text: 'User lives in Lisbon, not Porto.',
        subject: 'residence',
        value: 'lisbon not porto',
        kind: 'correction',
      },
    ],
  ],
  [
    'Correction: I work at Globex.',
    [{ text: 'User works at Globex.', subject: 'employer', value: 'globex', kind: 'correction' }],
  ],
  [
    'I no longer live in Paris; actually I live in Lisbon now.',
    [
      { text: 'User no longer lives in Paris.', subject: 'residence', value: 'not paris', kind: 'negation' },
      { text: 'User lives in Lisbon.', subject: 'residence', value: 'lisbon', kind: 'correction' },
    ],
  ],
  // nothing about the user
  ['Do I like coffee?', []],
  ['Where do I live?', []],
  ["I'd like a coffee, please.", []],
  ['I would love to visit Japan.', []],
  ['If I lived in Paris I would walk everywhere.', []],
  ['I think it will rain tomorrow.', []],
  ['I want to learn Spanish.', []],
  ["I'm going to the store.", []],
  ['My friend lives in Rome.', []],
  ['You live in the cloud.', []],
  ['What is the capital of France?', []],
  ['The weather is nice today.', []],
  ['Can you recommend a good book?', []],
  ["I'm not sure what to cook tonight.", []],
  ['I did not go to work today.', []],
];

describe('rule-based fact extraction (compromise)', () => {
  it(`has at least 60 sentences in its table (${TABLE.length})`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE)('%s', (sentence, expected) => {
    const facts = extractFactsByRules(sentence);
    expect(
      facts.map((fact) => ({
        text: fact.text,
        subject: fact.subject,
        value: fact.value,
        kind: fact.kind,
        category: fact.category,
      })),
    ).toEqual(
      expected.map((fact) => ({
        text: fact.text,
        subject: fact.subject,
        value: fact.value,
        kind: fact.kind ?? 'fact',
        category: fact.category ?? expect.any(String),
      })),
    );
    for (const fact of facts) {
      expect(fact.importance).toBeGreaterThan(0);
      expect(fact.importance).toBeLessThanOrEqual(1);
    }
  });
});
