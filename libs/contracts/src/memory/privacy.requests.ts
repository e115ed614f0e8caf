import { z } from 'zod';
import { distinctTexts, entityId, optional, plainObject } from '../common/wire-schema.js';
import {
  isPrivacyAction,
  isSensitiveKind,
  PRIVACY_ACTIONS,
  type PrivacyAction,
  SENSITIVE_KINDS,
  type SensitiveKind,
} from '../rules/privacy.rules.js';

/** Why an `actions` object is refused (null: fine): the first unknown kind or action, named. */
export function privacyActionsProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'actions must be an object';
  for (const [kind, action] of Object.entries(value as Record<string, unknown>)) {
    if (!isSensitiveKind(kind))
      return `actions.${kind} is not a kind of sensitive data (${SENSITIVE_KINDS.join(', ')})`;
    if (!isPrivacyAction(action)) return `actions.${kind} must be one of: ${PRIVACY_ACTIONS.join(', ')}`;
  }
  return null;
}

/** The actions object: the first unknown kind or action named (an object's own text when it is none). */
const privacyActions = () =>
  z.unknown().transform((value, ctx) => {
    const problem = privacyActionsProblem(value);
    if (problem !== null) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return value as Partial<Record<SensitiveKind, PrivacyAction>>;
  });

/**
 * Changes the account's privacy policy (the kinds named; the others keep their action), or with `keyId` sets
 * what one API key of the account overrides (replacing its earlier overrides; `{}` removes them).
 */
export const UpdatePrivacyPolicyRequest = z.strictObject({
  actions: privacyActions(),
  keyId: optional(entityId()),
});
export type UpdatePrivacyPolicyRequest = z.output<typeof UpdatePrivacyPolicyRequest>;

/** Reads the acting account's policy: nothing to send. */
export const GetPrivacyPolicyRequest = z.strictObject({});
export type GetPrivacyPolicyRequest = z.output<typeof GetPrivacyPolicyRequest>;

/** The most texts, and characters in all, one screening may carry (an asynchronous add's messages). */
export const SCREEN_TEXTS_MAX = 100;
export const SCREEN_TEXT_MAX_LENGTH = 20_000;

const SCREEN_TEXT_TOO_LONG = `each value in $property must be shorter than or equal to ${SCREEN_TEXT_MAX_LENGTH} characters`;
const SCREEN_TEXT_NOT_A_STRING = 'each value in $property must be a string';
/**
 * 1 to SCREEN_TEXTS_MAX texts, the rules in the order the class this replaces checked them; a rule for each text
 * is checked on the value itself when it is no list, as class-validator's `each` did.
 */
const screenTexts = () =>
  z.unknown().transform((value, ctx) => {
    const each = (holds: (text: unknown) => boolean) => (Array.isArray(value) ? value : [value]).every(holds);
    const problems = [
      ...(each((text) => typeof text === 'string' && text.length <= SCREEN_TEXT_MAX_LENGTH)
        ? []
        : [SCREEN_TEXT_TOO_LONG]),
      ...(each((text) => typeof text === 'string') ? [] : [SCREEN_TEXT_NOT_A_STRING]),
      ...(Array.isArray(value) && value.length <= SCREEN_TEXTS_MAX
        ? []
        : [`$property must contain no more than ${SCREEN_TEXTS_MAX} elements`]),
      ...(Array.isArray(value) ? [] : ['$property must be an array']),
    ];
    if (problems.length > 0) {
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
      return z.NEVER;
    }
    return value as string[];
  });

/** Texts to screen by the acting key's policy before a durable job holds them. */
export const ScreenTextsRequest = z.strictObject({
  texts: screenTexts(),
  /** The metadata the job will carry (a learnt fact's metadata is the request's): screened value by value. */
  metadata: optional(plainObject()),
});
export type ScreenTextsRequest = z.output<typeof ScreenTextsRequest>;
