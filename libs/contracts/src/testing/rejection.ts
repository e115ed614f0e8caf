import { MemboltError } from '../common/membolt-error.js';

/** The MemboltError `promise` rejects with; throws when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<MemboltError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a MemboltError');
}
