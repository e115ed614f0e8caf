import 'reflect-metadata';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import { IsEntityId } from '../common/validators.js';
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

const IsPrivacyActions = (): PropertyDecorator =>
  ValidateBy({
    name: 'isPrivacyActions',
    validator: {
      validate: (value: unknown) => privacyActionsProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) =>
        privacyActionsProblem(args?.value) ?? 'actions is invalid',
    },
  });

/**
 * Changes the account's privacy policy (the kinds named; the others keep their action), or with `keyId` sets
 * what one API key of the account overrides (replacing its earlier overrides; `{}` removes them).
 */
export class UpdatePrivacyPolicyRequest {
  @IsObject({ message: 'actions must be an object' })
  @IsPrivacyActions()
  actions!: Partial<Record<SensitiveKind, PrivacyAction>>;

  @IsOptional()
  @IsEntityId()
  keyId?: string;
}

/** Reads the acting account's policy: nothing to send. */
export class GetPrivacyPolicyRequest {}

/** The most texts, and characters in all, one screening may carry (an asynchronous add's messages). */
export const SCREEN_TEXTS_MAX = 100;
export const SCREEN_TEXT_MAX_LENGTH = 20_000;

/** Texts to screen by the acting key's policy before a durable job holds them. */
export class ScreenTextsRequest {
  @IsArray()
  @ArrayMaxSize(SCREEN_TEXTS_MAX)
  @IsString({ each: true })
  @MaxLength(SCREEN_TEXT_MAX_LENGTH, { each: true })
  texts!: string[];

  /** The metadata the job will carry (a learnt fact's metadata is the request's): screened value by value. */
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
