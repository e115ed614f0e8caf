import { createRequire } from 'node:module';
import type Compromise from 'compromise';
import type * as Chrono from 'chrono-node';
import type { MemoryCategory } from '@membolt/contracts/rules';
import { type CandidateFact, type FactEnding, type FactKind, normaliseValue } from './fact.js';

/**
 * compromise and chrono hold ~14 MB of heap once loaded: they are loaded at the first extraction, not when
 * the process starts (decision 182).
 */
const requireHere = createRequire(import.meta.url);
let compromise: typeof Compromise | undefined;
let chronoModule: typeof Chrono | undefined;
const nlp = (text: string) => (compromise ??= requireHere('compromise') as typeof Compromise)(text);
const chrono = {
  parse: (...args: Parameters<typeof Chrono.parse>) =>
    (chronoModule ??= requireHere('chrono-node') as typeof Chrono).parse(...args),
};

/**
 * The rule-based extractor: explicit statements a person makes about themselves ("my name is", "I live in",
 * "I'm a paramedic", "I'm allergic to", "my sister Ana ..."), the changes they announce ("I moved from Leeds
 * to Bristol", "I'm no longer vegetarian", "I quit my job at ...", "we broke up", "sold the Civic", "Pepper
 * passed away"), facts with a time ("In 2023 I lived in Madrid": valid from 2023 to 2024; "I used to ...":
 * closed) and corrections ("his name is Rolo, not Rollo"). compromise splits the text into sentences and
 * expands contractions ("I'm", "we've", "he's"); each sentence is cut into clauses (two facts in one
 * message), and each clause is matched against the patterns below, in order, first match wins. chrono finds
 * the time phrases, which give the fact its validity when they name a year and are cut out of the clause.
 * Questions, wishes ("I would like"), hypotheticals, plans and small talk are not facts about the user and
 * give nothing.
 */
export function extractFactsByRules(text: string, now: Date = new Date()): CandidateFact[] {
  return statesNothing(text) ? [] : extractFactsByReading(text, now);
}

/**
 * Whether the rules can tell, without compromise (most of an extraction's time, and the thread that runs it),
 * that a text states no fact: it names neither the user nor an event of someone close to them, or it is one
 * plain question. A question of one clause gives nothing (`extractFactsByReading` drops a question's last
 * clause); a text qualifies only when nothing in it can make compromise see a second sentence (no other
 * sentence mark, quote, bracket or line) or the clauses see a second clause (no comma, colon, semicolon, no
 * word a clause is cut at, no slang compromise expands into "to"). The spec checks the full reading gives
 * nothing for every text this answers true for.
 */
export function statesNothing(text: string): boolean {
  if (renameIn(text)) return false;
  if (!FIRST_PERSON.test(text) && !NAMED_EVENT.test(text) && !UNSAID_I.test(text)) return true;
  return PLAIN_QUESTION.test(text) && !CLAUSE_CUT_WORD.test(text);
}

/** One line of words (letters, digits, apostrophes, hyphens, spaces) ending in question marks. */
const PLAIN_QUESTION = /^[ \t]*[\p{L}\p{N}][\p{L}\p{N} \t'\u2019-]*\?+[ \t]*$/u;
/** Words clausesOf cuts at, and contractions compromise expands into "to" (which it may cut at). */
const CLAUSE_CUT_WORD =
  /\b(?:and|but|so|when|because|before|after|to|gonna|wanna|gotta|hafta|oughta|finna|tryna)\b/i;

/** The rules' reading of a text: `extractFactsByRules` without its shortcut for plain questions. */
export function extractFactsByReading(text: string, now: Date): CandidateFact[] {
  // Every rule starts from the user ("I", "my", "we", "our") or names someone close to them in an event
  // ("Pepper passed away", "Noah is five"): a text with neither states nothing, and is not given to
  // compromise.
  const rename = renameIn(text);
  if (!rename && !FIRST_PERSON.test(text) && !NAMED_EVENT.test(text) && !UNSAID_I.test(text)) return [];
  const facts: CandidateFact[] = [];
  const push = (fact: CandidateFact) => {
    if (!facts.some((known) => known.subject === fact.subject && known.value === fact.value))
      facts.push(fact);
  };
  if (rename) push(rename);
  const doc = nlp(text);
  doc.contractions().expand();
  const context: MessageContext = { relative: null, birth: BIRTH.test(text) };
  for (const sentence of doc.sentences().out('array') as string[]) {
    let clauses = clausesOf(sentence);
    // In "Our cat Pepper is nineteen, can you believe it?" only the last clause asks.
    if (/\?\s*$/.test(sentence)) clauses = clauses.length > 1 ? clauses.slice(0, -1) : [];
    // A clause's own time, else the time an earlier clause of the sentence named ("In 2023 I lived in Madrid
    // and taught English"): a later clause's time ("I grew up in Cork but I have lived in London since 2018")
    // is not the earlier one's.
    let period: Period | null = null;
    for (const clause of clauses) {
      period = periodOf(clause, now) ?? period;
      for (const fact of factsOfClause(clause, period, now, context)) push(fact);
    }
  }
  return facts;
}

const FIRST_PERSON = /\b(?:i|im|my|me|we|our|us)\b/i;
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty';
const NAMED_EVENT = new RegExp(
  `\\b(?:passed away|died|had (?:a|her|his|their) baby|was born|arrived|is (?:\\d{1,3}|${NUMBER_WORDS})\\b)`,
  'i',
);
/** A sentence that leaves its "I" unsaid: "Finally sold the Civic!" */
const UNSAID_I =
  /(?:^|[.!?]\s+)(?:just |finally |recently )?(?:sold|bought|quit|moved|switched|started|cut out|gave up|stopped)\b/i;
/** A message about a birth: "we have three" then counts children. */
const BIRTH = /\b(?:baby|was born|arrived|newborn)\b/i;
/** The start of a fact whose end is not known: the model has no open start, and "always" reads right. */
export const UNKNOWN_START = '1970-01-01T00:00:00.000Z';

interface MessageContext {
  /** The last relative the message named ("my dog ..."), for "he is a beagle". */
  relative: string | null;
  readonly birth: boolean;
  /** A break-up with someone named was read: "we ended things" after it says the same again. */
  brokeUp?: boolean;
}

interface Period {
  readonly from: string;
  readonly to: string;
}

/**
 * The period a sentence names with a certain year: "in 2023" (chrono does not read a bare year), "in March
 * 2019", "since 2020". Relative times ("yesterday", "last weekend") give no validity: they are cut out only.
 */
function periodOf(sentence: string, now: Date): Period | null {
  const range = sentence.match(
    /\b(?:from|between)\s+((?:19|20)\d\d)\s+(?:to|and|until|till)\s+((?:19|20)\d\d)\b/i,
  );
  if (range && Number(range[1]) <= Number(range[2]) && Number(range[2]) <= now.getUTCFullYear()) {
    return {
      from: new Date(Date.UTC(Number(range[1]), 0, 1)).toISOString(),
      to: new Date(Date.UTC(Number(range[2]) + 1, 0, 1)).toISOString(),
    };
  }
  const year = sentence.match(/\b(?:in|during|since|from|until|by|of)\s+((?:19|20)\d\d)\b/i);
  if (year && !/\bborn\b/i.test(sentence)) {
    const y = Number(year[1]);
    if (y <= now.getUTCFullYear())
      return {
        from: new Date(Date.UTC(y, 0, 1)).toISOString(),
        to: new Date(Date.UTC(y + 1, 0, 1)).toISOString(),
      };
  }
  for (const result of chrono.parse(sentence, now)) {
    // Only a period that names its year ("March 2019"): "now" and "today" are certain too, but say nothing.
    if (!/\b(?:19|20)\d\d\b/.test(result.text) || !result.start.isCertain('month')) continue;
    const start = result.start.date();
    if (start.getTime() > now.getTime() || /\bborn\b/i.test(sentence)) continue;
    const from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    const to = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    return { from: from.toISOString(), to: to.toISOString() };
  }
  return null;
}

/** Cuts the time phrases out of a clause ("I quit my job at X yesterday" -> "I quit my job at X"). */
function withoutTimes(clause: string, now: Date): string {
  let result = clause;
  // "every Tuesday and Thursday" is a routine, part of the fact, not the time it was said.
  const dates = /\bevery\b/i.test(clause) ? [] : chrono.parse(clause, now);
  for (const found of dates.reverse()) {
    result = result.slice(0, found.index) + result.slice(found.index + found.text.length);
  }
  return result
    .replace(/\b(?:from|between)\s+(?:19|20)\d\d\s+(?:to|and|until|till)\s+(?:19|20)\d\d\b/gi, '')
    .replace(/\b(?:back )?(?:in|during|since|from|until|by|of)\s+(?:19|20)\d\d\b/gi, '')
    .replace(
      /\b(?:in|during|this|last|next)\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter|weekend|week|month|year)\b/gi,
      '',
    )
    .replace(
      /\b(?:for|over) (?:about |around |almost |nearly |over |the (?:last|past) )?(?:\d+|a few|a couple of|several|many|${NUMBER_WORDS}) (?:years?|months?|weeks?|days?)\b/gi,
      '',
    )
    .replace(/\b(?:ago|so far|again|recently)\b/gi, '')
    .replace(/\s+(?:as of|in|on|since|from|until|at|during)\s*(?=$|[,.!])/gi, '')
    .replace(/^(?:as of|in|on|since|from|until|during)\s+(?=(?:i|we|my|our)\b)/i, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Words that may start a new statement after a comma, "and", "but", "so" or "when". */
const STATEMENT_START =
  '(?:i|my|we|our|he|she|it|they|his|her|actually|now|these days|working|living|studying|can you|could you|do you|did you|what|how|(?:just |finally )?(?:sold|bought|taught|worked|lived|studied|moved|switched|started|quit|left|cut out|gave up|stopped))\\b';

/** Clauses of a sentence: split at semicolons and colons, and before a new statement. */
function clausesOf(sentence: string): string[] {
  return (
    sentence
      .replace(/[.!?]+$/, '')
      // "Callum and I broke up" is one statement; "Noah is five and Ella is three" is two.
      .replace(
        /\b([A-Z\u00C0-\u024F][\p{L}'-]+) and I (?=(?:broke|split|separated|divorced|have|are|were|got|called|ended)\b)/gu,
        '$1 \uE000I ',
      )
      // "My husband and I bought a house": the user's own statement.
      .replace(new RegExp(`^(?:my|our) (?:${PARTNERS.join('|')}) and I (?=\\w)`, 'iu'), 'I ')
      // "My partner Alex and I live in Bath" too, but not "My name is Zoë and I live in Porto".
      .replace(
        new RegExp(`\\b(${PEOPLE}) (${NAME}) and I (?=(?:live|lived|moved|met)\\b)`, 'giu'),
        '$1 $2 \uE000I ',
      )
      .split(/\s+and\s+(?=[A-Z\u00C0-\u024F][\p{L}'-]+ (?:is|was|has|lives|works)\b)/u)
      .flatMap((part) =>
        part.split(
          new RegExp(
            `\\s*[;:]\\s*|,?\\s+(?:but|and|so|when|because|before|after)\\s+(?=${STATEMENT_START})|,\\s+(?=${STATEMENT_START})|\\s+to\\s+(?=(?:train|retrain|become|study)\\b)`,
            'i',
          ),
        ),
      )
      .map((clause) => clause.replace(/\uE000/g, 'and ').trim())
      .filter(Boolean)
      // "Actually, my name is Robert": the correction mark belongs to the statement after it.
      .reduce<string[]>((clauses, clause) => {
        const last = clauses[clauses.length - 1];
        if (last !== undefined && /^(?:actually|sorry|correction|no|wait)[,:]?$/i.test(last))
          clauses[clauses.length - 1] = `${last} ${clause}`;
        else clauses.push(clause);
        return clauses;
      }, [])
  );
}

/** Openings that say nothing ("Oh, and an update: ..."), cut before the statement is read. */
const FILLER =
  /^(?:oh|well|so|also|btw|by the way|fyi|hey|hi|hiya|hello|morning|good morning|and|but|anyway|honestly|big news|good news|great news|sad news|funny story|an update|update|ok|okay|yes|yeah|cheers|until then|then|back|now|these days|nowadays|currently|today|at the moment|as of|turns out|it turns out|just a heads up|heads up|quick update|so yeah)\b[,!]?\s*/i;
/** Openings that mark a correction of something said before. */
const CORRECTION =
  /^(?:actually|correction|to correct (?:myself|that)|sorry|no|wait|i meant)[,:]?\s+(?:i meant\s+(?:that\s+)?)?/i;
/** Statements that are not facts about the user. */
const NOT_A_FACT =
  /^(?:if|when|whether|maybe|perhaps|i (?:would|will|might|could|should|may|wish|want|hope|think|guess|wonder|need)|i am (?:going|planning|thinking|wondering|not sure|asking|staying)|(?:do|does|did|can|could|would|will|is|are|what|where|who|why|how)\b)/i;
/** A fact's text told in the past ("User lives in Madrid." -> "User lived in Madrid."). */
function inThePast(text: string): string {
  return text.replace(
    /^User (lives|works|teaches|studies|owns|likes|dislikes|drinks|eats|goes|plays|is|has|speaks)\b/,
    (_, verb: string) => `User ${PAST_OF[verb] ?? verb}`,
  );
}

const PAST_OF: Readonly<Record<string, string>> = {
  lives: 'lived',
  works: 'worked',
  teaches: 'taught',
  studies: 'studied',
  owns: 'owned',
  likes: 'liked',
  dislikes: 'disliked',
  drinks: 'drank',
  eats: 'ate',
  goes: 'went',
  plays: 'played',
  is: 'was',
  has: 'had',
  speaks: 'spoke',
};

/** Past tenses read as the present of a fact that has ended. */
const PAST_TENSE: Readonly<Record<string, string>> = {
  lived: 'live',
  worked: 'work',
  taught: 'teach',
  studied: 'study',
  drove: 'drive',
  owned: 'own',
  played: 'play',
};

interface ReadClause {
  readonly text: string;
  readonly kind: FactKind;
  readonly past: boolean;
}

/**
 * The clause in the shape the rules read: fillers cut, "we" read as "I", past tenses marked. `ongoing`: the
 * clause as said names a time that runs to now ("since 2018", "for six years"), so "I have lived in London"
 * is where the user lives, not where they once did.
 */
function readClause(raw: string, context: MessageContext, ongoing = false): ReadClause {
  let clause = raw
    .replace(/[,.!]+$/, '')
    // Asides after the statement: "..., very peacefully", "..., honestly could not stand them", "..., 3.2 kilos".
    .replace(/,\s+(?:(?:very|so|quite|really|too) )?\w+ly\b.*$/i, '')
    .replace(/,\s+(?:honestly|especially|though|which|who|like|not that|\d[\d.,]*)\b.*$/i, '')
    // "..., have been since uni", "..., much closer to the sea", "..., mind you". "..., not Oakfield" says what
    // the statement replaces, which the reconciliation closes.
    .replace(/,\s+not\s+[^,]+$/i, '')
    .replace(
      /,\s+(?:have been|been|ever since|since|much|way|far|mind you|to be honest|for (?:work|now|good)|the|this|that)\b.*$/i,
      '',
    )
    .trim();
  let kind: FactKind = 'fact';
  for (let i = 0; i < 4; i++) {
    const before = clause;
    clause = clause.replace(FILLER, '').trim();
    if (CORRECTION.test(clause)) {
      clause = clause.replace(CORRECTION, '').trim();
      kind = 'correction';
    }
    if (clause === before) break;
  }
  clause = clause
    .replace(/^we\b/i, 'i')
    .replace(/^i are\b/i, 'i am')
    .replace(/^i were\b/i, 'i was')
    .replace(/^our\b/i, 'my')
    .replace(
      /^(?:just |finally |recently )?(?=(?:sold|bought|taught|worked|lived|studied|moved|switched|started|quit|left|cut out|gave up|stopped|train|retrain)\b)/i,
      'i ',
    )
    .replace(/^(working|living|studying|training)\b/i, 'i am $1')
    .replace(
      /^i( have| am| had)? (?:just|recently|finally|already|also|now|still|currently|actually|really|only|mostly|mainly|usually|always|normally|generally) /i,
      'i$1 ',
    )
    // "I have been in Bristol since last spring": where they live; without a time that runs to now, a visit.
    .replace(/^i (?:have )?got (?=(?:a|an|two|three|four|\d+|some) )/i, 'i have ')
    .replace(/^i have been (?:living |based )?in (?=[A-Z\u00C0-\u024F])/i, (said) =>
      ongoing ? 'i live in ' : said,
    )
    .replace(/^i have been (?!together|in )/i, 'i am ')
    .replace(/^i (?:have |had )?(?:become|became)\b/i, 'i am')
    .replace(
      new RegExp(
        `^i (?:have )?(?:gone|went|turned) (?:fully |completely |totally )?(?=(?:${DIETS})\\b)`,
        'i',
      ),
      'i am ',
    )
    .replace(/^i (?:have )?(?:started|began|begun) (?:learning|to learn)\b/i, 'i am learning')
    .replace(/^i (?:have )?(?:started|began|begun) (?:playing|to play)\b/i, 'i play');
  if (context.relative) clause = clause.replace(/^(?:he|she|it)\b/i, `my ${context.relative}`);
  const named = clause.match(new RegExp(`^my (?:${ADJECTIVES})?(${RELATIVES})\\b`, 'i'));
  if (named) context.relative = named[1]!.toLowerCase();
  let past = false;
  const perfect = clause.match(/^i have (lived|worked|taught|studied|owned|played)\b/i);
  if (perfect) {
    // "I have lived in Paris" is an experience; "... since 2018" is where they still live.
    past = !ongoing;
    clause = `i ${PAST_TENSE[perfect[1]!.toLowerCase()]}${clause.slice(perfect[0].length)}`;
  }
  if (/^i used to /i.test(clause)) {
    past = true;
    clause = clause.replace(/^i used to /i, 'i ');
  }
  const tense = clause.match(/^i (lived|worked|taught|studied|drove|owned|played)\b/i);
  if (tense) {
    past = true;
    clause = `i ${PAST_TENSE[tense[1]!.toLowerCase()]}${clause.slice(tense[0].length)}`;
  } else if (/^i was (?!born|made|laid|fired|let|raised|brought)/i.test(clause)) {
    past = true;
    clause = clause.replace(/^i was /i, 'i am ');
  }
  return { text: clause, kind, past };
}

function factsOfClause(
  raw: string,
  period: Period | null,
  now: Date,
  context: MessageContext,
): CandidateFact[] {
  // The clause without its time phrases first ("I quit my job at X yesterday"), then as said ("I was born
  // in 1990").
  const untimed = withoutTimes(raw, now);
  const ongoing = /\b(?:since|for|now|still|these days|currently)\b/i.test(raw);
  let read = readClause(untimed, context, ongoing);
  if (NOT_A_FACT.test(read.text)) return [];
  let built = matchClause(read.text, context);
  if (built.length === 0 && untimed !== raw) {
    read = readClause(raw, context, ongoing);
    if (NOT_A_FACT.test(read.text)) return [];
    built = matchClause(read.text, context);
  }
  // "... before I was 30" says when, not how old the user is.
  if (read.past) built = built.filter((fact) => !/^age\b/.test(fact.subject));
  // "I now drive an electric Mini": the vehicle replaces the one they had.
  if (/\b(?:now|these days|nowadays)\b/i.test(raw))
    built = built.map((fact) =>
      fact.subject.startsWith('owns:') && fact.value === 'yes' && !fact.ends
        ? { ...fact, ends: [{ slot: 'vehicle', subjectPrefix: 'owns:' }] }
        : fact,
    );
  return built.map(({ pastUntilPeriod, ...fact }) => {
    const kind = fact.kind ?? read.kind;
    if (pastUntilPeriod) {
      const to = period && period.from < now.toISOString() ? period.from : now.toISOString();
      return { ...fact, kind, validFrom: UNKNOWN_START, validTo: to };
    }
    if (/^(?:born|birthday|age|name|origin)\b/.test(fact.subject)) return { ...fact, kind };
    if (read.past) {
      const to = period && period.to < now.toISOString() ? period.to : now.toISOString();
      return {
        ...fact,
        kind,
        text: inThePast(fact.text),
        validFrom: period?.from ?? UNKNOWN_START,
        validTo: to,
      };
    }
    return period ? { ...fact, kind, validFrom: period.from } : { ...fact, kind };
  });
}

type Built = Omit<CandidateFact, 'kind'> & {
  readonly kind?: FactKind;
  /** A fact that held until the period the sentence names, or until now ("I moved from Leeds ..."). */
  readonly pastUntilPeriod?: boolean;
};

/** Words that end the object of a statement ("I live in Lisbon now" -> "Lisbon"). */
const TRAILING =
  /\s+(?:now|anymore|any more|these days|nowadays|currently|at the moment|too|as well|either|lately|instead|completely|so far|again|since [\w\s]+|for [\w\s]+ years?|for (?:work|now|good|the time being)|to (?:work|school|uni|college)|every day|daily|because .*|which .*|where .*|especially .*)$/i;

const clean = (value: string): string => {
  let result = value.trim().replace(/[,.!]+$/, '');
  for (let i = 0; i < 3; i++)
    result = result
      .replace(TRAILING, '')
      .trim()
      .replace(/[,.!]+$/, '');
  return result
    .replace(/^(?:really|very much|so much)\s+/i, '')
    .replace(/[,.!]+$/, '')
    .trim();
};

const capitalise = (value: string) =>
  /^(?:a|an|the) /.test(value) ? value : value.charAt(0).toUpperCase() + value.slice(1);
const article = (word: string) =>
  /^[aeiou]/i.test(word) && !/^(?:ux|uni|use|usu|eu|one)/i.test(word) ? 'an' : 'a';
/** Words that start a sentence as a name would, and are none ("It died", "This is 5"). */
const PRONOUN =
  /^(?:it|this|that|he|she|they|there|here|what|who|everything|nothing|something|someone|everyone|one)$/i;

interface Rule {
  readonly pattern: RegExp;
  readonly build: (match: RegExpMatchArray, context: MessageContext) => Built | readonly Built[] | null;
}

const fact = (
  text: string,
  category: MemoryCategory,
  importance: number,
  subject: string,
  value: string,
  extra: Partial<Built> = {},
): Built | null => {
  const normalised = normaliseValue(value);
  if (!normalised || normalised.split(' ').length > 8) return null;
  return { text: `${text}.`, category, importance, subject, value: normalised, ...extra };
};

const RELATIVES =
  'daughter|son|wife|husband|partner|boyfriend|girlfriend|mother|mom|mum|father|dad|brother|sister|grandmother|grandfather|grandma|grandpa|grandson|granddaughter|niece|nephew|aunt|uncle|cousin|child|baby|fiancée?|dog|cat|puppy|kitten|hamster|rabbit|parrot|horse';
/** People who are not family, whom the user may still name ("my manager is called Priya"). */
const PEOPLE = `${RELATIVES}|friend|best friend|manager|boss|colleague|coworker|flatmate|roommate|housemate|neighbou?r`;
const ADJECTIVES = '(?:(?:old|little|older|younger|big|baby|eldest|oldest|youngest|new|late|lovely) )?';
const PARTNERS = [
  'boyfriend',
  'girlfriend',
  'partner',
  'husband',
  'wife',
  'spouse',
  'fiance',
  'fiancé',
  'fiancée',
];
const NAME = "[A-Z\\u00C0-\\u024F][\\p{L}'-]+";

/** Roles in a family, not occupations ("So I'm an aunt now"). */
const FAMILY_ROLES =
  /^(?:aunt|auntie|uncle|mother|mum|mom|father|dad|parent|grandmother|grandfather|grandparent|grandma|grandpa|godmother|godfather|godparent|stepmother|stepfather|stepmom|stepdad|twin|only child|widow|widower|big sister|big brother|older sister|older brother|little sister|little brother)$/i;
/** Nouns that name a job, by themselves or by their ending. */
const OCCUPATION =
  /(?:^|\s)(?:nurse|doctor|chef|cook|pilot|clerk|judge|coach|tutor|vet|medic|midwife|nanny|barista|architect|engineer|surgeon|dentist|pharmacist|firefighter|plumber|electrician|carpenter|baker|butcher|farmer|lawyer|solicitor|barrister|attorney|paralegal|student|retiree|freelancer|cashier|waiter|waitress|bartender|[a-z]+(?:ist|ian|ant|ent|ic|eer|ologist|ographer|or|er|man|woman|person))$/i;
/** "I'm a big fan", "I'm a morning person": a noun phrase about a trait, not a job. */
const NOT_OCCUPATION =
  /\b(?:fan|lover|person|people|member|beginner|user|customer|fast|slow|big|huge|good|bad|great|terrible|total|bit|little|lot|bit of|kind|sort|fussy|picky|heavy|light|early|late|night|morning|sucker|believer|smoker|drinker|eater|sleeper|learner|talker|owner|winner|loser|mess|wreck)\b/i;
/** Nouns that name a vehicle, or makes that do. */
const VEHICLE =
  /\b(?:car|van|truck|lorry|motorbike|motorcycle|scooter|bike|bicycle|ev|suv|hatchback|estate|camper|toyota|honda|ford|kia|hyundai|tesla|volkswagen|vw|bmw|audi|mercedes|renault|peugeot|citroen|citroën|fiat|skoda|seat|volvo|nissan|mazda|subaru|mini|jeep|porsche|dacia|vauxhall|opel|lexus|polestar|byd|moped|vespa|yamaha|ducati|harley|triumph|kawasaki)\b/i;
const DIETS =
  'vegetarian|vegan|pescatarian|gluten[- ]free|lactose[- ]intolerant|teetotal|kosher|halal|dairy[- ]free|keto|coeliac|celiac';

/** The head noun of a thing eaten or drunk, singular ("about four coffees a day" -> "coffee"). */
function headNoun(phrase: string): string {
  const words = phrase
    .replace(/\b(?:a|an|per|every|each) (?:day|week|month|morning|night|evening)\b.*$/i, '')
    .replace(
      /\b(?:about|around|roughly|maybe|like|some|lots of|a lot of|too much|too many|much|many|\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|cups? of|glass(?:es)? of|bottles? of)\b/gi,
      ' ',
    )
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const head = words.join(' ');
  const singular = nlp(head).nouns().toSingular().text() || head;
  return normaliseValue(singular);
}

/** A job, said as "as an accountant at Hartley & Finch": the memory text and the occupation. */
function job(
  role: string,
  employer: string | undefined,
  extra: Partial<Built> = {},
  preposition = 'at',
): Built | null {
  const r = clean(role);
  const e = employer ? clean(employer) : undefined;
  return fact(
    `User works as ${article(r)} ${r}${e ? ` ${preposition} ${e}` : ''}`,
    'work',
    0.8,
    'occupation',
    r,
    extra,
  );
}

/** Ends of a job: the employer and occupation facts. */
const JOB_ENDS: readonly FactEnding[] = [{ slot: 'occupation' }];

/** Negative statements and changes: "I no longer ...", "I quit ...", "we broke up". Checked first. */
const CHANGES: readonly Rule[] = [
  {
    pattern: /^i (?:no longer|do not|don't) (?:live|reside) in (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(
        `User no longer lives in ${capitalise(clean(m[1]!))}`,
        'personal',
        0.6,
        'residence',
        `not ${clean(m[1]!)}`,
        {
          kind: 'negation',
          ends: [{ subject: 'residence', value: normaliseValue(clean(m[1]!)) }],
          keepWhenEnding: false,
        },
      ),
  },
  {
    pattern: /^i (?:no longer|do not|don't) work (?:at|for) (.+?)(?: anymore| any more)?$/i,
    build: (m) =>
      fact(`User no longer works at ${clean(m[1]!)}`, 'work', 0.6, 'employer', `not ${clean(m[1]!)}`, {
        kind: 'negation',
        ends: [{ mentions: firstWord(clean(m[1]!)) }],
        keepWhenEnding: false,
      }),
  },
  {
    pattern:
      /^i (?:have )?(?:quit|resigned from|handed in my notice at|left my (?:job|position|role|post) (?:at|with))(?: my (?:job|position|role|post))?(?: (?:at|with))? (?!\w+ing\b)(.+)$/i,
    build: (m) =>
      fact(`User no longer works at ${clean(m[1]!)}`, 'work', 0.6, 'employer', `not ${clean(m[1]!)}`, {
        kind: 'negation',
        ends: [...JOB_ENDS, { mentions: firstWord(clean(m[1]!)) }],
        keepWhenEnding: false,
      }),
  },
  {
    pattern: /^i (?:have )?(?:quit|left|lost) my (?:job|position|role|post)$/i,
    build: () =>
      fact('User left their job', 'work', 0.6, 'employer', 'none', {
        kind: 'negation',
        ends: JOB_ENDS,
        keepWhenEnding: false,
      }),
  },
  {
    pattern: /^i am (?:retired|unemployed|between jobs|out of work)$/i,
    build: (m) =>
      fact(
        `User is ${m[0]!.replace(/^i am /i, '')}`,
        'work',
        0.7,
        'occupation',
        m[0]!.replace(/^i am /i, ''),
        {
          ends: JOB_ENDS,
        },
      ),
  },
  {
    pattern:
      /^i (?:no longer|(?:do not|did not)(?=.+ (?:anymore|any more)$)) (?:have|own|drive|ride) (?:(?:my|the|a|an|our) )?(.+?)(?: anymore| any more)?$/i,
    build: (m) => {
      const thing = clean(m[1]!);
      return fact(`User no longer has ${thing}`, 'personal', 0.5, `owns:${normaliseValue(thing)}`, 'no', {
        kind: 'negation',
        ends: [{ mentions: lastWord(thing) }],
        keepWhenEnding: false,
      });
    },
  },
  {
    pattern:
      /^my (.+?) (?:got|was|has been) (stolen|nicked|written off|totalled|totaled|scrapped|destroyed)$/i,
    build: (m) => {
      const thing = clean(m[1]!);
      const what = m[2]!.toLowerCase() === 'nicked' ? 'stolen' : m[2]!.toLowerCase();
      return fact(`User's ${thing} was ${what}`, 'personal', 0.5, `owns:${normaliseValue(thing)}`, 'lost', {
        kind: 'negation',
        ends: [{ mentions: lastWord(thing) }],
        keepWhenEnding: false,
      });
    },
  },
  {
    pattern:
      /^i (?:have |got |was |am |have been )?(?:laid off|made redundant|fired|let go|sacked)(?: (?:from|by) (.+))?$/i,
    build: (m) =>
      fact(
        `User was laid off${m[1] ? ` from ${clean(m[1])}` : ''}`,
        'work',
        0.7,
        'employer',
        m[1] ? `not ${clean(m[1])}` : 'none',
        {
          kind: 'negation',
          ends: JOB_ENDS,
          // The closed job says where they worked; "laid off" with nothing to close is kept.
          keepWhenEnding: false,
        },
      ),
  },
  {
    pattern: /^i (?:have |am )?retired(?: (?:from|after|as|at|in) .*)?$/i,
    build: () => fact('User is retired', 'work', 0.7, 'occupation', 'retired', { ends: JOB_ENDS }),
  },
  {
    // "I'm not vegan any more"; "Turns out I'm not actually lactose intolerant" (a correction).
    pattern: new RegExp(
      `^i am not (?:actually |really )?(?:a |an )?(${DIETS})(?: (?:anymore|any more|after all))?$`,
      'i',
    ),
    build: (m) =>
      fact(`User is no longer ${m[1]!.toLowerCase()}`, 'preference', 0.6, 'diet', `not ${m[1]!}`, {
        kind: 'negation',
        ends: [{ subject: 'diet', value: normaliseValue(m[1]!) }],
        keepWhenEnding: false,
      }),
  },
  {
    pattern: /^i am (?:not|no longer) (\w+?)ing(?: anymore| any more)?$/i,
    build: (m) =>
      fact(
        `User is no longer ${m[1]!.toLowerCase()}ing`,
        'personal',
        0.5,
        `doing:${m[1]!.toLowerCase()}`,
        'no',
        {
          kind: 'negation',
          ends: [{ mentions: stem(m[1]!) }],
          keepWhenEnding: false,
        },
      ),
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
        {
          kind: 'negation',
        },
      ),
  },
  {
    pattern: /^i (?:hate|dislike|cannot stand|can not stand|can't stand|detest) (.+)$/i,
    build: (m) =>
      fact(
        `User dislikes ${clean(m[1]!)}`,
        'preference',
        0.6,
        `likes:${normaliseValue(clean(m[1]!))}`,
        'dislike',
        {
          kind: 'negation',
        },
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
        {
          kind: 'negation',
          ends: [{ slot: 'diet', mentions: headNoun(clean(m[1]!)) }],
        },
      ),
  },
  {
    pattern:
      /^i (?:have )?(?:stopped|gave up|given up|quit|cut out|cut down on|kicked) (?:eating |drinking |having )?(.+)$/i,
    build: (m) => {
      const thing = clean(m[1]!).replace(/^(?:eating|drinking) /i, '');
      return fact(`User gave up ${thing}`, 'preference', 0.6, `consumes:${headNoun(thing)}`, 'no', {
        kind: 'negation',
        ends: [{ mentions: headNoun(thing) }],
        keepWhenEnding: false,
      });
    },
  },
  {
    pattern: new RegExp(`^i am no longer (?:a |an )?(${DIETS})$`, 'i'),
    build: (m) =>
      fact(`User is no longer ${m[1]!.toLowerCase()}`, 'preference', 0.6, 'diet', `not ${m[1]!}`, {
        kind: 'negation',
        ends: [{ subject: 'diet', value: normaliseValue(m[1]!) }],
        keepWhenEnding: false,
      }),
  },
  {
    pattern:
      /^i am no longer (?!(?:with|together|seeing|dating|in a relationship|married to)\b)(?:a |an )?(.+)$/i,
    build: (m) =>
      fact(`User is no longer ${clean(m[1]!)}`, 'personal', 0.5, `is:${normaliseValue(clean(m[1]!))}`, 'no', {
        kind: 'negation',
        ends: [{ mentions: firstWord(clean(m[1]!)) }],
        keepWhenEnding: false,
      }),
  },
  {
    pattern:
      /^i (?:have )?(?:traded|swapped|exchanged)(?: in)? (?:my |the |our )?(.+?) for (?:a |an )?(.+)$/i,
    build: (m) => {
      const thing = clean(m[2]!);
      return fact(
        `User owns ${article(thing)} ${thing}`,
        'personal',
        0.6,
        `owns:${normaliseValue(thing)}`,
        'yes',
        {
          ends: [{ mentions: lastWord(clean(m[1]!)) }],
        },
      );
    },
  },
  {
    pattern: /^i (?:have )?sold (?:my |the |our )?(.+)$/i,
    build: (m) => {
      const thing = clean(m[1]!);
      return fact(`User sold their ${thing}`, 'personal', 0.5, `owns:${normaliseValue(thing)}`, 'sold', {
        kind: 'negation',
        ends: [{ mentions: lastWord(thing) }],
        keepWhenEnding: false,
      });
    },
  },
  {
    pattern: new RegExp(
      `^(?:(?:my (?:${PARTNERS.join('|')}) )?(${NAME}) and i|i and (${NAME})|(?:my (?:${PARTNERS.join('|')}) and )?i) (?:have )?(?:got )?(?:broke|broken|split|separated|divorced)(?: up)?(?: with (?:my (?:${PARTNERS.join('|')}) )?(${NAME}))?$`,
      'iu',
    ),
    build: (m, context) => breakUp(m[1] ?? m[2] ?? m[3], context),
  },
  {
    pattern: new RegExp(
      `^i am no longer (?:with|together with|seeing|dating|in a relationship with|married to) (?:my (?:${PARTNERS.join('|')}) )?(${NAME})$`,
      'iu',
    ),
    build: (m, context) => breakUp(m[1], context),
  },
  {
    pattern: new RegExp(
      `^(?:(?:my (?:${PARTNERS.join('|')}) )?(${NAME}) and i|i) (?:are|am) no longer (?:together|a couple|an item)(?: with (?:my (?:${PARTNERS.join('|')}) )?(${NAME}))?$`,
      'iu',
    ),
    build: (m, context) => breakUp(m[1] ?? m[2], context),
  },
  {
    pattern: new RegExp(
      `^(?:(?:my (?:${PARTNERS.join('|')}) )?(${NAME}) and i|i) (?:have )?(?:ended things|ended it|called it off|called it quits|went (?:our|my) separate ways|(?:called|broke) off (?:the|our|my) (?:engagement|wedding|relationship))(?: with (?:my (?:${PARTNERS.join('|')}) )?(${NAME}))?$`,
      'iu',
    ),
    build: (m, context) => breakUp(m[1] ?? m[2], context),
  },
  {
    pattern: new RegExp(
      `^(?:my (?:${ADJECTIVES})?(${RELATIVES}) )?(${NAME}) (?:has )?(?:passed away|died|(?:had to be|was|has been) put (?:down|to sleep))(?: .*)?$`,
      'iu',
    ),
    build: (m) => {
      if (PRONOUN.test(m[2]!)) return null;
      const who = m[1] ? `User's ${m[1].toLowerCase()} ${m[2]}` : m[2]!;
      return fact(`${who} passed away`, 'personal', 0.8, `event:died:${normaliseValue(m[2]!)}`, 'died', {
        ends: [{ mentions: m[2]! }],
      });
    },
  },
  {
    pattern: new RegExp(
      `^my (?:${ADJECTIVES})?(${RELATIVES}) (?:has )?(?:passed away|died|(?:had to be|was|has been) put (?:down|to sleep))(?: .*)?$`,
      'i',
    ),
    build: (m) =>
      fact(
        `User's ${m[1]!.toLowerCase()} passed away`,
        'personal',
        0.8,
        `event:died:${m[1]!.toLowerCase()}`,
        'died',
      ),
  },
  {
    pattern: /^i (?:no longer|do not|don't) (\w+) (.+?)(?: anymore| any more)?$/i,
    build: (m) => {
      const thing = clean(m[2]!);
      if (/^(?:know|think|want|need|have|see|care|mind|remember|understand|feel|get|go)$/i.test(m[1]!))
        return null;
      return fact(
        `User no longer ${m[1]!.toLowerCase()}s ${thing}`,
        'personal',
        0.5,
        `doing:${m[1]!.toLowerCase()}:${normaliseValue(thing)}`,
        'no',
        {
          kind: 'negation',
          ends: [{ mentions: lastWord(thing) }],
          keepWhenEnding: false,
        },
      );
    },
  },
  {
    pattern: /^i (?:have )?switched (?:from (.+?) )?to (.+)$/i,
    build: (m) => {
      const thing = clean(m[2]!);
      const from = m[1] ? [{ mentions: headNoun(clean(m[1])) }] : [];
      if (/^\w+ing\b/i.test(thing)) {
        const activity = thing.split(' ')[0]!.toLowerCase();
        return fact(`User goes ${thing}`, 'interest', 0.6, `exercise:${activity}`, 'yes', {
          ends: [...from, { slot: 'hobby', subjectPrefix: 'exercise:' }],
        });
      }
      return fact(`User switched to ${thing}`, 'preference', 0.6, `consumes:${headNoun(thing)}`, 'yes', {
        ends: from,
      });
    },
  },
];

const firstWord = (value: string) => value.replace(/^(?:the|a|an|my) /i, '').split(/\s+/)[0] ?? value;
const lastWord = (value: string) => value.split(/\s+/).pop() ?? value;
/** The stem of a verb, to find the facts that state it ("teaching" -> "teach"). */
const stem = (verb: string) =>
  verb
    .toLowerCase()
    .replace(/(.)\1$/, '$1')
    .replace(/e$/, '');

/** What the user states about themselves and those close to them. */
const RULES: readonly Rule[] = [
  {
    pattern:
      /^(?:my name is|call me|i am called|people call me|my first name is) ([\p{L}][\p{L}' -]{0,60})$/iu,
    build: (m) => fact(`User's name is ${capitalise(clean(m[1]!))}`, 'personal', 0.9, 'name', clean(m[1]!)),
  },
  {
    pattern: new RegExp(`^i (?:live|reside) in (.+?)(?:,? with (?:my (${PEOPLE}) (${NAME})|.+))?$`, 'iu'),
    build: (m) => {
      const place = clean(m[1]!);
      const home = fact(`User lives in ${capitalise(place)}`, 'personal', 0.8, 'residence', place);
      if (!home || !m[2]) return home;
      const who = m[2].toLowerCase();
      const mate = fact(`User's ${who} is named ${m[3]}`, 'personal', 0.8, `family:${who}:name`, m[3]!);
      return mate ? [home, mate] : home;
    },
  },
  {
    pattern:
      /^i (?:have )?(?:moved|relocated)(?: back)?(?: house| home)?(?: from (.+?))? to (.+?)(?: from (.+))?$/i,
    build: (m) => {
      const to = clean(m[2]!);
      if (/^(?:there|here|it|this|that)$/i.test(to)) return null;
      const facts: Built[] = [];
      const before = m[1] ?? m[3];
      if (before) {
        const from = clean(before);
        const left = fact(`User lived in ${capitalise(from)}`, 'personal', 0.6, 'residence', from, {
          pastUntilPeriod: true,
        });
        if (left) facts.push(left);
      }
      const home = fact(`User lives in ${capitalise(to)}`, 'personal', 0.8, 'residence', to);
      if (home) facts.push(home);
      return facts;
    },
  },
  {
    pattern: /^i (?:have )?(?:settled|ended up|landed|made (?:a |my )?home) in (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    // "I'm Tomasz": a first name compromise knows, not "I'm British" or "I'm Exhausted".
    pattern: new RegExp(`^[Ii] am (${NAME})$`, 'u'),
    build: (m) =>
      nlp(m[1]!).has('#FirstName') ? fact(`User's name is ${m[1]}`, 'personal', 0.9, 'name', m[1]!) : null,
  },
  {
    pattern: new RegExp(`^i (?:am )?married to (${NAME})$`, 'iu'),
    build: (m) =>
      fact(
        `User is married to ${m[1]}`,
        'personal',
        0.8,
        `family:spouse:${normaliseValue(m[1]!)}`,
        'married',
      ),
  },
  {
    pattern: /^i am (?:now )?back (?:home )?in (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern:
      /^i (?:have )?(?:bought|purchased) (?:a|an|my|our) (?:new |first )?(?:house|home|flat|apartment|place|cottage|bungalow) in (.+)$/i,
    build: (m) =>
      fact(`User bought a home in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern:
      /^i (?:run|own|am running|have) (?:my own|a|an|our own) (?:little |small )?(café|cafe|coffee shop|shop|restaurant|bakery|bar|pub|business|company|firm|studio|salon|practice|agency|startup|farm|hotel|clinic|gym|bookshop)(?: (in|on|at) (.+))?$/i,
    build: (m) => {
      const business = m[1]!.toLowerCase();
      return fact(
        `User runs their own ${business}${m[3] ? ` ${m[2]!.toLowerCase()} ${clean(m[3])}` : ''}`,
        'work',
        0.8,
        'occupation',
        `owner of ${business}`,
      );
    },
  },
  {
    pattern: /^i (?:now )?call (.+) home$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern: /^i am (?:based|living|settled) in (.+)$/i,
    build: (m) =>
      fact(`User lives in ${capitalise(clean(m[1]!))}`, 'personal', 0.8, 'residence', clean(m[1]!)),
  },
  {
    pattern: /\bmy (?:flat|house|home|apartment|place) (?:is )?in ([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)*)/u,
    build: (m) => fact(`User lives in ${m[1]}`, 'personal', 0.7, 'residence', m[1]!),
  },
  {
    pattern: /^i am (?:moving|relocating) to (.+)$/i,
    build: (m) => {
      const to = clean(m[1]!);
      if (/^(?:there|here)$/i.test(to)) return null;
      return fact(`User is moving to ${capitalise(to)}`, 'personal', 0.6, 'plan:move', to);
    },
  },
  {
    pattern: /^i (?:grew up|was raised|was brought up|was born and raised|was born and bred) in (.+)$/i,
    build: (m) =>
      fact(`User grew up in ${capitalise(clean(m[1]!))}`, 'personal', 0.7, 'origin', clean(m[1]!)),
  },
  {
    pattern: /^i (?:am|come) (?:originally )?from (.+)$/i,
    build: (m) => fact(`User is from ${capitalise(clean(m[1]!))}`, 'personal', 0.7, 'origin', clean(m[1]!)),
  },
  {
    pattern:
      /^i (?:have )?(?:accepted|got|been offered|landed) (?:a |an )?(?:new )?job(?: offer)? (in|at|with) (.+)$/i,
    build: (m) =>
      fact(
        `User accepted a job offer ${m[1]!.toLowerCase()} ${clean(m[2]!)}`,
        'work',
        0.7,
        'job-offer',
        clean(m[2]!),
      ),
  },
  {
    pattern:
      /^i (?:have )?(?:started|begun|began|got|took|landed|accepted|start|am starting)(?: a| my)?(?: new)? (?:job|position|role|post)? ?as (?:a |an )?(.+?)(?: (?:at|with|for) (.+))?$/i,
    build: (m) => job(m[1]!, m[2]),
  },
  {
    pattern:
      /^i (?:work|am working)(?: remotely| from home| freelance| part[- ]time| full[- ]time)? as (?:a |an )?(.+?)(?: (?:at|for|with) (.+))?$/i,
    build: (m) => job(m[1]!, m[2]),
  },
  {
    pattern: /^i (?:work|am working) (?:at|for) (.+?)(?: as (?:a |an )?(.+))?$/i,
    build: (m) =>
      fact(
        `User works at ${clean(m[1]!)}${m[2] ? ` as ${article(m[2])} ${clean(m[2])}` : ''}`,
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
    pattern: /^i (?:work|am working) in ([\p{L} -]{2,40}?) (?:at|for|with) (.+)$/iu,
    build: (m) =>
      fact(`User works in ${clean(m[1]!)} at ${clean(m[2]!)}`, 'work', 0.8, 'employer', clean(m[2]!)),
  },
  {
    pattern:
      /^i (?:am|was|got|have been|have got) promoted to (?:a |an |the )?(?:role of )?(.+?)(?: (?:at|with|for) (.+))?$/i,
    build: (m) => job(m[1]!, m[2]),
  },
  {
    pattern: /^my (?:job|profession|occupation) is (?:a |an )?(.+)$/i,
    build: (m) =>
      fact(`User works as ${article(m[1]!)} ${clean(m[1]!)}`, 'work', 0.7, 'occupation', clean(m[1]!)),
  },
  {
    pattern: /^i (?:teach|am teaching) (at|in) (.+)$/i,
    build: (m) =>
      fact(`User teaches ${m[1]!.toLowerCase()} ${clean(m[2]!)}`, 'work', 0.8, 'occupation', 'teacher'),
  },
  {
    pattern: /^i (?:teach|am teaching) (.+?)(?: (at|in) (.+))?$/i,
    build: (m) =>
      fact(
        `User teaches ${clean(m[1]!)}${m[3] ? ` ${m[2]!.toLowerCase()} ${clean(m[3])}` : ''}`,
        'work',
        0.8,
        'occupation',
        `teacher of ${clean(m[1]!)}`,
      ),
  },
  {
    pattern: /^i (?:am )?(?:train|training|retrain|retraining) (?:as|to be|to become) (?:a |an )?(.+)$/i,
    build: (m) => {
      const role = clean(m[1]!);
      return fact(
        `User is training as ${article(role)} ${role}`,
        'work',
        0.7,
        'occupation',
        `trainee ${role}`,
      );
    },
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
    pattern: /^i am (?:severely |very |highly |mildly )?allergic to (.+)$/i,
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
      `^my (?:${ADJECTIVES})?(${PEOPLE})(?:'s name is| is called| is named| name is) (${NAME}(?: ${NAME})?)$`,
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
    pattern: new RegExp(
      `^my (?:${ADJECTIVES})?(${RELATIVES}) (${NAME}) and i (?:have been|are|got) (together|married|engaged|dating)(.*)$`,
      'iu',
    ),
    build: (m) => {
      const who = m[1]!.toLowerCase();
      return fact(
        `User's ${who} is ${m[2]}; they have been ${m[3]!.toLowerCase()}${clean(m[4] ?? '') ? ` ${clean(m[4]!)}` : ''}`,
        'personal',
        0.8,
        `family:${who}:${normaliseValue(m[2]!)}`,
        m[3]!,
      );
    },
  },
  {
    // "My partner Alex and I live in Bath": where the user lives, and who Alex is, as two facts (a break-up
    // with Alex then ends the second only).
    pattern: new RegExp(`^(?:my (?:${ADJECTIVES})?(${PEOPLE}) )?(${NAME}) and i (.+)$`, 'iu'),
    build: (m, context) => {
      if (PRONOUN.test(m[2]!)) return null;
      const own = matchClause(`i ${m[3]!}`, context);
      if (!m[1]) return own;
      const who = m[1].toLowerCase();
      const named = fact(`User's ${who} is named ${m[2]}`, 'personal', 0.8, `family:${who}:name`, m[2]!);
      return named ? [...own, named] : own;
    },
  },
  {
    pattern: new RegExp(
      `^my (?:${ADJECTIVES})?(${RELATIVES}) (${NAME}) (?:has |have )?(?:just |recently )?had (?:a |her |his |their )?(baby(?: girl| boy)?|son|daughter|twins)(?:,? (?:called|named) (${NAME}))?$`,
      'iu',
    ),
    build: (m) => babyFact(m[2]!, m[3]!, m[4], m[1]),
  },
  {
    pattern: new RegExp(`^(?:[Mm]y|[Oo]ur) (?:${ADJECTIVES})?(${PEOPLE}) (${NAME}) (.+)$`, 'u'),
    build: (m) => relativeFact(m[1]!, m[2], m[3]!),
  },
  {
    pattern: new RegExp(
      `^my (?:${ADJECTIVES})?(${RELATIVES}) (is|was|has|works|lives|likes|loves|plays|goes|studies|got|started|moved|had|retired|left|quit|became|runs|owns|teaches|drives|graduated|married|speaks) (.+)$`,
      'i',
    ),
    build: (m) => relativeFact(m[1]!, undefined, `${m[2]!} ${m[3]!}`),
  },
  {
    pattern: new RegExp(
      `^i have (?:a |an |one |two |three |four |five |six |\\d+ )?((?:${RELATIVES})s?|children|kids)(?:(?:,? (?:named|called)|,) (.+))?$`,
      'i',
    ),
    build: (m) =>
      fact(
        `User has ${clean(m[0]!.replace(/^i have /i, ''))}`,
        'personal',
        0.7,
        `family:has:${normaliseValue(m[1]!)
          .replace(/^children$/, 'kid')
          .replace(/^child$/, 'kid')
          .replace(/s$/, '')}`,
        clean(m[0]!.replace(/^i have /i, '')),
      ),
  },
  {
    // "as of last Tuesday we have three!" in a message about a birth: the count of children.
    pattern: new RegExp(`^i (?:now )?have (${NUMBER_WORDS}|\\d+)$`, 'i'),
    build: (m, context) =>
      context.birth
        ? fact(`User has ${m[1]!.toLowerCase()} children`, 'personal', 0.7, 'family:has:kid', m[1]!)
        : null,
  },
  {
    pattern: new RegExp(
      `^(?:my |our )?(?:new )?baby(?: girl| boy)? (${NAME}) (?:has )?(?:arrived|was born)$`,
      'iu',
    ),
    build: (m) =>
      fact(`User's baby ${m[1]} was born`, 'personal', 0.8, `family:child:${normaliseValue(m[1]!)}`, 'born'),
  },
  {
    pattern: new RegExp(
      `^(${NAME}) (?:has |have )?(?:just |recently )?had (?:a |her |his |their )?(baby(?: girl| boy)?|son|daughter|twins)(?:,? (?:called|named) (${NAME}))?$`,
      'u',
    ),
    build: (m) => babyFact(m[1]!, m[2]!, m[3]),
  },
  {
    pattern: new RegExp(
      `^(${NAME}) is (\\d{1,2}|${NUMBER_WORDS})(?: years old)?(?: (?:and|but|now|already|today)\\b.*)?$`,
      'u',
    ),
    build: (m) =>
      PRONOUN.test(m[1]!)
        ? null
        : fact(
            `${m[1]} is ${m[2]!.toLowerCase()} years old`,
            'personal',
            0.6,
            `person:${normaliseValue(m[1]!)}:age`,
            m[2]!,
          ),
  },
  {
    pattern: new RegExp(
      `^i (?:now )?(?:have|got|adopted|rescued|bought|took in) (?:(a|an|two|three|four|five|\\d+) )?(?:new )?([\\p{L} -]{2,30}?) (?:called|named) (${NAME}(?: and ${NAME})?)$`,
      'iu',
    ),
    build: (m) => {
      const animal = m[2]!.toLowerCase();
      const count = m[1] && !/^an?$/i.test(m[1]) ? m[1].toLowerCase() : article(animal);
      return fact(
        `User has ${count} ${animal} called ${m[3]}`,
        'personal',
        0.7,
        `pet:${normaliseValue(m[3]!)}`,
        animal,
      );
    },
  },
  {
    pattern:
      /^i (?:have|suffer from|live with|was diagnosed with|am diagnosed with|got diagnosed with) (asthma|diabetes|type [12] diabetes|epilepsy|migraines?|arthritis|adhd|autism|dyslexia|anxiety|depression|high blood pressure|coeliac disease|celiac disease|eczema|psoriasis|ibs|crohn's(?: disease)?|long covid|tinnitus|a bad back|back pain)$/i,
    build: (m) =>
      fact(`User has ${m[1]!.toLowerCase()}`, 'personal', 0.8, `health:${normaliseValue(m[1]!)}`, 'yes'),
  },
  {
    pattern:
      /^i am (diabetic|epileptic|asthmatic|pregnant|deaf|blind|colou?r-?blind|dyslexic|autistic|hard of hearing)\b(.*)$/i,
    build: (m) =>
      fact(
        `User is ${m[1]!.toLowerCase()}${clean(m[2]!) ? ` ${clean(m[2]!)}` : ''}`,
        'personal',
        0.8,
        `health:${m[1]!.toLowerCase()}`,
        'yes',
      ),
  },
  {
    pattern: /^i (?:have )?graduated(?: from (.+?))?(?: with (?:a |an )?(.+))?$/i,
    build: (m) =>
      m[1] || m[2]
        ? fact(
            `User graduated${m[1] ? ` from ${clean(m[1])}` : ''}${m[2] ? ` with ${article(m[2])} ${clean(m[2])}` : ''}`,
            'work',
            0.7,
            `study:graduated:${normaliseValue(clean(m[1] ?? m[2]!))}`,
            clean(m[2] ?? m[1]!),
          )
        : null,
  },
  {
    pattern: new RegExp(
      `^i (?:am |got |have got )?engaged to (?:my (?:boyfriend|girlfriend|partner) )?(${NAME})$`,
      'iu',
    ),
    build: (m) =>
      fact(
        `User is engaged to ${m[1]}`,
        'personal',
        0.8,
        `family:fiance:${normaliseValue(m[1]!)}`,
        'engaged',
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
    build: (m) => {
      const thing = clean(m[1]!).replace(/,.*$/, '');
      if (/^(?:it|them|this|that|you|him|her)\b/i.test(thing)) return null;
      return fact(`User likes ${thing}`, 'preference', 0.6, `likes:${normaliseValue(thing)}`, 'like');
    },
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
    pattern: new RegExp(`^i am (?:a |an )?(${DIETS})$`, 'i'),
    build: (m) => fact(`User is ${m[1]!.toLowerCase()}`, 'preference', 0.8, 'diet', m[1]!),
  },
  {
    pattern: /^i (?:have )?(?:started|begun|began|am) (eating|drinking) (.+)$/i,
    build: (m) => {
      const thing = clean(m[2]!);
      const verb = m[1]!.toLowerCase() === 'eating' ? 'eats' : 'drinks';
      return fact(`User ${verb} ${thing}`, 'preference', 0.6, `consumes:${normaliseValue(thing)}`, 'yes');
    },
  },
  {
    pattern: /^i (eat|drink) (.+)$/i,
    build: (m) => {
      const thing = clean(m[2]!).replace(/,.*$/, '');
      return fact(
        `User ${m[1]!.toLowerCase()}s ${thing}`,
        'preference',
        0.6,
        `consumes:${headNoun(thing)}`,
        normaliseValue(thing),
      );
    },
  },
  {
    pattern: /^i go (\w+ing)\b(.*)$/i,
    build: (m) =>
      fact(
        `User goes ${m[1]!.toLowerCase()}${clean(m[2]!) ? ` ${clean(m[2]!)}` : ''}`,
        'interest',
        0.6,
        `exercise:${m[1]!.toLowerCase()}`,
        'yes',
      ),
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
    pattern: /^i am (\d{1,3})(?: years old| years of age| yo)?(?:,? not \d{1,3})?$/i,
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
    pattern: /^i (?:have|have got) (?:a |an )(.+)$/i,
    build: (m) =>
      VEHICLE.test(clean(m[1]!))
        ? fact(`User owns a ${clean(m[1]!)}`, 'personal', 0.5, `owns:${normaliseValue(clean(m[1]!))}`, 'yes')
        : null,
  },
  {
    pattern: /^i (?:drive|own|ride) (?:a |an )(.+)$/i,
    build: (m) => {
      const thing = clean(m[1]!);
      return fact(
        `User owns ${article(thing)} ${thing}`,
        'personal',
        0.5,
        `owns:${normaliseValue(thing)}`,
        'yes',
      );
    },
  },
  {
    pattern: /^i (?:have )?(?:bought|got|purchased|picked up) (?:myself )?(?:a |an )(.+)$/i,
    build: (m) => {
      const thing = clean(m[1]!);
      return VEHICLE.test(thing)
        ? fact(
            `User owns ${article(thing)} ${thing}`,
            'personal',
            0.6,
            `owns:${normaliseValue(thing)}`,
            'yes',
          )
        : null;
    },
  },
  {
    pattern: /^i am (?:a |an )([\p{L} -]{2,40}?)(?: (at|for|with|in) (.+))?$/iu,
    build: (m) => {
      // "I'm a Londoner", "a New Yorker": a proper noun says where they are from, not what they do.
      if (
        /^\p{Lu}/u.test(m[1]!) &&
        clean(m[1]!)
          .split(' ')
          .every((word) => /^\p{Lu}/u.test(word))
      )
        return null;
      const what = clean(m[1]!).toLowerCase();
      if (!m[2] && FAMILY_ROLES.test(what))
        return fact(
          `User is ${article(what)} ${what}`,
          'personal',
          0.7,
          `role:${normaliseValue(what)}`,
          'yes',
        );
      if (what.split(' ').length > 3 || NOT_OCCUPATION.test(what) || !OCCUPATION.test(what)) return null;
      return job(what, m[3], {}, m[2]?.toLowerCase());
    },
  },
];

/**
 * A break-up: with someone named, the facts that name them end; else the partner facts do. Said twice in one
 * message ("I'm no longer with Marco, we ended things"), the second says nothing new.
 */
function breakUp(name: string | undefined, context: MessageContext): Built | null {
  if (!name && context.brokeUp) return null;
  if (name) context.brokeUp = true;
  const ends: FactEnding[] = name
    ? [{ mentions: name }]
    : PARTNERS.map((partner) => ({ slot: 'family' as const, subjectPrefix: `family:${partner}` }));
  return fact(
    name ? `User and ${name} broke up` : 'User broke up with their partner',
    'personal',
    0.7,
    `relationship:${name ? normaliseValue(name) : 'partner'}`,
    'ended',
    { kind: 'negation', ends },
  );
}

/**
 * A fact about someone close to the user ("my brother lives in Cairo", "my sister Ana got married"). Where
 * they live is one value at a time: "my brother moved to Dubai" replaces Cairo.
 */
function relativeFact(relation: string, name: string | undefined, said: string): Built | null {
  const who = relation.toLowerCase();
  const rest = clean(said.replace(/^(?:just|recently|finally|also) /i, '')).replace(
    /\b(?:our|my)\b/gi,
    "the user's",
  );
  const person = `family:${who}${name ? `:${normaliseValue(name)}` : ''}`;
  const home = rest.match(
    /^(?:lives|is living|is based|has moved|moved|has relocated|relocated) (?:in|to) (.+?)(?: with .*)?$/i,
  );
  if (home)
    return fact(
      `User's ${who}${name ? ` ${name}` : ''} ${rest}`,
      'personal',
      0.7,
      `${person}:residence`,
      home[1]!,
    );
  const verb = rest.split(' ')[0]!.toLowerCase();
  return fact(
    `User's ${who}${name ? ` ${name}` : ''} ${name ? rest : `${verb}${rest.slice(verb.length)}`}`,
    'personal',
    0.7,
    name ? person : `${person}:${verb}`,
    name ? rest : rest.slice(verb.length).trim(),
  );
}

function babyFact(parent: string, baby: string, name: string | undefined, relation?: string): Built | null {
  const who = relation ? `User's ${relation.toLowerCase()} ${parent}` : parent;
  return fact(
    `${who} had ${article(baby)} ${baby.toLowerCase()}${name ? ` called ${name}` : ''}`,
    'personal',
    0.8,
    `family:${normaliseValue(parent)}:baby${name ? `:${normaliseValue(name)}` : ''}`,
    name ?? baby,
  );
}

function matchClause(clause: string, context: MessageContext): Built[] {
  for (const rule of CHANGES) {
    const match = clause.match(rule.pattern);
    if (match) return builtList(rule.build(match, context));
  }
  // "I do not like X anymore" was handled above; any other negated statement is not a fact we can state.
  if (/^i (?:do not|did not|am not|have not|never)\b/i.test(clause)) return [];
  for (const rule of RULES) {
    const match = clause.match(rule.pattern);
    if (match) return builtList(rule.build(match, context));
  }
  return [];
}

const builtList = (built: Built | readonly Built[] | null): Built[] =>
  built === null ? [] : Array.isArray(built) ? [...(built as readonly Built[])] : [built as Built];

/**
 * A correction of a name said before: "his name is Rolo, like the chocolate. Not Rollo." or "not Rollo, it's
 * Rolo". The facts that name Rollo are restated with Rolo (the service finds them).
 */
function renameIn(text: string): CandidateFact | null {
  const after = text.match(
    /\b(?:name is|name's|is called|called|named|it is|it's|spelled|spelt)\s+([A-Z\u00C0-\u024F][\p{L}'-]+)[^.!?]*?[.!?,;:]?\s*(?:and\s+)?[Nn]ot\s+([A-Z\u00C0-\u024F][\p{L}'-]+)\b/u,
  );
  const before = text.match(
    /\b[Nn]ot\s+([A-Z\u00C0-\u024F][\p{L}'-]+)[,;]?\s+(?:but\s+|it is\s+|it's\s+|(?:his|her|its) name is\s+)([A-Z\u00C0-\u024F][\p{L}'-]+)\b/u,
  );
  const [to, from] = after ? [after[1]!, after[2]!] : before ? [before[2]!, before[1]!] : [];
  if (!to || !from || to.toLowerCase() === from.toLowerCase()) return null;
  return {
    text: `The name is ${to}, not ${from}.`,
    category: 'personal',
    importance: 0.6,
    kind: 'correction',
    subject: `rename:${normaliseValue(from)}`,
    value: normaliseValue(to),
    rename: { from, to },
    keepWhenEnding: false,
  };
}
