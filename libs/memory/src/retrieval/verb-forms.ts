import { lemmasOf } from './wordnet.js';

/**
 * The irregular forms of English verbs, for the keyword query (decision 265). A question asks with the base
 * form after "did" ("When did John meet his teammates?", "What did Nate win?") where the memory tells in the
 * past ("I met back up with my teammates", "I won my first tournament"); Porter stems the regular forms
 * together ("painted", "paints", "paint") but not these, nor the short regular verbs whose "y" or "ie" it
 * reads apart ("try" / "tried", "die" / "died"). Each entry is one verb: base, past, participle (the
 * participle left out when it is the base or the past; a form Porter joins to another left out, as the keyword
 * index would count the word twice). Verbs whose forms are mostly other words are left
 * out ("bind" / "bound", "grind" / "ground", "wind" / "wound", "rise" / "rose", "lie" / "lay", "bite" /
 * "bit"), as are those whose base is a stop word ("be", "do", "have", "get").
 */
const IRREGULAR_VERBS = `arise arose arisen|awake awoke awoken|bear bore borne|beat beat beaten|become became|
begin began begun|bend bent|bleed bled|blow blew blown|break broke broken|breed bred|bring brought|build built|
burn burnt|buy bought|catch caught|choose chose chosen|cling clung|come came|creep crept|cry cried|deal dealt|die died dying|dig dug|
draw drew drawn|dream dreamt|drink drank drunk|dry dried|drive drove driven|eat ate eaten|fall fell fallen|feed fed|
feel felt|fight fought|find found|flee fled|fly flew flown flies|forbid forbade forbidden|forget forgot forgotten|
forgive forgave forgiven|freeze froze frozen|fry fried|give gave given|go went gone|grow grew grown|hang hung|hear heard|
hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lead led|leap leapt|learn learnt|leave left|
lend lent|lose lost|make made|mean meant|meet met|overcome overcame|pay paid|ride rode ridden|ring rang rung|
run ran|say said|see saw seen|seek sought|sell sold|send sent|sew sewn|shake shook shaken|shine shone|
shoot shot|show shown|shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|
speak spoke spoken|speed sped|spend spent|spin spun|spring sprang sprung|stand stood|steal stole stolen|
stick stuck|sting stung|strike struck|strive strove striven|swear swore sworn|sweep swept|swim swam swum|
swing swung|take took taken|teach taught|tear tore torn|tell told|think thought|throw threw thrown|tie tied tying|try tried|
undergo underwent undergone|understand understood|wake woke woken|wear wore worn|weave wove woven|weep wept|
win won|withdraw withdrew withdrawn|write wrote written`;

/**
 * Light verbs: their meaning is their object's ("go to a festival", "make a cake", "take a class"), and their
 * past forms ("went", "made", "took") are in most turns of a chat, so they would lift chatter over the answer.
 */
const LIGHT_VERBS: ReadonlySet<string> = new Set(['go', 'come', 'make', 'take', 'give']);

/** A base whose last consonant was doubled before "-ing" ("winn", "runn", "swimm"). */
const DOUBLED = /([bdgmnprt])\1$/;

/** Each form -> every form of its verb (itself included). */
const FORMS: ReadonlyMap<string, readonly string[]> = (() => {
  const forms = new Map<string, readonly string[]>();
  for (const entry of IRREGULAR_VERBS.split('|')) {
    const verb = entry.trim().split(/\s+/);
    if (LIGHT_VERBS.has(verb[0] ?? '')) continue;
    for (const form of verb) forms.set(form, verb);
  }
  return forms;
})();

/**
 * The keyword query's terms: `terms`, then the other irregular forms of each verb among them ("meet" ->
 * "met", "drew" -> "draw", "drawn", "winning" -> "win", "won"), each once. A form already among the terms is not added again (the
 * keyword index would count it twice).
 */
export function withVerbForms(terms: readonly string[]): readonly string[] {
  let out: string[] | null = null;
  for (const term of terms) {
    // "drawing" and "winning" are read by their base ("draw", "win": "winn" with its last letter doubled).
    let forms: readonly string[] | undefined;
    for (const lemma of lemmasOf(term)) {
      forms = FORMS.get(lemma) ?? (DOUBLED.test(lemma) ? FORMS.get(lemma.slice(0, -1)) : undefined);
      if (forms !== undefined) break;
    }
    if (forms === undefined) continue;
    for (const form of forms) {
      if (terms.includes(form) || out?.includes(form)) continue;
      (out ??= [...terms]).push(form);
    }
  }
  return out ?? terms;
}
