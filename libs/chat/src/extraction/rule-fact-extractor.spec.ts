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
        text: 'User lives in Lisbon.',
        subject: 'residence',
        value: 'lisbon',
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

type Change = Expected & {
  validFrom?: string;
  validTo?: string;
  ends?: readonly Record<string, string>[];
  keepWhenEnding?: boolean;
  rename?: { from: string; to: string };
};

const NOW = new Date('2026-06-15T12:00:00.000Z');
const UNKNOWN = '1970-01-01T00:00:00.000Z';

/**
 * How people state and change facts: moves, changes, facts with times, two facts in one message, negation,
 * corrections, events about the people close to them; and the questions and small talk that say nothing.
 * Dates are read against NOW.
 */
const CHANGES: ReadonlyArray<readonly [string, readonly Change[]]> = [
  // moves
  [
    'I moved from Paris to Berlin.',
    [
      {
        text: 'User lived in Paris.',
        subject: 'residence',
        value: 'paris',
        validFrom: UNKNOWN,
        validTo: NOW.toISOString(),
      },
      { text: 'User lives in Berlin.', subject: 'residence', value: 'berlin' },
    ],
  ],
  ['I now live in Berlin.', [{ text: 'User lives in Berlin.', subject: 'residence', value: 'berlin' }]],
  [
    "Oh, and an update: we've just moved house, we now live in Bordeaux.",
    [{ text: 'User lives in Bordeaux.', subject: 'residence', value: 'bordeaux' }],
  ],
  [
    'We moved from Lyon to Geneva in 2021.',
    [
      {
        text: 'User lived in Lyon.',
        subject: 'residence',
        value: 'lyon',
        validFrom: UNKNOWN,
        validTo: '2021-01-01T00:00:00.000Z',
      },
      {
        text: 'User lives in Geneva.',
        subject: 'residence',
        value: 'geneva',
        validFrom: '2021-01-01T00:00:00.000Z',
      },
    ],
  ],
  [
    'I live in Toulouse with my partner Hugo.',
    [
      { text: 'User lives in Toulouse.', subject: 'residence', value: 'toulouse' },
      { text: "User's partner is named Hugo.", subject: 'family:partner:name', value: 'hugo' },
    ],
  ],
  [
    "It's a short cycle from my flat in Partick.",
    [{ text: 'User lives in Partick.', subject: 'residence', value: 'partick' }],
  ],
  [
    "I'm moving to Oslo in March.",
    [{ text: 'User is moving to Oslo.', subject: 'plan:move', value: 'oslo' }],
  ],
  // facts with times
  [
    'In 2023 I lived in Madrid.',
    [
      {
        text: 'User lived in Madrid.',
        subject: 'residence',
        value: 'madrid',
        validFrom: '2023-01-01T00:00:00.000Z',
        validTo: '2024-01-01T00:00:00.000Z',
      },
    ],
  ],
  [
    'I worked at Initech in March 2019.',
    [
      {
        text: 'User worked at Initech.',
        subject: 'employer',
        value: 'initech',
        validFrom: '2019-03-01T00:00:00.000Z',
        validTo: '2019-04-01T00:00:00.000Z',
      },
    ],
  ],
  [
    'I used to hate olives.',
    [
      {
        text: 'User disliked olives.',
        subject: 'likes:olives',
        value: 'dislike',
        kind: 'negation',
        validFrom: UNKNOWN,
        validTo: NOW.toISOString(),
      },
    ],
  ],
  // occupations and job changes
  ["I'm a paramedic.", [{ text: 'User works as a paramedic.', subject: 'occupation', value: 'paramedic' }]],
  ["I'm a big fan of jazz.", []],
  [
    'I work as an accountant at Hartley & Finch.',
    [{ text: 'User works as an accountant at Hartley & Finch.', subject: 'occupation', value: 'accountant' }],
  ],
  [
    'I just started a new job as a data analyst at the city council.',
    [
      {
        text: 'User works as a data analyst at the city council.',
        subject: 'occupation',
        value: 'data analyst',
      },
    ],
  ],
  [
    'I quit my job at Hartley & Finch yesterday.',
    [
      {
        text: 'User no longer works at Hartley & Finch.',
        subject: 'employer',
        value: 'not hartley finch',
        kind: 'negation',
        ends: [{ slot: 'occupation' }, { mentions: 'Hartley' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    "I'm not teaching anymore, I left in July to train as an electrician.",
    [
      {
        text: 'User is no longer teaching.',
        subject: 'doing:teach',
        value: 'no',
        kind: 'negation',
        ends: [{ mentions: 'teach' }],
        keepWhenEnding: false,
      },
      { text: 'User is training as an electrician.', subject: 'occupation', value: 'trainee electrician' },
    ],
  ],
  // diet, habits, routines, vehicles
  [
    "I'm no longer vegetarian.",
    [
      {
        text: 'User is no longer vegetarian.',
        subject: 'diet',
        value: 'not vegetarian',
        kind: 'negation',
        ends: [{ subject: 'diet', value: 'vegetarian' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    "I've been vegetarian for about ten years.",
    [{ text: 'User is vegetarian.', subject: 'diet', value: 'vegetarian' }],
  ],
  [
    "I've cut out coffee completely and switched to green tea.",
    [
      {
        text: 'User gave up coffee.',
        subject: 'consumes:coffee',
        value: 'no',
        kind: 'negation',
        ends: [{ mentions: 'coffee' }],
        keepWhenEnding: false,
      },
      { text: 'User switched to green tea.', subject: 'consumes:green tea', value: 'yes', ends: [] },
    ],
  ],
  [
    "I've switched to running instead.",
    [
      {
        text: 'User goes running.',
        subject: 'exercise:running',
        value: 'yes',
        ends: [{ slot: 'hobby', subjectPrefix: 'exercise:' }],
      },
    ],
  ],
  [
    'Finally sold the Civic!',
    [
      {
        text: 'User sold their Civic.',
        subject: 'owns:civic',
        value: 'sold',
        kind: 'negation',
        ends: [{ mentions: 'Civic' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    'I bought a second-hand Kia Niro EV on Saturday.',
    [{ text: 'User owns a second-hand Kia Niro EV.', subject: 'owns:second-hand kia niro ev', value: 'yes' }],
  ],
  // relationships and family events
  [
    'Callum and I broke up last weekend.',
    [
      {
        text: 'User and Callum broke up.',
        subject: 'relationship:callum',
        value: 'ended',
        kind: 'negation',
        ends: [{ mentions: 'Callum' }],
      },
    ],
  ],
  [
    'My sister Ana just had a baby.',
    [{ text: "User's sister Ana had a baby.", subject: 'family:ana:baby', value: 'baby' }],
  ],
  [
    'Ana just had a baby girl called Lucía! So I am an aunt now.',
    [
      { text: 'Ana had a baby girl called Lucía.', subject: 'family:ana:baby:lucía', value: 'lucía' },
      { text: 'User is an aunt.', subject: 'role:aunt', value: 'yes' },
    ],
  ],
  [
    'Sad news today. Pepper passed away last night, very peacefully.',
    [
      {
        text: 'Pepper passed away.',
        subject: 'event:died:pepper',
        value: 'died',
        ends: [{ mentions: 'Pepper' }],
      },
    ],
  ],
  [
    'Noah is five and Ella is three.',
    [
      { text: 'Noah is five years old.', subject: 'person:noah:age', value: 'five' },
      { text: 'Ella is three years old.', subject: 'person:ella:age', value: 'three' },
    ],
  ],
  [
    'As of last Tuesday we have three! Baby Freya arrived, 3.2 kilos.',
    [
      { text: 'User has three children.', subject: 'family:has:kid', value: 'three' },
      { text: "User's baby Freya was born.", subject: 'family:child:freya', value: 'born' },
    ],
  ],
  ['We have three.', []],
  // two facts and more in one message
  [
    "Hello! I'm a paramedic, I have two cats called Miso and Tofu, and I'm allergic to penicillin.",
    [
      { text: 'User works as a paramedic.', subject: 'occupation', value: 'paramedic' },
      {
        text: 'User has two cats called Miso and Tofu.',
        subject: 'family:has:cat',
        value: 'two cats called miso and tofu',
      },
      { text: 'User is allergic to penicillin.', subject: 'allergy:penicillin', value: 'yes' },
    ],
  ],
  [
    "My dog is called Rollo, he's a beagle.",
    [
      { text: "User's dog is named Rollo.", subject: 'family:dog:name', value: 'rollo' },
      { text: "User's dog is a beagle.", subject: 'family:dog:is', value: 'beagle' },
    ],
  ],
  // corrections of a name
  [
    'Sorry, typo: his name is Rolo, like the chocolate. Not Rollo.',
    [
      {
        text: 'The name is Rolo, not Rollo.',
        subject: 'rename:rollo',
        value: 'rolo',
        kind: 'correction',
        keepWhenEnding: false,
        rename: { from: 'Rollo', to: 'Rolo' },
      },
    ],
  ],
  // more ways to say a change
  [
    'From 2015 to 2018 I lived in Tokyo.',
    [
      {
        text: 'User lived in Tokyo.',
        subject: 'residence',
        value: 'tokyo',
        validFrom: '2015-01-01T00:00:00.000Z',
        validTo: '2019-01-01T00:00:00.000Z',
      },
    ],
  ],
  [
    'I got laid off from Amazon last week.',
    [
      {
        text: 'User was laid off from Amazon.',
        subject: 'employer',
        value: 'not amazon',
        kind: 'negation',
        ends: [{ slot: 'occupation' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    "I'm not a vegan anymore.",
    [
      {
        text: 'User is no longer vegan.',
        subject: 'diet',
        value: 'not vegan',
        kind: 'negation',
        ends: [{ subject: 'diet', value: 'vegan' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    'My husband Tom and I got divorced last year.',
    [
      {
        text: 'User and Tom broke up.',
        subject: 'relationship:tom',
        value: 'ended',
        kind: 'negation',
        ends: [{ mentions: 'Tom' }],
      },
    ],
  ],
  [
    'I traded in my Golf for a Polestar 2.',
    [
      {
        text: 'User owns a Polestar 2.',
        subject: 'owns:polestar 2',
        value: 'yes',
        ends: [{ mentions: 'Golf' }],
      },
    ],
  ],
  [
    'I no longer play the piano.',
    [
      {
        text: 'User no longer plays the piano.',
        subject: 'doing:play:piano',
        value: 'no',
        kind: 'negation',
        ends: [{ mentions: 'piano' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    "I'm a software engineer at Spotify.",
    [
      {
        text: 'User works as a software engineer at Spotify.',
        subject: 'occupation',
        value: 'software engineer',
      },
    ],
  ],
  [
    'I work as a nurse and I have a golden retriever called Biscuit.',
    [
      { text: 'User works as a nurse.', subject: 'occupation', value: 'nurse' },
      {
        text: 'User has a golden retriever called Biscuit.',
        subject: 'pet:biscuit',
        value: 'golden retriever',
      },
    ],
  ],
  ['I have asthma.', [{ text: 'User has asthma.', subject: 'health:asthma', value: 'yes' }]],
  // a clause's own time; present perfect; people; vehicles
  [
    "I grew up in Cork but I've lived in London since 2018.",
    [
      { text: 'User grew up in Cork.', subject: 'origin', value: 'cork' },
      {
        text: 'User lives in London.',
        subject: 'residence',
        value: 'london',
        validFrom: '2018-01-01T00:00:00.000Z',
      },
    ],
  ],
  [
    "I've lived in Paris.",
    [
      {
        text: 'User lived in Paris.',
        subject: 'residence',
        value: 'paris',
        validFrom: UNKNOWN,
        validTo: NOW.toISOString(),
      },
    ],
  ],
  [
    'I was a chef for ten years before I became a firefighter.',
    [
      {
        text: 'User worked as a chef.',
        subject: 'occupation',
        value: 'chef',
        validFrom: UNKNOWN,
        validTo: NOW.toISOString(),
      },
      { text: 'User works as a firefighter.', subject: 'occupation', value: 'firefighter' },
    ],
  ],
  ["I'm Tomasz.", [{ text: "User's name is Tomasz.", subject: 'name', value: 'tomasz' }]],
  ["I'm British.", []],
  ["I'm a Londoner.", []],
  ['I got married before I was 30.', []],
  [
    'My brother moved to Dubai last month.',
    [{ text: "User's brother moved to Dubai.", subject: 'family:brother:residence', value: 'dubai' }],
  ],
  [
    'My partner Alex and I live in Bath.',
    [
      { text: 'User lives in Bath.', subject: 'residence', value: 'bath' },
      { text: "User's partner is named Alex.", subject: 'family:partner:name', value: 'alex' },
    ],
  ],
  [
    "I'm no longer with Marco, we ended things in October.",
    [
      {
        text: 'User and Marco broke up.',
        subject: 'relationship:marco',
        value: 'ended',
        kind: 'negation',
        ends: [{ mentions: 'Marco' }],
      },
    ],
  ],
  [
    'My Vespa got stolen last night.',
    [
      {
        text: "User's Vespa was stolen.",
        subject: 'owns:vespa',
        value: 'lost',
        kind: 'negation',
        ends: [{ mentions: 'Vespa' }],
        keepWhenEnding: false,
      },
    ],
  ],
  [
    'I now drive an electric Mini.',
    [
      {
        text: 'User owns an electric Mini.',
        subject: 'owns:electric mini',
        value: 'yes',
        ends: [{ slot: 'vehicle', subjectPrefix: 'owns:' }],
      },
    ],
  ],
  // questions and small talk
  [
    'Our old cat Pepper is nineteen, can you believe it?',
    [{ text: "User's cat Pepper is nineteen.", subject: 'family:cat:pepper', value: 'is nineteen' }],
  ],
  ['Lovely sunny day here, I might go for a walk by the canal later.', []],
  ['Ugh, Mondays. How are you doing today?', []],
  ['Anyway, did you catch the match last night?', []],
  ['Geneva is pricey but we love it here.', []],
  ["Until then I'm staying put in Camden and packing slowly.", []],
];

describe('rule-based extraction of changes, times and several facts', () => {
  it.each(CHANGES)('%s', (sentence, expected) => {
    const facts = extractFactsByRules(sentence, NOW);
    expect(
      facts.map((fact) => ({
        text: fact.text,
        subject: fact.subject,
        value: fact.value,
        kind: fact.kind,
        validFrom: fact.validFrom,
        validTo: fact.validTo,
        ends: fact.ends,
        keepWhenEnding: fact.keepWhenEnding,
        rename: fact.rename,
      })),
    ).toEqual(
      expected.map((fact) => ({
        text: fact.text,
        subject: fact.subject,
        value: fact.value,
        kind: fact.kind ?? 'fact',
        validFrom: fact.validFrom,
        validTo: fact.validTo,
        ends: fact.ends,
        keepWhenEnding: fact.keepWhenEnding,
        rename: fact.rename,
      })),
    );
  });
});
