import nlp from 'compromise';
import type { MemoryCategory } from '@membolt/contracts';
import { type CandidateFact, type FactKind, normaliseValue } from './fact.js';

/**
 * The rule-based extractor: explicit statements a person makes about themselves ("my name is", "I live in",
 * "I like", "I work at", "I'm allergic to", "my daughter ...", negations and corrections such as "I no longer
 * ..." or "actually ..."). compromise splits the text into sentences and expands contractions ("I'm",
 * "don't", "name's"); each clause is then matched against the patterns below, in order, first match wins.
 * Questions, wishes ("I would like"), hypotheticals and statements about other people are not facts about
 * the user and give nothing.
 */
export function extractFactsByRules(text: string): CandidateFact[] {
  // Every rule starts with "I", "my" or "(people) call me": a text without them states nothing about its
  // author, and is not given to compromise (most of an extraction's time).
  if (!FIRST_PERSON.test(text)) return [];
  const doc = nlp(text);
  doc.contractions().expand();
  const facts: CandidateFact[] = [];
  for (const sentence of doc.sentences().out('array') as string[]) {
    if (/\?\s*$/.test(sentence)) continue;
    for (const clause of clausesOf(sentence)) {
      const fact = matchClause(clause);
      if (fact && !facts.some((known) => known.subject === fact.subject && known.value === fact.value))
        facts.push(fact);
    }
  }
  return facts;
}

const FIRST_PERSON = /\b(?:i|im|my|me)\b/i;

/** Clauses of a sentence: split at semicolons and at "but"/"and" before a new "I"/"my" statement. */
function clausesOf(sentence: string): string[] {
  return sentence
    .replace(/[.!]+$/, '')
    .split(/\s*;\s*|,?\s+(?:but|and|so)\s+(?=(?:i|my|actually)\b)/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** Words that end the object of a statement ("I live in Lisbon now" -> "Lisbon"). */
const TRAILING =
  /\s+(?:now|anymore|any more|these days|nowadays|currently|at the moment|too|as well|either|lately|since [\w\s]+|for [\w\s]+ years?|because .*|which .*|where .*)$/i;

const clean = (value: string): string => {
  let result = value.trim();
  for (let i = 0; i < 3; i++) result = result.replace(TRAILING, '').trim();
  return result
    .replace(/^(?:really|very much|so much)\s+/i, '')
    .replace(/[,.!]+$/, '')
    .trim();
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

interface Rule {
  readonly pattern: RegExp;
  readonly build: (match: RegExpMatchArray, kind: FactKind) => Omit<CandidateFact, 'kind'> | null;
}

const fact = (
  text: string,
  category: MemoryCategory,
  importance: number,
  subject: string,
  value: string,
): Omit<CandidateFact, 'kind'> | null => {
  const normalised = normaliseValue(value);
  if (!normalised || normalised.split(' ').length > 8) return null;
  return { text: `${text}.`, category, importance, subject, value: normalised };
};

const RELATIVES =
  'daughter|son|wife|husband|partner|boyfriend|girlfriend|mother|mom|mum|father|dad|brother|sister|grandmother|grandfather|grandma|grandpa|child|baby|fiancée?|dog|cat|puppy|kitten';

/** Negative statements: "I no longer ...", "I do not ... anymore", "I stopped ...". Checked before the positive rules. */
const NEGATIONS: readonly Rule[] = [
  {
    pattern: /^i (?:no longer|do not|don't) (?:live|reside) in (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(
        `User no longer lives in ${capitalise(clean(m[1]!))}`,
        'personal',
        0.6,
        'residence',
        `not ${clean(m[1]!)}`,
      ),
  },
  {
    pattern: /^i (?:no longer|do not|don't) work (?:at|for) (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(`User no longer works at ${clean(m[1]!)}`, 'work', 0.6, 'employer', `not ${clean(m[1]!)}`),
  },
  {
    pattern: /^i (?:(?:have )?(?:quit|left)(?: my job at)?) (.+)$/i,
    build: (m) =>
      fact(`User no longer works at ${clean(m[1]!)}`, 'work', 0.6, 'employer', `not ${clean(m[1]!)}`),
  },
  {
    pattern: /^i (?:no longer|do not|don't|never) (?:like|love|enjoy) (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(
        `User does not like ${clean(m[1]!)}`,
        'preference',
        0.6,
        `likes:${normaliseValue(clean(m[1]!))}`,
        'dislike',
      ),
  },
  {
    pattern: /^i (?:hate|dislike|cannot stand|can not stand|can't stand) (.+)$/i,
    build: (m) =>
      fact(
        `User dislikes ${clean(m[1]!)}`,
        'preference',
        0.6,
        `likes:${normaliseValue(clean(m[1]!))}`,
        'dislike',
      ),
  },
  {
    pattern: /^i (?:no longer|do not|don't) (?:eat|drink) (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(
        `User does not eat or drink ${clean(m[1]!)}`,
        'preference',
        0.7,
        `consumes:${normaliseValue(clean(m[1]!))}`,
        'no',
      ),
  },
  {
    pattern: /^i (?:stopped|gave up|quit) (?:eating |drinking )?(.+)$/i,
    build: (m) =>
      fact(
        `User gave up ${clean(m[1]!)}`,
        'preference',
        0.6,
        `consumes:${normaliseValue(clean(m[1]!).replace(/^(eating|drinking) /, ''))}`,
        'no',
      ),
  },
  {
    pattern: /^i am no longer (?:a |an )?(.+)$/i,
    build: (m) =>
      fact(`User is no longer ${clean(m[1]!)}`, 'personal', 0.5, `is:${normaliseValue(clean(m[1]!))}`, 'no'),
  },
];

const RULES: readonly Rule[] = [
  {
    pattern:
      /^(?:my name is|call me|i am called|people call me|my first name is) ([\p{L}][\p{L}' -]{0,60})$/iu,
    build: (m) => fact(`User's name is ${capitalise(clean(m[1]!))}`, 'personal', 0.9, 'name', clean(m[1]!)),
  },
  {
    pattern: /^i (?:live|reside) in (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern: /^i (?:have |just )?(?:moved|relocated) to (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern: /^i am (?:based|living) in (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern: /^i (?:am|come) (?:originally )?from (.+)$/i,
    build: (m) => fact(`User is from ${capitalise(clean(m[1]!))}`, 'personal', 0.7, 'origin', clean(m[1]!)),
  },
  {
    pattern: /^i (?:work|am working) (?:at|for) (.+?)(?: as (?:a |an )?(.+))?$/i,
    build: (m) =>
      fact(
        `User works at ${clean(m[1]!)}${m[2] ? ` as ${/^[aeiou]/i.test(m[2]) ? 'an' : 'a'} ${clean(m[2])}` : ''}`,
        'work',
        0.8,
        'employer',
        clean(m[1]!),
      ),
  },
  {
    pattern: /^i (?:am employed|have a job) (?:at|by|with) (.+)$/i,
    build: (m) => fact(`User works at ${clean(m[1]!)}`, 'work', 0.8, 'employer', clean(m[1]!)),
  },
  {
    pattern: /^i (?:work|am working) as (?:a |an )?(.+)$/i,
    build: (m) =>
      fact(
        `User works as ${/^[aeiou]/i.test(m[1]!) ? 'an' : 'a'} ${clean(m[1]!)}`,
        'work',
        0.7,
        'occupation',
        clean(m[1]!),
      ),
  },
  {
    pattern: /^my (?:job|profession|occupation) is (?:a |an )?(.+)$/i,
    build: (m) =>
      fact(
        `User works as ${/^[aeiou]/i.test(m[1]!) ? 'an' : 'a'} ${clean(m[1]!)}`,
        'work',
        0.7,
        'occupation',
        clean(m[1]!),
      ),
  },
  {
    pattern: /^i (?:study|am studying) (.+?)(?: at (.+))?$/i,
    build: (m) =>
      fact(
        `User studies ${clean(m[1]!)}${m[2] ? ` at ${clean(m[2])}` : ''}`,
        'work',
        0.6,
        'study',
        clean(m[1]!),
      ),
  },
  {
    pattern: /^i am (?:severely |very |highly )?allergic to (.+)$/i,
    build: (m) =>
      fact(
        `User is allergic to ${clean(m[1]!)}`,
        'personal',
        0.9,
        `allergy:${normaliseValue(clean(m[1]!))}`,
        'yes',
      ),
  },
  {
    pattern: /^i have (?:a |an )?(.+?) allergy$/i,
    build: (m) =>
      fact(
        `User is allergic to ${clean(m[1]!)}`,
        'personal',
        0.9,
        `allergy:${normaliseValue(clean(m[1]!))}`,
        'yes',
      ),
  },
  {
    pattern: new RegExp(
      `^my (${RELATIVES})(?:'s name is| is called| is named) ([\\p{L}][\\p{L}' -]{0,40})$`,
      'iu',
    ),
    build: (m) =>
      fact(
        `User's ${m[1]!.toLowerCase()} is named ${capitalise(clean(m[2]!))}`,
        'personal',
        0.8,
        `family:${m[1]!.toLowerCase()}:name`,
        clean(m[2]!),
      ),
  },
  {
    pattern: new RegExp(`^[Mm]y (${RELATIVES}) ([A-Z][\\p{L}'-]+) (.+)$`, 'u'),
    build: (m) =>
      fact(
        `User's ${m[1]!.toLowerCase()} ${m[2]} ${clean(m[3]!)}`,
        'personal',
        0.7,
        `family:${m[1]!.toLowerCase()}:${normaliseValue(m[2]!)}`,
        clean(m[3]!),
      ),
  },
  {
    pattern: new RegExp(
      `^my (${RELATIVES}) (is|was|has|works|lives|likes|loves|plays|goes|studies) (.+)$`,
      'i',
    ),
    build: (m) =>
      fact(
        `User's ${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()} ${clean(m[3]!)}`,
        'personal',
        0.7,
        `family:${m[1]!.toLowerCase()}:${m[2]!.toLowerCase()}`,
        clean(m[3]!),
      ),
  },
  {
    pattern: new RegExp(
      `^i have (?:a |an |one |two |three |four |\\d+ )?((?:${RELATIVES})s?|children|kids)(?: (?:named|called) (.+))?$`,
      'i',
    ),
    build: (m) =>
      fact(
        `User has ${m[0]!.replace(/^i have /i, '').trim()}`,
        'personal',
        0.7,
        `family:has:${normaliseValue(m[1]!).replace(/s$/, '')}`,
        m[0]!.replace(/^i have /i, ''),
      ),
  },
  {
    pattern: /^my (?:favou?rite) ([\p{L} ]{2,30}?) is (.+)$/iu,
    build: (m) =>
      fact(
        `User's favorite ${m[1]!.toLowerCase()} is ${clean(m[2]!)}`,
        'preference',
        0.7,
        `favorite:${normaliseValue(m[1]!)}`,
        clean(m[2]!),
      ),
  },
  {
    pattern: /^i (?:really |absolutely )?(?:like|love|enjoy|adore) (.+)$/i,
    build: (m) =>
      fact(`User likes ${clean(m[1]!)}`, 'preference', 0.6, `likes:${normaliseValue(clean(m[1]!))}`, 'like'),
  },
  {
    pattern: /^i (?:prefer) (.+?)(?: (?:to|over) (.+))?$/i,
    build: (m) =>
      fact(
        `User prefers ${clean(m[1]!)}${m[2] ? ` over ${clean(m[2])}` : ''}`,
        'preference',
        0.6,
        `prefers:${normaliseValue(clean(m[2] ?? m[1]!))}`,
        clean(m[1]!),
      ),
  },
  {
    pattern:
      /^i am (?:a )?(vegetarian|vegan|pescatarian|gluten[- ]free|lactose[- ]intolerant|teetotal|kosher|halal)$/i,
    build: (m) => fact(`User is ${m[1]!.toLowerCase()}`, 'preference', 0.8, 'diet', m[1]!),
  },
  {
    pattern: /^i am interested in (.+)$/i,
    build: (m) =>
      fact(
        `User is interested in ${clean(m[1]!)}`,
        'interest',
        0.6,
        `interest:${normaliseValue(clean(m[1]!))}`,
        'yes',
      ),
  },
  {
    pattern: /^i am (?:learning|taking up) (.+)$/i,
    build: (m) =>
      fact(
        `User is learning ${clean(m[1]!)}`,
        'interest',
        0.6,
        `learning:${normaliseValue(clean(m[1]!))}`,
        'yes',
      ),
  },
  {
    pattern: /^my (?:hobby is|hobbies are|hobbies include) (.+)$/i,
    build: (m) =>
      fact(
        `User's hobbies include ${clean(m[1]!)}`,
        'interest',
        0.6,
        `hobby:${normaliseValue(clean(m[1]!))}`,
        'yes',
      ),
  },
  {
    pattern: /^i (?:play|practi[sc]e) (.+)$/i,
    build: (m) =>
      fact(`User plays ${clean(m[1]!)}`, 'interest', 0.5, `plays:${normaliseValue(clean(m[1]!))}`, 'yes'),
  },
  {
    pattern: /^i speak (.+)$/i,
    build: (m) =>
      fact(`User speaks ${clean(m[1]!)}`, 'personal', 0.6, `speaks:${normaliseValue(clean(m[1]!))}`, 'yes'),
  },
  {
    pattern: /^i am (\d{1,3}) (?:years old|years of age|yo)$/i,
    build: (m) => fact(`User is ${m[1]} years old`, 'personal', 0.6, 'age', m[1]!),
  },
  {
    pattern: /^i was born (?:in|on) (.+)$/i,
    build: (m) => fact(`User was born in ${clean(m[1]!)}`, 'personal', 0.7, 'born', clean(m[1]!)),
  },
  {
    pattern: /^my birthday is (?:on )?(.+)$/i,
    build: (m) => fact(`User's birthday is ${clean(m[1]!)}`, 'personal', 0.8, 'birthday', clean(m[1]!)),
  },
  {
    pattern: /^my (email|e-mail|phone number|address) is (.+)$/i,
    build: (m) =>
      fact(
        `User's ${m[1]!.toLowerCase()} is ${clean(m[2]!)}`,
        'personal',
        0.7,
        m[1]!.toLowerCase().replace('e-mail', 'email'),
        clean(m[2]!),
      ),
  },
  {
    pattern: /^i (?:drive|own) (?:a |an )(.+)$/i,
    build: (m) =>
      fact(`User owns a ${clean(m[1]!)}`, 'personal', 0.5, `owns:${normaliseValue(clean(m[1]!))}`, 'yes'),
  },
];

/** Openings that mark a correction of something said before. */
const CORRECTION =
  /^(?:actually|correction|to correct (?:myself|that)|sorry|no|wait|i meant)[,:]?\s+(?:i meant\s+(?:that\s+)?)?/i;
/** Statements that are not facts about the user. */
const NOT_A_FACT =
  /^(?:if|when|whether|maybe|perhaps|i (?:would|will|might|could|should|may|wish|want|hope|think|guess|wonder)|i am (?:going|planning|thinking|wondering|not sure|asking)|(?:do|does|did|can|could|would|will|is|are|what|where|who|why|how)\b)/i;

function matchClause(raw: string): CandidateFact | null {
  let clause = raw.replace(/^(?:oh|well|so|also|btw|by the way|fyi|hey|hi|hello)[,!]?\s+/i, '').trim();
  let kind: FactKind = 'fact';
  if (CORRECTION.test(clause)) {
    clause = clause.replace(CORRECTION, '').trim();
    kind = 'correction';
  }
  if (NOT_A_FACT.test(clause)) return null;
  for (const rule of NEGATIONS) {
    const match = clause.match(rule.pattern);
    if (match) {
      const built = rule.build(match, 'negation');
      return built ? { ...built, kind: 'negation' } : null;
    }
  }
  // "I do not like X anymore" was handled above; any other negated statement is not a fact we can state.
  if (/^i (?:do not|did not|am not|have not|never)\b/i.test(clause)) return null;
  for (const rule of RULES) {
    const match = clause.match(rule.pattern);
    if (match) {
      const built = rule.build(match, kind);
      return built ? { ...built, kind } : null;
    }
  }
  return null;
}
