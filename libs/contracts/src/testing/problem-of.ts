import type { z } from 'zod';
import { MemboltError } from '../common/membolt-error.js';
import { validatePayload } from '../common/validate-payload.js';
import { CommonErrorCode } from '../rules/error-codes.js';

/** The refusal text a schema answers for `raw`; throws when `raw` is accepted or fails another way. */
export function problemOf(schema: z.ZodObject, raw: unknown): string {
  try {
    validatePayload(schema, raw);
  } catch (error) {
    if (error instanceof MemboltError && error.code === CommonErrorCode.ValidationError) return error.message;
    throw error;
  }
  throw new Error(`expected a refusal of ${JSON.stringify(raw)}`);
}
