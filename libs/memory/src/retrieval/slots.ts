import { type FactSlot } from '@membolt/contracts';

import { commonWords } from './meaning.js';
import { ancestorsOf, wordSenses } from './wordnet.js';

/**
 * Which personal-fact slots (the learner's `metadata.slot`, decision 094) a question asks about, and which a
 * memory states, so "What do I do for a living?" reaches "I'm a first officer ..." whatever words either uses.
 * A question names its slot in a handful of ways (the `asks` patterns); a memory states it in many, so a
 * memory's slot is read from its `metadata.slot` when the learner stored one, else from patterns and from
 * WordNet: a word that is a kind of one of the slot's anchors ("greyhound" is a kind of domestic animal).
 */

interface SlotCues {
  /** The question asks about the slot. */
  readonly asks: RegExp;
  /** The memory's text states a fact of the slot. */
  readonly states?: RegExp;
  /** WordNet entries (first sense) whose kinds, named in a memory, state the slot. */
  readonly anchors?: readonly string[];
}

const SLOT_CUES: Partial<Record<FactSlot, SlotCues>> = {
  occupation: {
    asks: /\b(?:jobs?|for a living|occupation|profession|career|trade|line of work|(?:do|doing) for work|employ(?:er|ed|ment)|work(?:s|ing)? (?:as|at|for)|where do i work|what do i do\b|business|role|paid to)\b/i,
    states:
      /\b(?:i(?:'m| am) (?:a|an) (?!\w+ (?:fan|person|lover)\b)|work(?:s|ed|ing)? (?:as|at|for|in)\b|my (?:job|career|boss|employer|manager|colleagues)\b|employed|retired|run (?:a|my)\b|own (?:a|my) (?:[\w-]+ ){0,2}(?:business|company|shop|firm|truck|restaurant|bakery|cafe|studio)|\bteach(?:es)?\b|associate|apprenticeship)/i,
    anchors: ['worker', 'professional', 'skilled_worker', 'occupation'],
  },
  residence: {
    asks: /\b(?:where do (?:i|we) live|live now|home\b|house|flat|apartment|neighbou?rhood|where (?:am i|are we) based|based|reside|residence|moved|relocat\w*)\b/i,
    states:
      /\b(?:live[sd]? in|living in|moved (?:to|from)|rent|flat|apartment|house|home|cabin|duplex|neighbou?rhood)\b/i,
    anchors: ['dwelling', 'housing'],
  },
  diet: {
    asks: /\b(?:eat|diet|food|meat|vegetarian|vegan|dairy|cook|meals?)\b/i,
    states: /\b(?:eat(?:s|ing)?|vegetarian|vegan|plant-based|diet|meat|gluten)\b/i,
    anchors: ['food', 'foodstuff', 'dish'],
  },
  allergy: {
    asks: /\b(?:allerg\w*|react(?:ion)?|intoleran\w*|avoid|can't eat|cannot eat)\b/i,
    states: /\b(?:allerg\w*|intoleran\w*|react(?:ion)?|swell|epipen|coeliac|celiac|lactose)\b/i,
  },
  pet: {
    asks: /\b(?:pets?|animals?|dogs?|cats?|birds?|breed|puppy|kitten)\b/i,
    states:
      /\b(?:adopted|rescue|breed|vet|puppy|kitten|walkies)\b|\b(?:have|got) (?:a|an|two|three) [\w -]{0,30}(?:called|named)\b/i,
    anchors: ['domestic_animal', 'dog', 'cat', 'bird', 'fish'],
  },
  family: {
    asks: /\b(?:family|kids?|child(?:ren)?|son|daughter|spouse|wife|husband|partner|other half|parents?|mum|mom|dad|brother|sister|grandkids?|grandchild\w*|nieces?|nephews?|engaged|married|wedding|fianc\w*|boyfriend|girlfriend)\b/i,
    states:
      /\b(?:married|engaged|fianc\w*|wife|husband|partner|boyfriend|girlfriend|daughters?|sons?|kids?|children|parents|mother|father|mum|mom|dad|brother|sister|twins|grand\w+|nieces?|nephews?)\b/i,
    anchors: ['relative', 'spouse', 'lover', 'offspring'],
  },
  vehicle: {
    asks: /\b(?:car|vehicle|drive|truck|motorbike|motorcycle|bike|commute|ride|licen[cs]e)\b/i,
    states: /\b(?:drive|driving|ride|commute|licen[cs]e)\b/i,
    anchors: ['motor_vehicle', 'car', 'bicycle', 'motorcycle'],
  },
  hobby: {
    asks: /\b(?:hobby|hobbies|sport|pastime|free time|spare time|days off|weekends?|for fun|play|instrument|race|event|training)\b/i,
    states:
      /\b(?:play|playing|train(?:ing)?|club|league|team|band|marathon|triathlon|hiking|climb\w*|boulder\w*)\b/i,
    anchors: ['sport', 'athletic_game', 'musical_instrument', 'hobby'],
  },
  education: {
    asks: /\b(?:degree|stud(?:y|ied)|university|college|school|education|graduat\w*|phd|doctoral|qualification|research)\b/i,
    states: /\b(?:stud(?:y|ied|ying)|degree|university|college|phd|graduat\w*|read \w+ at)\b/i,
  },
  health: {
    asks: /\b(?:health|condition|illness|disease|medical|medication|problems?|chronic|breathing|back|joint|lacking|deficien\w*|surgery|injur\w*)\b/i,
    states:
      /\b(?:diagnos\w*|suffer\w*|have (?:mild |severe |chronic )?\w+ (?:disease|disorder|syndrome)|inhaler|medication|supplements?|surgery|physio)\b/i,
    anchors: ['disease', 'disorder', 'illness', 'symptom', 'injury', 'medicine'],
  },
  plan: {
    asks: /\b(?:holidays?|vacation|trip|travel\w*|going|heading|abroad|planning|plans?|next (?:year|month|summer|spring|autumn|winter))\b/i,
    states:
      /\b(?:planning|going to|trip|flying to|travel\w*|holiday|next (?:year|month|spring|summer|autumn|fall|winter|week))\b/i,
  },
  preference: {
    // The liking, not its object: "coffee" alone asks about coffee, which meaning and spelling find.
    asks: /\b(?:favou?rite|like|love|prefer|dislike|hate|annoy\w*|stand|enjoy)\b/i,
    states:
      /\b(?:favou?rite|love|like|prefer|dislike|hate|can't stand|cannot stand|obsessed|fan of|drives me)\b/i,
  },
};

/**
 * Phrases that name a slot, not their words: "what do I do for a living" asks about work, not about
 * living, and must not match "My mother still lives in ..." by spelling.
 */
const SLOT_IDIOMS = /\b(?:for a living|line of work|other half|better half)\b/gi;

/** The query without the phrases that only name a slot (`SLOT_IDIOMS`), for its keyword terms. */
export function withoutSlotIdioms(query: string): string {
  return query.replace(SLOT_IDIOMS, ' ');
}

/** The slots a question asks about, in the order of `SLOT_CUES`. */
export function slotsAsked(query: string): FactSlot[] {
  const slots: FactSlot[] = [];
  for (const [slot, cues] of Object.entries(SLOT_CUES) as [FactSlot, SlotCues][])
    if (cues.asks.test(query)) slots.push(slot);
  return slots;
}

const anchorSenses = new Map<FactSlot, ReadonlySet<string>>();

function anchorsOf(slot: FactSlot, cues: SlotCues): ReadonlySet<string> {
  let senses = anchorSenses.get(slot);
  if (!senses) {
    senses = new Set((cues.anchors ?? []).flatMap((word) => wordSenses(word).slice(0, 1)));
    anchorSenses.set(slot, senses);
  }
  return senses;
}

/**
 * Whether a memory states a fact of one of `slots`: its stored slot (the learner's `metadata.slot`), or its
 * text by the slot's patterns or a word that is a kind of one of the slot's anchors. A stored slot that is
 * not asked still lets the text speak: one sentence can state two slots ("My partner and I live in Leeds").
 */
export function statesSlot(
  slots: readonly FactSlot[],
  text: string,
  storedSlot: string | null = null,
): boolean {
  if (storedSlot !== null && slots.includes(storedSlot as FactSlot)) return true;
  let words: string[] | null = null;
  for (const slot of slots) {
    const cues = SLOT_CUES[slot];
    if (!cues) continue;
    if (cues.states?.test(text)) return true;
    const anchors = anchorsOf(slot, cues);
    if (anchors.size === 0) continue;
    words ??= commonWords(text).filter((word): word is string => word !== null);
    for (const word of words)
      for (const ancestor of ancestorsOf(word).keys()) if (anchors.has(ancestor)) return true;
  }
  return false;
}
