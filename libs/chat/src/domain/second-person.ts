/**
 * A memory about the user said back to them: "User works as a pharmacist." -> "You work as a pharmacist.",
 * "I am vegetarian" -> "You're vegetarian.", "My sister Ana lives in Porto" -> "Your sister Ana lives in
 * Porto." Facts are learnt in the third person (decision 032) and memories stored by hand are often in the
 * first; both name the user at the start. Hand-written rules rather than an NLP pass: a sentence per memory
 * on the turn's path, where a tagger costs milliseconds each.
 */

/** Adverbs that may stand between the subject and its verb ("User still lives in ..."). */
const ADVERBS =
  'also|still|now|no longer|usually|often|always|never|really|sometimes|currently|recently|mostly|just|only|' +
  'rarely|regularly|occasionally|generally|actually|particularly|especially|absolutely|definitely|strongly|' +
  'mainly|typically|frequently|already|even|probably|absolutely|totally|quite|very much';

/** The learner writes the user as "User" (decision 032); "the user interface" is no fact about them. */
const USER_SUBJECT = new RegExp(`^User\\s+((?:(?:${ADVERBS})\\s+)*)([a-z']+)\\b`);
const USER_POSSESSIVE = /^User['’]s\b/;

/** Third person present verbs whose base form no suffix rule gives. */
const IRREGULAR_BASE: Readonly<Record<string, string>> = {
  is: 'are',
  has: 'have',
  does: 'do',
  was: 'were',
  "isn't": "aren't",
  "hasn't": "haven't",
  "doesn't": "don't",
  "wasn't": "weren't",
};

/** The form a verb takes after "you" for the third person form it has after "User" (works -> work). */
function baseOf(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR_BASE[lower];
  if (irregular) return irregular;
  if (/[^aeiou]ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(lower)) return lower.slice(0, -2);
  if (/[^su']s$/.test(lower) && lower.length > 3) return lower.slice(0, -1);
  // Past tense, modals ("can", "will"), or a word that is no verb: it reads the same after "you".
  return lower;
}

/** The first person and the user's name said as "you", inside a sentence. */
function swapPersons(text: string): string {
  return text
    .replace(/\bI['’]m\b/g, "you're")
    .replace(/\bI am\b/g, 'you are')
    .replace(/\bI was\b/g, 'you were')
    .replace(/\bI['’](ve|d|ll)\b/g, "you'$1")
    .replace(/\bI\b/g, 'you')
    .replace(/\b(?:my|our)\b/g, 'your')
    .replace(/\bmine\b/g, 'yours')
    .replace(/\bmyself\b/g, 'yourself')
    .replace(/\b(?:me|we)\b/g, 'you')
    .replace(/\bUser['’]s\b/g, 'your')
    .replace(/\bUser\b/g, 'you');
}

/** The sentence's subject when it is the user, said as "you", and the rest of the sentence. */
function userSubject(text: string): { readonly lead: string; readonly rest: string } | null {
  if (USER_POSSESSIVE.test(text)) return { lead: 'Your', rest: text.replace(USER_POSSESSIVE, '') };
  const subject = USER_SUBJECT.exec(text);
  if (subject) {
    return {
      lead: `You ${subject[1] ?? ''}${baseOf(subject[2] ?? '')}`,
      rest: text.slice(subject[0].length),
    };
  }
  const first = /^(?:I['’]m|I am|I was|we['’]re|we are|we were|I|we|my|our)\b/i.exec(text);
  if (!first) return null;
  const said = first[0].toLowerCase().replace('’', "'");
  const lead =
    said === "i'm" || said === 'i am' || said === "we're" || said === 'we are'
      ? "You're"
      : said === 'i was' || said === 'we were'
        ? 'You were'
        : said === 'my' || said === 'our'
          ? 'Your'
          : 'You';
  return { lead, rest: text.slice(first[0].length) };
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * The memory in the second person, or null when it is not said of the user (a note, a file's text, a fact
 * about someone else told without "my").
 */
export function inSecondPerson(text: string): string | null {
  const spaced = text.trim().replace(/\s+/g, ' ');
  const subject = userSubject(spaced);
  if (!subject) {
    // Said by the user about something else, naming them inside: "Most of my work comes from contractors".
    if (!/\b(?:I|I['’]m|my|me|mine|myself)\b|\bUser\b/.test(spaced)) return null;
    const swapped = swapPersons(spaced);
    return sentence(`${swapped.charAt(0).toUpperCase()}${swapped.slice(1)}`);
  }
  const lead = subject.lead === 'You are' ? "You're" : subject.lead.replace(/^You are\b/, "You're");
  return sentence(`${lead}${swapPersons(subject.rest)}`);
}

/** Past forms of the irregular verbs facts about people use. */
const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  are: 'were',
  be: 'were',
  have: 'had',
  do: 'did',
  go: 'went',
  teach: 'taught',
  drive: 'drove',
  ride: 'rode',
  eat: 'ate',
  drink: 'drank',
  speak: 'spoke',
  run: 'ran',
  swim: 'swam',
  write: 'wrote',
  read: 'read',
  keep: 'kept',
  sleep: 'slept',
  lead: 'led',
  make: 'made',
  take: 'took',
  get: 'got',
  give: 'gave',
  know: 'knew',
  leave: 'left',
  buy: 'bought',
  think: 'thought',
  sing: 'sang',
  wear: 'wore',
  win: 'won',
  fly: 'flew',
  grow: 'grew',
  hold: 'held',
  stand: 'stood',
  sit: 'sat',
  spend: 'spent',
  build: 'built',
  send: 'sent',
  find: 'found',
  hear: 'heard',
  say: 'said',
  see: 'saw',
  come: 'came',
  become: 'became',
  begin: 'began',
  bring: 'brought',
  meet: 'met',
  pay: 'paid',
  sell: 'sold',
  tell: 'told',
  lose: 'lost',
  feel: 'felt',
  put: 'put',
  quit: 'quit',
  let: 'let',
  set: 'set',
  cut: 'cut',
  hurt: 'hurt',
  cost: 'cost',
  can: 'could',
  will: 'would',
  "don't": "didn't",
  "aren't": "weren't",
  "haven't": "hadn't",
};

const PAST_FORMS: ReadonlySet<string> = new Set(Object.values(IRREGULAR_PAST));

function pastOf(base: string): string {
  const irregular = IRREGULAR_PAST[base];
  if (irregular) return irregular;
  if (PAST_FORMS.has(base) || /ed$/.test(base) || /^(?:could|would|should|might|must)$/.test(base))
    return base;
  if (/e$/.test(base)) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  // One short syllable ending consonant-vowel-consonant doubles its last letter (stop -> stopped).
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.at(-1)}ed`;
  return `${base}ed`;
}

const PRESENT_CLAUSE = new RegExp(
  `^(You|Your\\s+\\S+(?:\\s+[A-Z][\\p{L}'-]*)?)\\s+((?:(?:${ADVERBS})\\s+)*)([a-z']+)\\b`,
  'u',
);

/**
 * A fact that no longer holds, said back in the past: "User lives in Paris." -> "You lived in Paris.",
 * "User is vegetarian." -> "You were vegetarian." A fact already in the past reads as it is. Null when the
 * memory is not said of the user.
 */
export function inSecondPersonPast(text: string): string | null {
  const present = inSecondPerson(text)?.replace(/^You're\b/, 'You are');
  if (present === undefined) return null;
  const clause = PRESENT_CLAUSE.exec(present);
  if (!clause) return present;
  const [whole, subject, adverbs = '', verb = ''] = clause;
  // After "You" the verb is in its base form; after "Your sister" in the third person (lives, is).
  const past =
    subject === 'You'
      ? pastOf(verb)
      : verb === 'is'
        ? 'was'
        : verb === 'are'
          ? 'were'
          : /[^s]s$/.test(verb)
            ? pastOf(baseOf(verb))
            : verb;
  return `${subject} ${adverbs}${past}${present.slice(whole.length)}`;
}
