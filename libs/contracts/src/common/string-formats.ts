import { isBase64, isISO8601, isURL, isUUID } from 'class-validator';

/*
 * The string formats the wire schemas check (an ISO 8601 instant, a URL, a UUID, base64): validator.js's rules,
 * as class-validator exposes them, so a schema accepts exactly what the class it replaced accepted. Every schema
 * reads them from here: class-validator's decorators and its validation are no longer used.
 */

/** An ISO 8601 date or date-time, checked strictly (a real calendar date). */
export const isStrictIso8601 = (value: string): boolean => isISO8601(value, { strict: true });

export { isBase64, isURL, isUUID };
