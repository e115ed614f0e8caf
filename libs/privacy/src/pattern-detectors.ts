import { createRequire } from 'node:module';
import type * as PhoneNumbers from 'libphonenumber-js';
import type { SensitiveKind } from '@membolt/contracts';

/** Where a kind of sensitive data sits in a text: `[start, end)` in UTF-16 code units. */
export interface SensitiveFinding {
  readonly kind: SensitiveKind;
  readonly start: number;
  readonly end: number;
}

type Detector = (text: string) => SensitiveFinding[];

const matchesOf = (text: string, pattern: RegExp): RegExpExecArray[] => [...text.matchAll(pattern)];
const digitsOf = (value: string): string => value.replace(/\D/g, '');

// ---------------------------------------------------------------------------------------------- cards

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The issuer prefixes of the card networks (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro):
 * with the Luhn check, an order or tracking number of the same length passes only when it also starts like a
 * card, which keeps most of them.
 */
const CARD_ISSUER =
  /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|6(?:011|5|4[4-9])|35|3(?:0[0-5]|[68])|62|50|6[37])/;

const detectCards: Detector = (text) =>
  matchesOf(text, /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g)
    .filter((match) => {
      const raw = match[0];
      const digits = digitsOf(raw);
      if (digits.length < 13 || digits.length > 19) return false;
      // One kind of separator, as a card is written: "4111 1111 1111 1111" or "4111-1111-...", not "4111 11-1".
      if (/ /.test(raw) && /-/.test(raw)) return false;
      return CARD_ISSUER.test(digits) && luhnValid(digits);
    })
    .map((match) => ({ kind: 'card_number', start: match.index, end: match.index + match[0].length }));

// ---------------------------------------------------------------------------------------------- IBANs

/** IBAN lengths of the SEPA countries and a few others; a country not listed is checked by mod 97 alone. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, TR: 26, UA: 29, BR: 29,
  SA: 24, AE: 23, IL: 23,
}; // prettier-ignore

function ibanValid(compact: string): boolean {
  const expected = IBAN_LENGTHS[compact.slice(0, 2)];
  if (expected !== undefined && compact.length !== expected) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const detectIbans: Detector = (text) =>
  // Upper case only, as IBANs are written: a lower-case word after one is not taken for its last group.
  matchesOf(text, /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g)
    .filter((match) => ibanValid(match[0].replace(/ /g, '').toUpperCase()))
    .map((match) => ({ kind: 'iban', start: match.index, end: match.index + match[0].length }));

// ---------------------------------------------------------------------------------------------- national ids

const SPANISH_ID_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function spanishIdValid(value: string): boolean {
  const compact = value.replace(/-/g, '').toUpperCase();
  const numeric = compact.replace(/^X/, '0').replace(/^Y/, '1').replace(/^Z/, '2');
  const number = Number(numeric.slice(0, 8));
  return SPANISH_ID_LETTERS[number % 23] === compact[8];
}

function frenchNirValid(value: string): boolean {
  const compact = value.replace(/ /g, '').toUpperCase();
  // Corsica's departments 2A and 2B count as 19 and 18 in the key.
  const body = compact.slice(0, 13).replace('2A', '19').replace('2B', '18');
  const key = Number(compact.slice(13));
  return 97 - Number(BigInt(body) % 97n) === key;
}

/** A US SSN as written (with dashes or spaces), none of the numbers the SSA never issues. */
const US_SSN = /\b(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}\b/g;
/** UK National Insurance number: two letters (not the never-issued prefixes), six digits, A-D. */
const UK_NINO =
  /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g;
/** Spain: DNI (8 digits and a letter) and NIE (X/Y/Z, 7 digits, a letter), checked by their letter. */
const SPANISH_ID = /\b[XYZ]?\d{7,8}-?[A-Z]\b/g;
/** France: NIR (sex, year, month, department, commune, order, key), checked by its key. */
const FRENCH_NIR = /\b[12] ?\d{2} ?(?:0[1-9]|1[0-2]) ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}\b/g;
/** Italy: codice fiscale (surname, name, birth date and place, a check letter). */
const ITALIAN_CF = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
/**
 * Numbers that only look like an id beside a word naming one (German Steuer-ID, Dutch BSN, Swedish
 * personnummer, a passport): without the word, an 9-11 digit number is more often an order or an account.
 */
const NAMED_ID =
  /\b(?:ssn|social security(?: number)?|national (?:id|insurance)(?: number)?|steuer-?id|steueridentifikationsnummer|bsn|burgerservicenummer|personnummer|henkilötunnus|pesel|passport(?: number| no\.?)?|id card(?: number)?|identity card(?: number)?|codice fiscale|dni|nie|nif|nir|numéro de sécurité sociale)\b(?:\s+(?:is|was|number|no\.?|:|#))*\s*:?\s*([A-Z0-9](?:[A-Z0-9-]|(?<=\d) (?=\d)){4,18}[A-Z0-9])\b/gi;

const detectNationalIds: Detector = (text) => {
  const findings: SensitiveFinding[] = [];
  const add = (start: number, end: number) => findings.push({ kind: 'national_id', start, end });
  for (const match of matchesOf(text, US_SSN)) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, UK_NINO)) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, SPANISH_ID))
    if (spanishIdValid(match[0])) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, FRENCH_NIR))
    if (frenchNirValid(match[0])) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, ITALIAN_CF)) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, NAMED_ID)) {
    const value = match[1] ?? '';
    // The named value must hold digits (a passport "is expired" is not an id).
    if (digitsOf(value).length < 6) continue;
    const start = match.index + match[0].length - value.length;
    add(start, start + value.length);
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------- e-mail

const detectEmails: Detector = (text) =>
  matchesOf(text, /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g).map((match) => ({
    kind: 'email',
    start: match.index,
    end: match.index + match[0].length,
  }));

// ---------------------------------------------------------------------------------------------- phones

const PHONE_CONTEXT =
  /\b(?:phone|mobile|cell|tel|telephone|call|text|sms|whatsapp|fax|number|reach)\b[^.\n]{0,24}$/i;

/** libphonenumber-js's metadata is loaded at the first text screened, not at start (decision 182). */
let phoneNumbers: typeof PhoneNumbers | undefined;
const loadPhoneNumbers = () =>
  (phoneNumbers ??= createRequire(import.meta.url)('libphonenumber-js') as typeof PhoneNumbers);

/**
 * libphonenumber-js finds numbers valid for their country (US when written without a country code). A bare run of
 * digits is kept unless a word before it speaks of a phone: order, tracking and account ids are often valid
 * phone numbers by length alone, and a written phone number has a `+`, brackets, separators or such a word.
 */
const detectPhones: Detector = (text) =>
  loadPhoneNumbers()
    .findPhoneNumbersInText(text, { defaultCountry: 'US' })
    .filter((found) => {
      const raw = text.slice(found.startsAt, found.endsAt);
      const written = /^\+|[()\s.-]/.test(raw);
      return written || PHONE_CONTEXT.test(text.slice(Math.max(0, found.startsAt - 40), found.startsAt));
    })
    .map((found) => ({ kind: 'phone', start: found.startsAt, end: found.endsAt }));

// ---------------------------------------------------------------------------------------------- addresses

/** Street types, matched with their first letter in either case ("Street", "street"); the rest as written. */
const STREET_SUFFIX =
  [
  'street', 'st\\.?', 'avenue', 'ave\\.?', 'road', 'rd\\.?', 'boulevard', 'blvd\\.?', 'lane', 'ln\\.?', 'drive',
  'dr\\.?', 'court', 'ct\\.?', 'place', 'pl\\.?', 'terrace', 'way', 'close', 'crescent', 'square', 'sq\\.?',
  'parkway', 'pkwy\\.?', 'highway', 'hwy\\.?', 'circle', 'row', 'mews', 'gardens',
] // prettier-ignore
    .map((suffix) => `[${suffix[0]?.toUpperCase()}${suffix[0]}]${suffix.slice(1)}`)
    .join('|');
/** "221B Baker Street", "1600 Pennsylvania Avenue NW", "10 Downing St, Apt 4". */
const NUMBER_FIRST = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?,?\\s+(?:[A-Z][\\w'’.-]*\\s+){1,4}(?:${STREET_SUFFIX})\\b(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)\\b)?(?:,?\\s+(?:apt|apartment|suite|unit|flat)\\.?\\s*#?\\w+)?`,
  'g',
);
/** German-speaking: "Hauptstraße 5", "Am Lindenweg 12a". */
const GERMAN_STREET =
  /\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer)\s+\d{1,4}(?:\s?[a-z]\b)?/g;
/** French, Spanish, Italian, Portuguese: "12 rue de Rivoli", "Calle Mayor 3", "Via Roma 10". */
const ROMANCE_STREET =
  /\b(?:\d{1,4},?\s+)?(?:rue|avenue|boulevard|bd|chemin|impasse|allée|calle|avenida|paseo|plaza|via|viale|piazza|corso|rua|travessa)\s+(?:(?:de|del|de la|des|du|da|do|dos|della|di|la|le|les)\s+)?[A-ZÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÇ][\wÀ-ÿ'’-]*(?:\s+[A-ZÀ-Ý][\wÀ-ÿ'’-]*){0,3}(?:,?\s+(?:n[º°.]?\s*)?\d{1,4}(?:\s?[a-z]\b)?)?/gi;

const detectStreetAddresses: Detector = (text) => {
  const findings: SensitiveFinding[] = [];
  for (const pattern of [NUMBER_FIRST, GERMAN_STREET]) {
    for (const match of matchesOf(text, pattern))
      findings.push({ kind: 'street_address', start: match.index, end: match.index + match[0].length });
  }
  for (const match of matchesOf(text, ROMANCE_STREET)) {
    // A number before or after the street name makes it an address; "la rue" alone is a word.
    if (!/\d/.test(match[0])) continue;
    findings.push({ kind: 'street_address', start: match.index, end: match.index + match[0].length });
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------- secrets

/** Providers' key formats: OpenAI/Anthropic, AWS, GitHub, GitLab, Slack, Stripe, Google, Membolt, JWTs. */
const PROVIDER_SECRETS = [
  /\bsk-(?:proj-|ant-(?:api\d{2}-)?)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g,
  /\bwhsec_[A-Za-z0-9+/=]{16,}/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\bmblt_[A-Za-z0-9]{32}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];
/** "api key: X", "token=X", "client secret is X". */
const NAMED_SECRET =
  /\b(?:api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|client[ _-]?secret|auth[ _-]?token|access[ _-]?token|bearer|token)\b\s*(?:is|was|:|=)\s*["'`]?([A-Za-z0-9+/_.=-]{12,})/gi;

function shannonBitsPerChar(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A long token mixing upper case, lower case and digits with high entropy. Hex ids and UUIDs (one case, at most
 * 4 bits a character) and words joined by dashes do not qualify, so record ids in texts and metadata survive.
 */
function looksLikeRandomToken(token: string): boolean {
  if (token.length < 24) return false;
  if (!/[a-z]/.test(token) || !/[A-Z]/.test(token) || !/\d/.test(token)) return false;
  return shannonBitsPerChar(token) >= 4.2;
}

const detectSecrets: Detector = (text) => {
  const findings: SensitiveFinding[] = [];
  const add = (start: number, end: number) => findings.push({ kind: 'secret', start, end });
  for (const pattern of PROVIDER_SECRETS)
    for (const match of matchesOf(text, pattern)) add(match.index, match.index + match[0].length);
  for (const match of matchesOf(text, NAMED_SECRET)) {
    const value = match[1] ?? '';
    if (!/\d/.test(value) && !/[A-Z]/.test(value)) continue;
    const start = match.index + match[0].length - value.length;
    add(start, start + value.length);
  }
  for (const match of matchesOf(text, /[A-Za-z0-9+/_=-]{24,}/g))
    if (looksLikeRandomToken(match[0])) add(match.index, match.index + match[0].length);
  return findings;
};

// ---------------------------------------------------------------------------------------------- passwords

/**
 * A password stated in the text: "my password is hunter2", "password: X", "the wifi passcode is Y", "PIN 1234".
 * The value alone is replaced; "I forgot my password" or "password reset" state none.
 */
const STATED_PASSWORD =
  /\b(?:password|passwd|pwd|passcode|passphrase|pin(?: code)?)\b(?:\s+(?:for|to|of)\s+[\w .'-]{1,30}?)?\s*(?:\bis\b|\bwas\b|:|=)\s*(?:now\s+)?["'“‘`]?([^\s"'”’`]{3,64}?)["'”’`]?(?=[.,;!?]?(?:\s|$))/gi;

const detectPasswords: Detector = (text) =>
  matchesOf(text, STATED_PASSWORD).flatMap((match) => {
    const value = match[1] ?? '';
    if (value.length === 0) return [];
    const start = match.index + match[0].lastIndexOf(value);
    return [{ kind: 'password' as const, start, end: start + value.length }];
  });

/** The kinds found by their pattern (the special categories are classified apart), each with its detector. */
export const PATTERN_DETECTORS: ReadonlyArray<{ readonly kind: SensitiveKind; readonly detect: Detector }> = [
  { kind: 'card_number', detect: detectCards },
  { kind: 'iban', detect: detectIbans },
  { kind: 'national_id', detect: detectNationalIds },
  { kind: 'email', detect: detectEmails },
  { kind: 'phone', detect: detectPhones },
  { kind: 'street_address', detect: detectStreetAddresses },
  { kind: 'secret', detect: detectSecrets },
  { kind: 'password', detect: detectPasswords },
];
