import validator from 'validator';

/*
 * The string formats the wire schemas check (an ISO 8601 instant, a URL, a UUID, base64): validator.js's rules,
 * the ones the class-validator classes these schemas replaced applied, so a schema accepts exactly what they
 * accepted. Every schema reads them from here.
 */

/** An ISO 8601 date or date-time, checked strictly (a real calendar date). */
export const isStrictIso8601 = (value: string): boolean => validator.isISO8601(value, { strict: true });

export const { isBase64, isURL, isUUID } = validator;
