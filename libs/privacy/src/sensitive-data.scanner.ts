import {
  type PrivacyPolicy,
  type SensitiveKind,
  type SpecialCategoryKind,
  SENSITIVE_KIND_PLACEHOLDERS,
  SENSITIVE_KINDS,
  SPECIAL_CATEGORY_KINDS,
} from '@membolt/contracts';
import { PATTERN_DETECTORS, type SensitiveFinding } from './pattern-detectors.js';
import { sentenceSpans, type SpecialCategoryClassifier } from './special-categories.js';

/**
 * Which finding wins where two overlap: the more specific kind first (a key is a secret before it is a
 * phone-looking run of digits; an IBAN holds digits a card check might like).
 */
const PRECEDENCE: readonly SensitiveKind[] = [
  'secret',
  'password',
  'card_number',
  'iban',
  'national_id',
  'email',
  'phone',
  'street_address',
];

const rank = (kind: SensitiveKind): number => {
  const index = PRECEDENCE.indexOf(kind);
  return index === -1 ? PRECEDENCE.length : index;
};

/** Keeps one finding where several overlap (the kind of higher precedence, then the longer). */
function withoutOverlaps(findings: readonly SensitiveFinding[]): SensitiveFinding[] {
  const ordered = [...findings].sort(
    (a, b) => rank(a.kind) - rank(b.kind) || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: SensitiveFinding[] = [];
  for (const finding of ordered) {
    if (kept.some((other) => finding.start < other.end && other.start < finding.end)) continue;
    kept.push(finding);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Every finding of the pattern kinds in a text (of `kinds` only, when given), overlaps resolved, in text order.
 * Overlaps are resolved among the kinds detected, so a caller leaving a kind out must leave out only kinds
 * that rank below every kind it keeps (see `kindsDecidingFor`).
 */
export function detectPatternKinds(text: string, kinds?: ReadonlySet<SensitiveKind>): SensitiveFinding[] {
  return withoutOverlaps(
    PATTERN_DETECTORS.flatMap(({ kind, detect }) =>
      kinds === undefined || kinds.has(kind) ? detect(text) : [],
    ),
  );
}

/**
 * The pattern kinds whose detection can change what a policy does to a text: every kind it acts on, and every
 * kind ranking above one of those, since an allowed finding still wins an overlap and so spares the words under
 * it. A kind ranking below all of them can only lose overlaps; leaving it out changes no outcome and saves its
 * detector (the phone detector is most of the scanning time, and the default policy allows phones).
 */
export function kindsDecidingFor(policy: PrivacyPolicy): ReadonlySet<SensitiveKind> {
  const lowestActed = Math.max(-1, ...PRECEDENCE.filter((kind) => policy[kind] !== 'allow').map(rank));
  return new Set(PRECEDENCE.filter((kind) => rank(kind) <= lowestActed));
}

/** What the policy made of one text. */
export interface PolicyOutcome {
  /** The text to store: the original with every `redact` finding replaced by its placeholder. */
  readonly text: string;
  /** The kinds replaced, in the policy's order (empty: stored as given). */
  readonly redactions: SensitiveKind[];
  /** The kinds the policy refuses, found in the text (non-empty: store nothing). */
  readonly refused: SensitiveKind[];
  /** What was replaced, so the same words elsewhere in one write (a fact's metadata) are replaced too. */
  readonly replaced: ReadonlyArray<{ readonly kind: SensitiveKind; readonly original: string }>;
}

const inPolicyOrder = (kinds: Iterable<SensitiveKind>): SensitiveKind[] => {
  const set = new Set(kinds);
  return SENSITIVE_KINDS.filter((kind) => set.has(kind));
};

/** Replaces the findings (which must not overlap) by their placeholders. */
export function redactFindings(text: string, findings: readonly SensitiveFinding[]): string {
  let result = '';
  let cursor = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (finding.start < cursor) continue;
    result += text.slice(cursor, finding.start) + SENSITIVE_KIND_PLACEHOLDERS[finding.kind];
    cursor = finding.end;
  }
  return result + text.slice(cursor);
}

/** The special categories of each sentence of some texts, by the sentence's text (see `classifyAll`). */
export type SentenceCategories = ReadonlyMap<string, readonly SpecialCategoryKind[]>;

const actsOnSpecialCategories = (policy: PrivacyPolicy) =>
  SPECIAL_CATEGORY_KINDS.some((kind) => policy[kind] !== 'allow');

/**
 * Finds sensitive data in texts and applies a policy to them. Pattern kinds are found by their detectors; the
 * special categories by the classifier, sentence by sentence, and only when the policy acts on one of them (an
 * account allowing them all never pays for a model call). A classified sentence is replaced whole, since the
 * category is its meaning, not a word of it.
 */
export class SensitiveDataScanner {
  constructor(private readonly classifier: SpecialCategoryClassifier) {}

  /**
   * Classifies every sentence of several texts in one classifier call (one write's text, metadata values and
   * title are one model call, not one each). Empty when the policy acts on no special category.
   */
  async classifyAll(
    texts: readonly string[],
    policy: PrivacyPolicy,
    userId: string,
  ): Promise<SentenceCategories> {
    if (!actsOnSpecialCategories(policy)) return new Map();
    const sentences = [
      ...new Set(texts.flatMap((text) => sentenceSpans(text).map((sentence) => sentence.text))),
    ];
    if (sentences.length === 0) return new Map();
    const categories = await this.classifier.classify(sentences, userId);
    return new Map(sentences.map((sentence, index) => [sentence, categories[index] ?? []]));
  }

  /** The findings the policy acts on; the special categories read from `classified` when given. */
  async findings(
    text: string,
    policy: PrivacyPolicy,
    userId: string,
    classified?: SentenceCategories,
  ): Promise<SensitiveFinding[]> {
    const acted = (kind: SensitiveKind) => policy[kind] !== 'allow';
    const patterns = detectPatternKinds(text, kindsDecidingFor(policy)).filter((finding) =>
      acted(finding.kind),
    );
    if (!actsOnSpecialCategories(policy)) return patterns;
    const sentences = sentenceSpans(text);
    const categories = classified
      ? sentences.map((sentence) => classified.get(sentence.text) ?? [])
      : await this.classifier.classify(
          sentences.map((sentence) => sentence.text),
          userId,
        );
    const special: SensitiveFinding[] = [];
    sentences.forEach((sentence, index) => {
      const found = (categories[index] ?? []).filter(acted);
      // A sentence in several categories is stored under the first (refusal, if any, still names them all).
      const strongest = found.find((kind) => policy[kind] === 'refuse') ?? found[0];
      if (strongest) special.push({ kind: strongest, start: sentence.start, end: sentence.end });
      for (const other of found)
        if (other !== strongest) special.push({ kind: other, start: sentence.start, end: sentence.start });
    });
    // A sentence replaced whole takes the pattern findings inside it along.
    const covering = special.filter((finding) => finding.end > finding.start);
    const outside = patterns.filter(
      (finding) => !covering.some((cover) => finding.start >= cover.start && finding.end <= cover.end),
    );
    return [...outside, ...special].sort((a, b) => a.start - b.start);
  }

  /** The policy applied to one text of the account `userId` (its sentences classified already, when given). */
  async apply(
    text: string,
    policy: PrivacyPolicy,
    userId: string,
    classified?: SentenceCategories,
  ): Promise<PolicyOutcome> {
    const findings = await this.findings(text, policy, userId, classified);
    const refused = inPolicyOrder(findings.filter((f) => policy[f.kind] === 'refuse').map((f) => f.kind));
    if (refused.length > 0) return { text, redactions: [], refused, replaced: [] };
    const redacted = findings.filter((f) => policy[f.kind] === 'redact');
    const spans = redacted.filter((f) => f.end > f.start);
    return {
      text: redactFindings(text, spans),
      redactions: inPolicyOrder(redacted.map((f) => f.kind)),
      refused: [],
      replaced: spans.map((f) => ({ kind: f.kind, original: text.slice(f.start, f.end) })),
    };
  }
}
