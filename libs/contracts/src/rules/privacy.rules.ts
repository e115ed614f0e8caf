/**
 * The write-time privacy policy: the kinds of sensitive data a memory's text is checked for, and what an
 * account (or one of its API keys) does with each. Browser-safe: the Settings card and the server share it.
 */
export const SENSITIVE_KINDS = [
  'card_number',
  'iban',
  'national_id',
  'email',
  'phone',
  'street_address',
  'secret',
  'password',
  'health',
  'religion',
  'politics',
  'sexual_orientation',
  'ethnicity',
  'trade_union',
] as const;
export type SensitiveKind = (typeof SENSITIVE_KINDS)[number];

/** The GDPR special categories (article 9), found by a classifier rather than by a pattern. */
export const SPECIAL_CATEGORY_KINDS = [
  'health',
  'religion',
  'politics',
  'sexual_orientation',
  'ethnicity',
  'trade_union',
] as const satisfies readonly SensitiveKind[];
export type SpecialCategoryKind = (typeof SPECIAL_CATEGORY_KINDS)[number];

/** `allow`: stored as said; `redact`: the finding is replaced by its placeholder; `refuse`: nothing stored. */
export const PRIVACY_ACTIONS = ['allow', 'redact', 'refuse'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

export type PrivacyPolicy = Readonly<Record<SensitiveKind, PrivacyAction>>;

/** A new account redacts what is dangerous to hold (cards, national ids, secrets) and keeps the rest. */
export const DEFAULT_PRIVACY_POLICY: PrivacyPolicy = {
  card_number: 'redact',
  iban: 'allow',
  national_id: 'redact',
  email: 'allow',
  phone: 'allow',
  street_address: 'allow',
  secret: 'redact',
  password: 'allow',
  health: 'allow',
  religion: 'allow',
  politics: 'allow',
  sexual_orientation: 'allow',
  ethnicity: 'allow',
  trade_union: 'allow',
};

/** What a redacted finding reads as in the stored text. */
export const SENSITIVE_KIND_PLACEHOLDERS: Readonly<Record<SensitiveKind, string>> = {
  card_number: '[card number]',
  iban: '[IBAN]',
  national_id: '[national id]',
  email: '[e-mail address]',
  phone: '[phone number]',
  street_address: '[street address]',
  secret: '[secret]',
  password: '[password]',
  health: '[health information]',
  religion: '[religious belief]',
  politics: '[political opinion]',
  sexual_orientation: '[sexual orientation]',
  ethnicity: '[ethnic origin]',
  trade_union: '[trade union membership]',
};

/** How the Settings card and the docs name each kind. */
export const SENSITIVE_KIND_LABELS: Readonly<Record<SensitiveKind, string>> = {
  card_number: 'Payment card numbers',
  iban: 'IBANs',
  national_id: 'National id numbers',
  email: 'E-mail addresses',
  phone: 'Phone numbers',
  street_address: 'Street addresses',
  secret: 'API keys and secrets',
  password: 'Passwords',
  health: 'Health',
  religion: 'Religion or beliefs',
  politics: 'Political opinions',
  sexual_orientation: 'Sexual orientation',
  ethnicity: 'Racial or ethnic origin',
  trade_union: 'Trade union membership',
};

export function isSensitiveKind(value: unknown): value is SensitiveKind {
  return typeof value === 'string' && (SENSITIVE_KINDS as readonly string[]).includes(value);
}

export function isPrivacyAction(value: unknown): value is PrivacyAction {
  return typeof value === 'string' && (PRIVACY_ACTIONS as readonly string[]).includes(value);
}

/** A partial policy (a key's override, a PUT body) laid over a whole one. */
export function withPolicyChanges(
  base: PrivacyPolicy,
  changes: Partial<Record<SensitiveKind, PrivacyAction>>,
): PrivacyPolicy {
  const merged: Record<SensitiveKind, PrivacyAction> = { ...base };
  for (const kind of SENSITIVE_KINDS) {
    const action = changes[kind];
    if (action !== undefined) merged[kind] = action;
  }
  return merged;
}

/** The refusal's message names the kinds, in the policy's order. */
export function sensitiveDataRefusedMessage(kinds: readonly SensitiveKind[]): string {
  const ordered = SENSITIVE_KINDS.filter((kind) => kinds.includes(kind));
  return `The privacy policy refuses to store this: it holds ${ordered.join(', ')}.`;
}
