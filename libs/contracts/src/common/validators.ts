import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { AccountMessages, emailProblem, NAME_MAX_LENGTH, passwordProblem } from '../rules/account.rules.js';
import { ENTITY_ID_MAX_LENGTH, OPAQUE_TOKEN_MAX_LENGTH } from './request-limits.js';

/** Several property decorators applied as one, in the order given. */
export function composeDecorators(...decorators: readonly PropertyDecorator[]): PropertyDecorator {
  return (target, propertyKey) => {
    for (const decorate of decorators) decorate(target, propertyKey);
  };
}

/**
 * A check written once as a `...Problem(value)` function of the rules entry (shared with the web forms):
 * the value passes when the function finds nothing, else its text is the validation message.
 */
function SatisfiesRule(
  name: string,
  problemOf: (value: string) => string | null,
  notAStringMessage: string,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && problemOf(value) === null,
      defaultMessage: ({ value }: ValidationArguments) =>
        (typeof value === 'string' ? problemOf(value) : null) ?? notAStringMessage,
    },
  });
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizedEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Surrounding spaces are removed before validation and storage. */
export const Trim = (): PropertyDecorator => Transform(trimmed);

/** A new password (sign-up, reset, change): every rule of `passwordProblem`, with its texts. */
export const IsNewPassword = (): PropertyDecorator =>
  SatisfiesRule('isNewPassword', passwordProblem, AccountMessages.passwordRequired);

/** E-mail addresses are compared trimmed and lower-cased everywhere (sign-up, sign-in, reset). */
export const NormalizeEmail = (): PropertyDecorator => Transform(normalizedEmail);

/** An account's e-mail address: normalised, then checked by `emailProblem`. */
export const IsAccountEmail = (): PropertyDecorator =>
  composeDecorators(
    NormalizeEmail(),
    SatisfiesRule('isAccountEmail', emailProblem, AccountMessages.emailRequired),
  );

/** Text a person types where something is required: trimmed, then required with `message`, then bounded. */
export const IsRequiredText = (message: string, maxLength: number): PropertyDecorator =>
  composeDecorators(Trim(), IsString({ message }), IsNotEmpty({ message }), MaxLength(maxLength));

/** A value the server handed out and the client echoes back: a non-empty string of bounded length. */
const IsIssuedString = (maxLength: number): PropertyDecorator =>
  composeDecorators(IsString(), IsNotEmpty(), MaxLength(maxLength));

/** A person's display name: trimmed, required, at most NAME_MAX_LENGTH characters. */
export const IsAccountName = (): PropertyDecorator =>
  IsRequiredText(AccountMessages.nameRequired, NAME_MAX_LENGTH);

/** The id of a stored entity (key, session, graph). */
export const IsEntityId = (): PropertyDecorator => IsIssuedString(ENTITY_ID_MAX_LENGTH);

/** A secret token issued by the server (refresh token, reset token). */
export const IsOpaqueToken = (): PropertyDecorator => IsIssuedString(OPAQUE_TOKEN_MAX_LENGTH);
