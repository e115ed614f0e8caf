import { type FactSlot, slotOfSubject } from '../extraction/fact.js';

/**
 * What the offline assistant reads in a question: its topic words, the kinds of personal fact it asks
 * about (the learner's slots), the time it asks about, and whether it asks for advice.
 */

/** A kind of thing people ask about themselves, with the words that ask it and the words that answer it. */
interface Topic {
  readonly name: string;
  /** Words of a question that ask about it. */
  readonly asks: RegExp;
  /** The learnt facts that answer it (their `metadata.slot`). */
  readonly slots: readonly FactSlot[];
  /** Words of a memory that answer it, for memories stored without a slot ("I am vegetarian"). */
  readonly answers: RegExp;
}

/** Any of the words, or its plural ("niece" finds "nieces"). */
const words = (list: string) => new RegExp(`\\b(?:${list.trim().split(/\s+/).join('|')})(?:s|es)?\\b`, 'i');

const JOBS =
  'job jobs work works working worked career profession occupation employed employer employee hired office ' +
  'colleague colleagues boss manager engineer developer programmer designer nurse doctor teacher lecturer ' +
  'pharmacist paramedic lawyer accountant architect chef cook baker plumber electrician carpenter mechanic ' +
  'scientist researcher analyst consultant writer journalist editor artist musician photographer driver ' +
  'pilot firefighter police officer soldier farmer dentist vet veterinarian therapist psychologist ' +
  'surgeon student intern freelancer freelance retired unemployed salesperson cashier waiter waitress barista ' +
  'shift shifts roster rota duty lawyer solicitor barrister clerk business carpenter builder contractor';
const FOODS =
  'vegetarian vegan pescatarian gluten coeliac celiac lactose dairy meat fish halal kosher keto diet allergic ' +
  'allergy allergies eat eats eating food foods cook cooks cooking dish dishes cuisine recipe recipes meal meals';
const DRINKS =
  'drink drinks drinking tea teas coffee espresso latte cappuccino beer beers wine wines juice soda water milk ' +
  'whisky whiskey gin vodka rum cocktail cocktails sencha matcha lager cider smoothie smoothies kombucha';
const FAMILY =
  'family kid kids child children daughter daughters son sons wife husband partner spouse married sister ' +
  'sisters brother brothers sibling siblings mother mom mum father dad parents parent baby babies girlfriend ' +
  'boyfriend fiance fiancee grandchild grandchildren grandson granddaughter grandmother grandfather niece ' +
  'nephew aunt uncle cousin grandkid grandkids wedding engaged fiance fiancé';
const PETS =
  'pet pets dog dogs cat cats puppy kitten hamster rabbit parrot horse tortoise guinea bird budgie cockatiel ' +
  'canary parakeet collie labrador retriever spaniel terrier greyhound poodle beagle husky dachshund pug ' +
  'bulldog shepherd tabby siamese';
const VEHICLES =
  'car cars drive drives driving vehicle vehicles motorbike motorcycle scooter van truck subaru toyota honda ' +
  'civic tesla bmw ford volkswagen vw audi mercedes volvo kia nissan mazda peugeot renault fiat skoda hyundai';
const HOBBIES =
  'hobby hobbies hike hikes hiking climb climbing run running jog jogging cycle cycling bike biking swim ' +
  'swimming surf surfing ski skiing snowboarding camping garden gardening paint painting draw drawing read ' +
  'reading yoga football soccer tennis basketball chess guitar piano violin drums sing singing photography ' +
  'fishing kayaking sailing dance dancing knit knitting bake baking gym pottery golf rugby cricket bouldering ' +
  'boulder paddle paddleboarding rowing netball hockey volleyball badminton squash triathlon marathon race ' +
  'boxing karate judo fencing choir band';
const MUSIC =
  'music song singer band album albums vinyl record records concert gig choir guitar piano violin cello ' +
  'drums saxophone trumpet flute jazz rock pop hip-hop folk classical opera listen listens listening';
const HOME =
  'live lives living lived home house flat apartment city town village country neighbourhood neighborhood ' +
  'moved move reside resides based';
const STUDIES =
  'study studies studied studying school university college degree graduate graduated course major ' +
  'phd masters bachelor diploma';
const HEALTH =
  'health healthy allergy allergies allergic asthma diabetes diabetic medication medicine condition ' +
  'illness injury surgery pregnant migraine migraines doctor inhaler arthritis back knee joint pain ' +
  'deficiency deficient iron vitamin anaemia anemia anaemic hay fever eczema';

const TOPICS: readonly Topic[] = [
  {
    name: 'work',
    asks: /\b(?:jobs?|work(?:s|ing)?|occupation|profession|career|employer|employed|company|office|colleagues?|boss|for a living|trade|business|on duty|shifts?)\b/i,
    slots: ['occupation'],
    answers: words(JOBS),
  },
  {
    name: 'home',
    asks: /\b(?:live|lives|home|house|flat|apartment|city|town|country|neighbou?rhood|moved?|reside|based|address)\b/i,
    slots: ['residence'],
    answers: words(HOME),
  },
  {
    name: 'origin',
    asks: /\b(?:born|grew up|hometown|nationality|where (?:am|are) (?:i|we) from|come from)\b/i,
    slots: ['origin'],
    answers: /\b(?:born|grew up|from|hometown|nationality)\b/i,
  },
  {
    name: 'food',
    asks: /\b(?:cook(?:ing)?|eat(?:ing)?|dinner|lunch|breakfast|brunch|supper|meals?|foods?|recipes?|restaurants?|hungry|snacks?|dish(?:es)?|bake|baking|grocer(?:y|ies)|menu|cuisine|diet)\b/i,
    slots: ['diet', 'allergy'],
    answers: words(FOODS),
  },
  {
    name: 'drink',
    asks: /\b(?:drinks?|drinking|beverages?|thirsty|cuppa)\b/i,
    slots: [],
    answers: words(DRINKS),
  },
  {
    name: 'health',
    asks: /\b(?:health|healthy|medical|medication|medicine|doctor|condition|sick|illness|ill|allerg(?:y|ies|ic)|diagnos\w*|breathing|problems?|injur(?:y|ies)|pain|lacking|deficien\w*)\b/i,
    slots: ['health', 'allergy'],
    answers: words(HEALTH),
  },
  {
    name: 'pets',
    asks: /\b(?:pets?|dogs?|cats?|animals?|pupp(?:y|ies)|kittens?|birds?|breeds?)\b/i,
    slots: ['pet'],
    answers: words(PETS),
  },
  {
    name: 'family',
    asks: words(FAMILY),
    slots: ['family'],
    answers: words(FAMILY),
  },
  {
    name: 'vehicle',
    asks: /\b(?:cars?|drive|driving|vehicles?|motorbike|motorcycle|ride|trucks?|vans?|commute|commuting)\b/i,
    slots: ['vehicle'],
    answers: words(VEHICLES),
  },
  {
    name: 'hobbies',
    asks: /\b(?:hobby|hobbies|free time|spare time|weekends?|for fun|sports?|outdoors?|activit(?:y|ies)|exercise|pastimes?|interests?|relax|compete|race|endurance|on the water)\b/i,
    slots: ['hobby'],
    answers: words(HOBBIES),
  },
  {
    name: 'education',
    asks: /\b(?:stud(?:y|ied|ying)|school|degree|university|college|graduat\w*|course|major)\b/i,
    slots: ['education'],
    answers: words(STUDIES),
  },
  {
    name: 'name',
    asks: /\b(?:name|called)\b/i,
    slots: ['name'],
    answers: /\b(?:name|named|called)\b/i,
  },
  {
    name: 'contact',
    asks: /\b(?:e-?mail|phone|number|contact)\b/i,
    slots: ['contact'],
    answers: /\b(?:e-?mail|phone|@)\b/i,
  },
  {
    name: 'plans',
    asks: /\b(?:plans?|planning|future|going to|upcoming|next (?:week|month|year)|trips?|holidays?|vacations?|travel\w*)\b/i,
    slots: ['plan'],
    answers: /\b(?:plan|plans|planning|going to|will|trip|holiday|vacation|moving|flying|travel\w*|next)\b/i,
  },
  {
    name: 'music',
    asks: /\b(?:music|songs?|singers?|bands?|albums?|instruments?|concerts?|gigs?|listen(?:ing)?)\b/i,
    slots: [],
    answers: words(MUSIC),
  },
  {
    name: 'reading',
    asks: /\b(?:books?|read(?:ing)?|writers?|authors?|novels?|poet(?:ry|s)?)\b/i,
    slots: [],
    answers: /\b(?:books?|novels?|read(?:s|ing)?|authors?|writers?|poetry|poems?)\b/i,
  },
  {
    name: 'films',
    asks: /\b(?:films?|movies?|cinema|series|tv|shows?|watch(?:ing)?)\b/i,
    slots: [],
    answers: /\b(?:films?|movies?|cinema|series|tv|shows?|watch(?:ed|ing)?)\b/i,
  },
  {
    name: 'money',
    asks: /\b(?:money|income|salary|earn(?:s|ing)?|sav(?:e|ed|ing|ings)|debt|loan|stipend|pay|paid|afford|budget|mortgage|rent|cost)\b/i,
    slots: [],
    answers:
      /[£$€]|\b(?:euros?|dollars?|pounds|salary|stipend|loans?|savings?|saving|debt|mortgage|rent|earn\w*|paid|bonus|income)\b/i,
  },
  {
    name: 'dislikes',
    asks: /\b(?:dislikes?|hate|can['’]?t stand|annoy\w*|bother\w*|least|irritat\w*)\b/i,
    slots: [],
    answers: /\b(?:dislikes?|hates?|can['’]?t stand|annoy\w*|bores?|detests?|drives me|least)\b/i,
  },
  {
    name: 'possessions',
    asks: /\b(?:heirloom|jewell?ery|possessions?|gift|treasure|value most|means the most|rescue|keepsake)\b/i,
    slots: [],
    answers:
      /\b(?:heirloom|ring|necklace|watch|bracelet|earrings|possession|gift|grab in a fire|left (?:me|you)|grandmother['’]s|grandfather['’]s)\b/i,
  },
  {
    name: 'age',
    asks: /\b(?:age|how old|birthday)\b/i,
    slots: [],
    answers: /\b(?:age|aged|years old|born|birthday)\b/i,
  },
  {
    name: 'likes',
    asks: /\b(?:favou?rites?|like|love|enjoy|prefer)\b/i,
    slots: ['preference'],
    answers: /\b(?:favou?rite|likes?|loves?|enjoys?|prefers?)\b/i,
  },
];

/** Words of a question that say nothing about its topic. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all am an and any are as at be been before being below between both but by can ' +
    'could did do does doing down during each for from had has have having he her here hers him his how i if ' +
    'in into is it its just me more most my myself no nor not now of off on once only or other our out over ' +
    'own same she should so some such than that the their them then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with would you your ' +
    'also get got like tell know remember recall think say said told anything something thing things ' +
    'please currently today tonight tomorrow yesterday lately these days still ever used use day days week ' +
    'weeks month months year years time times each every much many kind sort lot'
  ).split(' '),
);

/** A word's stem for matching: plural, -ing and -ed endings off ("lives" and "live", "hiking" and "hike"). */
export function stemOf(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length <= 3) return lower;
  return lower
    .replace(/ies$/, 'y')
    .replace(/(?:ing|ed|es|s)$/, '')
    .replace(/e$/, '');
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The stems of a text's topic words. */
export function topicStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    const lower = word.toLowerCase();
    if (lower.length > 1 && !FUNCTION_WORDS.has(lower)) stems.add(stemOf(lower));
  }
  return stems;
}

/** A span of time a question asks about, as epoch milliseconds [from, to). */
interface AskedPeriod {
  readonly from: number;
  readonly to: number;
  /** How the answer names it ("In 2023"). */
  readonly label: string;
}

export interface Question {
  /** Stems of its topic words, the phrases that only name a topic ("for a living") taken out. */
  readonly stems: ReadonlySet<string>;
  readonly topics: readonly Topic[];
  /** It asks about a time past: "Where did I live in 2023?", "Where did I use to work?". */
  readonly past: boolean;
  readonly period: AskedPeriod | null;
  /** It asks what to do ("What should I cook tonight?"). */
  readonly advice: boolean;
  /** It asks about the user as a whole ("What do you know about me?"). */
  readonly aboutMe: boolean;
  /** A statement rather than a question ("I moved to Berlin."). */
  readonly statement: boolean;
}

const PAST_CUES =
  /\b(?:used to|before|previously|formerly|in the past|ago|back then|at the time|last year|earlier|any ?more|former|(?:did|was|were) (?:i|we)|had (?:i|we))\b/i;
const PRESENT_CUES = /\b(?:now|currently|these days|nowadays|at the moment|today|still)\b/i;
const ADVICE =
  /\b(?:should (?:i|we)|shall (?:i|we)|what can (?:i|we)|could (?:i|we)|recommend\w*|suggest\w*|ideas?|tips?|advice|help me (?:choose|pick|decide|find))\b/i;
const ABOUT_ME = /\b(?:about me|about myself|know of me|who am i)\b/i;
const ASKS =
  /^(?:what|where|who|whom|whose|when|why|how|which|do|does|did|is|are|am|was|were|can|could|should|shall|would|will|have|has|tell|remind|list|show|give|recommend|suggest|help|any)\b/i;

/** Phrases whose words would match the wrong memories: "a living" is a job, not a home; "how old" an age. */
const TOPIC_PHRASES = /\b(?:for a living|how old)\b/gi;

function periodOf(question: string, now: Date): AskedPeriod | null {
  const year = /\b(19\d\d|20\d\d)\b/.exec(question);
  if (year) {
    const value = Number(year[1]);
    return { from: Date.UTC(value, 0, 1), to: Date.UTC(value + 1, 0, 1), label: `In ${value}` };
  }
  if (/\blast year\b/i.test(question)) {
    const value = now.getUTCFullYear() - 1;
    return { from: Date.UTC(value, 0, 1), to: Date.UTC(value + 1, 0, 1), label: 'Last year' };
  }
  return null;
}

export function readQuestion(question: string, now: Date): Question {
  const text = question.trim();
  const period = periodOf(text, now);
  return {
    stems: topicStems(text.replace(TOPIC_PHRASES, ' ')),
    topics: TOPICS.filter((topic) => topic.asks.test(text)),
    past: period !== null || (PAST_CUES.test(text) && !PRESENT_CUES.test(text)),
    period,
    advice: ADVICE.test(text),
    aboutMe: ABOUT_ME.test(text),
    statement: !text.endsWith('?') && !ASKS.test(text),
  };
}

/** The learnt slot of a memory: its `metadata.slot`, else the slot of its `metadata.subject`. */
export function slotOf(metadata: Readonly<Record<string, unknown>>): FactSlot | null {
  if (typeof metadata['slot'] === 'string') return metadata['slot'] as FactSlot;
  if (typeof metadata['subject'] === 'string') return slotOfSubject(metadata['subject']);
  return null;
}

/** How many of the question's topics a memory answers, by its slot or its words. */
export function topicsAnswered(question: Question, text: string, slot: FactSlot | null): number {
  let count = 0;
  for (const topic of question.topics) {
    if ((slot !== null && topic.slots.includes(slot)) || topic.answers.test(text)) count++;
  }
  return count;
}

export const askedTopic = (question: Question, name: string): boolean =>
  question.topics.some((topic) => topic.name === name);
