import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_PRIVACY_POLICY,
  type PrivacyPolicy,
  SENSITIVE_KINDS,
  type SensitiveKind,
} from '@membolt/contracts';
import {
  detectPatternKinds,
  kindsDecidingFor,
  redactFindings,
  SensitiveDataScanner,
} from './sensitive-data.scanner.js';
import { classifyByKeywords, KeywordSpecialCategoryClassifier } from './special-categories.js';

const redactAll: PrivacyPolicy = Object.fromEntries(
  SENSITIVE_KINDS.map((k) => [k, 'redact']),
) as PrivacyPolicy;
const scanner = new SensitiveDataScanner(new KeywordSpecialCategoryClassifier());
const USER = 'user-1';

/** Per kind: texts holding it (with the exact part found) and texts that must survive untouched. */
const PATTERN_TABLE: ReadonlyArray<{
  kind: SensitiveKind;
  positive: ReadonlyArray<[text: string, found: string]>;
  negative: readonly string[];
}> = [
  {
    kind: 'card_number',
    positive: [
      ['My card is 4111 1111 1111 1111.', '4111 1111 1111 1111'],
      ['Mastercard 5555-5555-5555-4444 expires soon', '5555-5555-5555-4444'],
      ['amex 378282246310005', '378282246310005'],
    ],
    negative: [
      'Order 1234567812345678 shipped',
      'Tracking number 9400111899223100012345',
      'Card 4111 1111 1111 1112 was declined',
      'Invoice 2024-01-15-0042 is paid',
    ],
  },
  {
    kind: 'iban',
    positive: [
      ['Pay to DE89 3704 0044 0532 0130 00 please', 'DE89 3704 0044 0532 0130 00'],
      ['IBAN GB82WEST12345698765432', 'GB82WEST12345698765432'],
      ['virement sur FR1420041010050500013M02606', 'FR1420041010050500013M02606'],
    ],
    negative: ['Reference DE89 3704 0044 0532 0130 01', 'Part number AB12CDEF3456789012 is back in stock'],
  },
  {
    kind: 'national_id',
    positive: [
      ['My SSN is 123-45-6789 and that is private', '123-45-6789'],
      ['NI number AB 12 34 56 C', 'AB 12 34 56 C'],
      ['Mi DNI es 12345678Z', '12345678Z'],
      ['codice fiscale RSSMRA85T10A562S', 'RSSMRA85T10A562S'],
      ['NIR 1 85 05 78 006 084 91', '1 85 05 78 006 084 91'],
      ['my BSN is 111222333', '111222333'],
      ['Passport number: X1234567', 'X1234567'],
    ],
    negative: [
      'Code 666-12-3456 is never issued, nor 123-00-4567',
      'The meeting is on 2024-05-06',
      'Order 12345678A was shipped',
      'Room 123-45 on floor 6789',
      'My passport is expired',
    ],
  },
  {
    kind: 'email',
    positive: [
      ["User's email is bob@example.com.", 'bob@example.com'],
      ['write to jane.doe+news@mail.example.co.uk', 'jane.doe+news@mail.example.co.uk'],
    ],
    negative: ['Follow @membolt on social media', 'The ratio is 3@4 in the spec'],
  },
  {
    kind: 'phone',
    positive: [
      ['Call me at (212) 555-0123 tonight', '(212) 555-0123'],
      ['My London number is +44 20 7946 0958.', '+44 20 7946 0958'],
      ['my phone number is 2125550123', '2125550123'],
    ],
    negative: [
      'Order 2125550123 is on its way',
      'Born on 1990-05-17',
      'Ticket id 4155550123 was closed',
      'Version 10.2.3.4 released',
    ],
  },
  {
    kind: 'street_address',
    positive: [
      ['I live at 221B Baker Street, London', '221B Baker Street'],
      ['Office: 1600 Pennsylvania Avenue NW', '1600 Pennsylvania Avenue NW'],
      ['Wir wohnen in der Hauptstraße 5 in Berlin', 'Hauptstraße 5'],
      ["J'habite au 12 rue de Rivoli", '12 rue de Rivoli'],
    ],
    negative: [
      'I walked down the street yesterday',
      'We met on Main Street',
      'She ran 5 miles on the road',
      'The rue de Rivoli is beautiful',
    ],
  },
  {
    kind: 'secret',
    positive: [
      ['my openai key sk-proj-abcdEFGH1234ijklMNOP5678qrst', 'sk-proj-abcdEFGH1234ijklMNOP5678qrst'],
      ['aws AKIAIOSFODNN7EXAMPLE works', 'AKIAIOSFODNN7EXAMPLE'],
      ['token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789', 'ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'],
      ['Membolt key mblt_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z', 'mblt_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
      ['the api key is Zx81QweRtY7uIoP3', 'Zx81QweRtY7uIoP3'],
      ['blob q8Vt3ZkPx9Lm2Rw7Yn4Bc6Hd1Jf5Gs0A here', 'q8Vt3ZkPx9Lm2Rw7Yn4Bc6Hd1Jf5Gs0A'],
    ],
    negative: [
      'upload 3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b is done',
      'commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixed it',
      'She said supercalifragilisticexpialidocious',
      'Skip the sk-ates',
    ],
  },
  {
    kind: 'password',
    positive: [
      ['My password is hunter2.', 'hunter2'],
      ['wifi password: "Tr0ub4dor&3"', 'Tr0ub4dor&3'],
      ['The PIN is 4821', '4821'],
    ],
    negative: ['I forgot my password again', 'Password reset emails are slow', 'Use a password manager'],
  },
];

describe('pattern detectors', () => {
  describe.each(PATTERN_TABLE)('$kind', ({ kind, positive, negative }) => {
    it.each(positive)('finds it in %j', (text, found) => {
      const findings = detectPatternKinds(text).filter((f) => f.kind === kind);
      expect(findings.map((f) => text.slice(f.start, f.end))).toEqual([found]);
    });
    it.each(negative.map((text) => [text]))('leaves %j alone', (text) => {
      expect(detectPatternKinds(text).filter((f) => f.kind === kind)).toEqual([]);
    });
  });
});

const CATEGORY_TABLE: ReadonlyArray<{ kind: SensitiveKind; positive: string[]; negative: string[] }> = [
  {
    kind: 'health',
    positive: ['I was diagnosed with diabetes last year', 'User takes antidepressants', 'She is pregnant'],
    negative: ['I like hiking in the mountains', 'The server is healthy'],
  },
  {
    kind: 'religion',
    positive: ['I am a practising Catholic', 'User goes to the mosque on Fridays', 'He is an atheist'],
    negative: ['We visited a temple of the Aztecs? no, a museum', 'Christmas shopping is stressful'],
  },
  {
    kind: 'politics',
    positive: [
      'I voted for Labour in the election',
      'User is a member of the Green party',
      'I am a socialist',
    ],
    negative: ['The party on Friday was fun', 'Our team has a conservative estimate'],
  },
  {
    kind: 'sexual_orientation',
    positive: ['I am gay', 'User is bisexual', 'I came out to my parents'],
    negative: ['Go straight ahead at the light', 'I came out of the shop'],
  },
  {
    kind: 'ethnicity',
    positive: ['I am of Nigerian descent', 'User is Hispanic', 'My ethnicity is Han Chinese'],
    negative: ['I painted the wall white', 'The race starts at noon'],
  },
  {
    kind: 'trade_union',
    positive: ['I am a union member at the plant', 'User joined the union last year', 'He is a shop steward'],
    negative: ['The European Union sets tariffs', 'Union types in TypeScript are handy'],
  },
];

describe('special categories, offline classifier', () => {
  describe.each(CATEGORY_TABLE)('$kind', ({ kind, positive, negative }) => {
    it.each(positive.map((t) => [t]))('classes %j', (text) => {
      expect(classifyByKeywords(text)).toContain(kind);
    });
    it.each(negative.map((t) => [t]))('does not class %j', (text) => {
      expect(classifyByKeywords(text)).not.toContain(kind);
    });
  });
});

describe('SensitiveDataScanner.apply', () => {
  it('redacts the default kinds with typed placeholders and says which', async () => {
    const outcome = await scanner.apply(
      'My SSN is 123-45-6789 and my card is 4111 1111 1111 1111. Mail me at bob@example.com.',
      DEFAULT_PRIVACY_POLICY,
      USER,
    );
    expect(outcome).toEqual({
      text: 'My SSN is [national id] and my card is [card number]. Mail me at bob@example.com.',
      redactions: ['card_number', 'national_id'],
      refused: [],
      replaced: [
        { kind: 'national_id', original: '123-45-6789' },
        { kind: 'card_number', original: '4111 1111 1111 1111' },
      ],
    });
  });

  it('refuses, naming every refused kind and changing nothing', async () => {
    const policy = { ...DEFAULT_PRIVACY_POLICY, email: 'refuse', card_number: 'refuse' } as const;
    const outcome = await scanner.apply('card 4111 1111 1111 1111, mail bob@example.com', policy, USER);
    expect(outcome.refused).toEqual(['card_number', 'email']);
    expect(outcome.redactions).toEqual([]);
  });

  it('replaces a sentence of a special category whole', async () => {
    const outcome = await scanner.apply(
      'I live in Lyon. I was diagnosed with asthma. I like tea.',
      redactAll,
      USER,
    );
    expect(outcome.text).toBe('I live in Lyon. [health information]. I like tea.');
    expect(outcome.redactions).toEqual(['health']);
  });

  it('keeps order numbers, dates and ids of every kind under a policy that redacts everything', async () => {
    const text =
      'Order 1234567812345678 of 2024-01-15 (ticket 4155550123, upload 3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b).';
    expect(await scanner.apply(text, redactAll, USER)).toEqual({
      text,
      redactions: [],
      refused: [],
      replaced: [],
    });
  });

  it('does not ask the classifier when every special category is allowed', async () => {
    const asked: string[][] = [];
    const counting = new SensitiveDataScanner({
      classify: (sentences, userId) => {
        asked.push([userId, ...sentences]);
        return Promise.resolve(sentences.map(() => []));
      },
    });
    await counting.apply('I am gay.', DEFAULT_PRIVACY_POLICY, USER);
    expect(asked).toEqual([]);
    await counting.apply('I am gay.', { ...DEFAULT_PRIVACY_POLICY, sexual_orientation: 'redact' }, USER);
    expect(asked).toEqual([[USER, 'I am gay']]);
  });

  it('classifies the sentences of several texts in one call and applies what it answered', async () => {
    const asked: string[][] = [];
    // Stands for a model: it reads meaning the vocabulary table has no word for.
    const model = new SensitiveDataScanner({
      classify: (sentences) => {
        asked.push([...sentences]);
        return Promise.resolve(sentences.map((s) => (s.includes('rough patch') ? ['health' as const] : [])));
      },
    });
    const policy = { ...DEFAULT_PRIVACY_POLICY, health: 'redact' } as const;
    const classified = await model.classifyAll(
      ['I am going through a rough patch. I like tea.', 'rough patch', 'I like tea.'],
      policy,
      USER,
    );
    expect(asked).toEqual([['I am going through a rough patch', 'I like tea', 'rough patch']]);
    const outcome = await model.apply(
      'I am going through a rough patch. I like tea.',
      policy,
      USER,
      classified,
    );
    expect(outcome.text).toBe('[health information]. I like tea.');
    expect(asked).toHaveLength(1);
    expect(await model.classifyAll(['I like tea.'], DEFAULT_PRIVACY_POLICY, USER)).toEqual(new Map());
    expect(asked).toHaveLength(1);
  });
});

describe('detectors a policy needs', () => {
  const PATTERN_KINDS = PATTERN_TABLE.map((row) => row.kind);
  const allowAll = Object.fromEntries(SENSITIVE_KINDS.map((k) => [k, 'allow'])) as PrivacyPolicy;
  // A key named as such whose value is also a valid card number: the secret wins the overlap.
  const OVERLAP = 'the api key is 4111111111111111';
  const TEXTS = [
    ...PATTERN_TABLE.flatMap((row) => [...row.positive.map(([text]) => text), ...row.negative]),
    OVERLAP,
  ];

  it('runs no detector below the kinds a policy acts on, and none when it acts on none', () => {
    expect([...kindsDecidingFor(DEFAULT_PRIVACY_POLICY)].sort()).toEqual(
      ['card_number', 'iban', 'national_id', 'password', 'secret'].sort(),
    );
    expect(kindsDecidingFor(allowAll).size).toBe(0);
    expect(kindsDecidingFor({ ...allowAll, street_address: 'refuse' }).size).toBe(PATTERN_KINDS.length);
  });

  it.each(PATTERN_KINDS)('gives what every detector gives when only %s is redacted', async (kind) => {
    const policy = { ...allowAll, [kind]: 'redact' } as PrivacyPolicy;
    for (const text of TEXTS) {
      const everyFinding = detectPatternKinds(text).filter((f) => f.kind === kind);
      expect((await scanner.apply(text, policy, USER)).text).toBe(redactFindings(text, everyFinding));
    }
  });

  it('lets an allowed kind that ranks higher spare the words it covers', async () => {
    const outcome = await scanner.apply(OVERLAP, { ...allowAll, card_number: 'redact' }, USER);
    expect(outcome).toEqual({ text: OVERLAP, redactions: [], refused: [], replaced: [] });
  });
});
