import { type FactSlot } from '@membolt/contracts';

import { commonWords } from './meaning.js';
import { factsOf, type TextFacts } from './text-forms.js';
import { ancestorsOf, wordSenses } from './wordnet.js';

/**
 * Which personal-fact slots (the learner's `metadata.slot`, decision 094) a memory states, so "What do I do
 * for a living?" reaches "I'm a first officer ..." whatever words either uses. The slots a question asks
 * about come from the topics shared with the chat's offline assistant (`slotsAsked`, PERSONAL_TOPICS in
 * contracts); a memory states a slot in many ways, so its slot is read from its `metadata.slot` when the
 * learner stored one, else from patterns and from WordNet: a word that is a kind of one of the slot's
 * anchors ("greyhound" is a kind of domestic animal).
 */

interface SlotCues {
  /** The memory's text states a fact of the slot. */
  readonly states?: RegExp;
  /** WordNet entries (first sense) whose kinds, named in a memory, state the slot. */
  readonly anchors?: readonly string[];
}

const SLOT_CUES: Partial<Record<FactSlot, SlotCues>> = {
  occupation: {
    states:
      /\b(?:i(?:'m| am) (?:a|an) (?!\w+ (?:fan|person|lover)\b)|work(?:s|ed|ing)? (?:as|at|for|in)\b|my (?:job|career|boss|employer|manager|colleagues)\b|employed|retired|run (?:a|my)\b|own (?:a|my) (?:[\w-]+ ){0,2}(?:business|company|shop|firm|truck|restaurant|bakery|cafe|studio)|\bteach(?:es)?\b|associate|apprenticeship)/i,
    anchors: ['worker', 'professional', 'skilled_worker', 'occupation'],
  },
  residence: {
    states:
      /\b(?:live[sd]? in|living in|moved (?:to|from)|rent|flat|apartment|house|home|cabin|duplex|neighbou?rhood)\b/i,
    anchors: ['dwelling', 'housing'],
  },
  diet: {
    states: /\b(?:eat(?:s|ing)?|vegetarian|vegan|plant-based|diet|meat|gluten)\b/i,
    anchors: ['food', 'foodstuff', 'dish'],
  },
  allergy: {
    states: /\b(?:allerg\w*|intoleran\w*|react(?:ion)?|swell|epipen|coeliac|celiac|lactose)\b/i,
  },
  pet: {
    states:
      /\b(?:adopted|rescue|breed|vet|puppy|kitten|walkies)\b|\b(?:have|got) (?:a|an|two|three) [\w -]{0,30}(?:called|named)\b/i,
    anchors: ['domestic_animal', 'dog', 'cat', 'bird', 'fish'],
  },
  family: {
    states:
      /\b(?:married|engaged|fianc\w*|wife|husband|partner|boyfriend|girlfriend|daughters?|sons?|kids?|children|parents|mother|father|mum|mom|dad|brother|sister|twins|grand\w+|nieces?|nephews?)\b/i,
    anchors: ['relative', 'spouse', 'offspring'],
  },
  vehicle: {
    states: /\b(?:drive|driving|ride|commute|licen[cs]e)\b/i,
    anchors: ['motor_vehicle', 'car', 'bicycle', 'motorcycle'],
  },
  hobby: {
    states:
      /\b(?:play|playing|train(?:ing)?|club|league|team|band|marathon|triathlon|hiking|climb\w*|boulder\w*)\b/i,
    anchors: ['sport', 'athletic_game', 'musical_instrument', 'hobby'],
  },
  education: {
    states: /\b(?:stud(?:y|ied|ying)|degree|university|college|phd|graduat\w*|read \w+ at)\b/i,
  },
  health: {
    states:
      /\b(?:diagnos\w*|suffer\w*|have (?:mild |severe |chronic )?\w+ (?:disease|disorder|syndrome)|inhaler|medication|supplements?|surgery|physio)\b/i,
    anchors: ['disease', 'disorder', 'illness', 'symptom', 'injury', 'medicine'],
  },
  plan: {
    states:
      /\b(?:planning|going to|trip|flying to|travel\w*|holiday|next (?:year|month|spring|summer|autumn|fall|winter|week))\b/i,
  },
  preference: {
    states:
      /\b(?:favou?rite|love|like|prefer|dislike|hate|can't stand|cannot stand|obsessed|fan of|drives me)\b/i,
  },
};

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
  if (slots.length === 0) return false;
  const facts = factsOf(text);
  const known = (facts.slots ??= new Map());
  for (const slot of slots) {
    let states = known.get(slot);
    if (states === undefined) {
      states = textStatesSlot(slot, text, facts);
      known.set(slot, states);
    }
    if (states) return true;
  }
  return false;
}

/** Whether the text states a fact of `slot` by the slot's patterns or anchors (kept with the text's facts). */
function textStatesSlot(slot: FactSlot, text: string, facts: TextFacts): boolean {
  const cues = SLOT_CUES[slot];
  if (!cues) return false;
  if (cues.states?.test(text)) return true;
  const anchors = anchorsOf(slot, cues);
  if (anchors.size === 0) return false;
  const words = (facts.commonWords ??= commonWords(text).filter((word): word is string => word !== null));
  for (const word of words)
    for (const ancestor of ancestorsOf(word).keys()) if (anchors.has(ancestor)) return true;
  return false;
}
