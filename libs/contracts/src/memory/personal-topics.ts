import { type FactSlot } from '../rules/fact-slots.js';

/**
 * The one vocabulary of what people ask about themselves, read by the memory service's search (which slots
 * a question asks about, decision 103) and by the chat's offline assistant (which topics a question is
 * about, decision 105): a word added here reaches both.
 */

/** A kind of thing people ask about themselves, with the words that ask it and the words that answer it. */
export interface PersonalTopic {
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

export const PERSONAL_TOPICS: readonly PersonalTopic[] = [
  {
    name: 'work',
    asks: /\b(?:jobs?|work(?:s|ing)?|occupation|profession|career|employ(?:er|ed|ment)|company|office|colleagues?|boss|for a living|line of work|trade|business|role|paid to|on duty|shifts?|what do i do)\b/i,
    slots: ['occupation'],
    answers: words(JOBS),
  },
  {
    name: 'home',
    asks: /\b(?:live|lives|home|house|flat|apartment|city|town|country|neighbou?rhood|moved?|relocat\w*|reside|residence|based|address)\b/i,
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
    asks: /\b(?:cook(?:ing)?|eat(?:ing)?|dinner|lunch|breakfast|brunch|supper|meals?|foods?|recipes?|restaurants?|hungry|snacks?|dish(?:es)?|bake|baking|grocer(?:y|ies)|menu|cuisine|diet|meat|vegetarian|vegan|dairy)\b/i,
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
    asks: /\b(?:health|healthy|medical|medication|medicine|doctor|condition|sick|illness|ill|disease|chronic|surgery|back|joint|diagnos\w*|breathing|problems?|injur(?:y|ies)|pain|lacking|deficien\w*)\b/i,
    slots: ['health', 'allergy'],
    answers: words(HEALTH),
  },
  {
    name: 'allergy',
    asks: /\b(?:allerg\w*|react(?:ion)?|intoleran\w*|avoid|can['’]?t eat|cannot eat)\b/i,
    slots: ['allergy'],
    answers: /\b(?:allerg\w*|intoleran\w*|react(?:ion)?|swell\w*|epipen|coeliac|celiac|lactose|gluten)\b/i,
  },
  {
    name: 'pets',
    asks: /\b(?:pets?|dogs?|cats?|animals?|pupp(?:y|ies)|kittens?|birds?|breeds?)\b/i,
    slots: ['pet'],
    answers: words(PETS),
  },
  {
    name: 'family',
    asks: new RegExp(`${words(FAMILY).source}|\\bother half\\b`, 'i'),
    slots: ['family'],
    answers: words(FAMILY),
  },
  {
    name: 'vehicle',
    asks: /\b(?:cars?|drive|driving|vehicles?|motorbike|motorcycle|bike|ride|trucks?|vans?|commute|commuting|licen[cs]e)\b/i,
    slots: ['vehicle'],
    answers: words(VEHICLES),
  },
  {
    name: 'hobbies',
    asks: /\b(?:hobby|hobbies|free time|spare time|days off|weekends?|for fun|sports?|outdoors?|activit(?:y|ies)|exercise|pastimes?|interests?|relax|compete|race|event|training|play|instrument|endurance|on the water)\b/i,
    slots: ['hobby'],
    answers: words(HOBBIES),
  },
  {
    name: 'education',
    asks: /\b(?:stud(?:y|ied|ying)|school|degree|university|college|education|graduat\w*|phd|doctoral|qualification|research|course|major)\b/i,
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
    asks: /\b(?:plans?|planning|future|going|heading|abroad|upcoming|next (?:week|month|year|summer|spring|autumn|winter)|trips?|holidays?|vacations?|travel\w*)\b/i,
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
    slots: ['preference'],
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

/** The topics a question asks about, in the order of PERSONAL_TOPICS. */
export function topicsAsked(question: string): PersonalTopic[] {
  return PERSONAL_TOPICS.filter((topic) => topic.asks.test(question));
}

/** The personal-fact slots a question asks about: those of every topic it asks about, each once. */
export function slotsAsked(question: string): FactSlot[] {
  return [...new Set(topicsAsked(question).flatMap((topic) => topic.slots))];
}

/**
 * Phrases that name a topic, not their words: "what do I do for a living" asks about work, not about living
 * ("My mother still lives in ..."); "how old" asks an age, not about old things.
 */
const TOPIC_IDIOMS = /\b(?:for a living|line of work|other half|better half|how old)\b/gi;

/** The text without the phrases that only name a topic (`TOPIC_IDIOMS`), for matching its words. */
export function withoutTopicIdioms(text: string): string {
  return text.replace(TOPIC_IDIOMS, ' ');
}
