import { RestErrorBody } from '@membolt/contracts';
import { restObjectTypeOf } from './rest-object-type.js';

/**
 * The body of every gateway error (the filter in libs/edge writes it): the contract's `RestErrorBody` under its
 * own field names.
 */
export const ApiErrorResponse = restObjectTypeOf<RestErrorBody>('ApiErrorResponse', RestErrorBody, {
  casing: 'contract',
});
export type ApiErrorResponse = InstanceType<typeof ApiErrorResponse>;
