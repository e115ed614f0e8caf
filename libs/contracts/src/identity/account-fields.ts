import { z } from 'zod';
import { OPAQUE_TOKEN_MAX_LENGTH } from '../common/request-limits.js';
import { issuedString, requiredText } from '../common/wire-schema.js';
import { AccountMessages, emailProblem, NAME_MAX_LENGTH, passwordProblem } from '../rules/account.rules.js';

/*
 * The account's fields as schemas: each rule is a `...Problem(value)` function of the rules entry, shared with
 * the web forms, so a rule and its text change in one place; the refusals are those of the class-validator
 * decorators these replace (common/validators.ts).
 */

/** A value passes when `problemOf` finds nothing, else its text is the refusal; a value that is no string gets `notAString`. */
const satisfying = (problemOf: (value: string) => string | null, notAString: string) =>
  z.string({ error: notAString }).check((ctx) => {
    const problem = problemOf(ctx.value);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** E-mail addresses are compared trimmed and lower-cased everywhere (sign-up, sign-in, reset). */
export const normalizedEmail = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), schema);

/** An account's e-mail address: normalised, then checked by `emailProblem`. */
export const accountEmail = () => normalizedEmail(satisfying(emailProblem, AccountMessages.emailRequired));

/** A new password (sign-up, reset, change): every rule of `passwordProblem`, read when a payload arrives. */
export const newPassword = () => satisfying(passwordProblem, AccountMessages.passwordRequired);

/** A person's display name: trimmed, required, at most NAME_MAX_LENGTH characters. */
export const accountName = () => requiredText(AccountMessages.nameRequired, NAME_MAX_LENGTH);

/** A secret token issued by the server (refresh token, reset token). */
export const opaqueToken = () => issuedString(OPAQUE_TOKEN_MAX_LENGTH);
