import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { RegisterInitialUserBodySchema } from './account.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same input
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md).
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    RegisterInitialUserBodySchema,
    {},
    'user_id must be shorter than or equal to 100 characters; user_id should not be empty; user_id must be a string; api_key must be shorter than or equal to 128 characters; api_key should not be empty; api_key must be a string',
  ],
  [
    RegisterInitialUserBodySchema,
    { api_key: 'mblt_x' },
    'user_id must be shorter than or equal to 100 characters; user_id should not be empty; user_id must be a string',
  ],
  [RegisterInitialUserBodySchema, { user_id: '', api_key: 'mblt_x' }, 'user_id should not be empty'],
  [
    RegisterInitialUserBodySchema,
    { user_id: 'x'.repeat(201), api_key: 'mblt_x' },
    'user_id must be shorter than or equal to 100 characters',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: 0, api_key: 'mblt_x' },
    'user_id must be shorter than or equal to 100 characters; user_id must be a string',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: 'u' },
    'api_key must be shorter than or equal to 128 characters; api_key should not be empty; api_key must be a string',
  ],
  [RegisterInitialUserBodySchema, { user_id: 'u', api_key: '' }, 'api_key should not be empty'],
  [
    RegisterInitialUserBodySchema,
    { user_id: 'u', api_key: 'x'.repeat(201) },
    'api_key must be shorter than or equal to 128 characters',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: 'u', api_key: 0 },
    'api_key must be shorter than or equal to 128 characters; api_key must be a string',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: 5, api_key: 5, zz: 1 },
    'zz should not exist; user_id must be shorter than or equal to 100 characters; user_id must be a string; api_key must be shorter than or equal to 128 characters; api_key must be a string',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: null, api_key: null, zz: 1 },
    'zz should not exist; user_id must be shorter than or equal to 100 characters; user_id should not be empty; user_id must be a string; api_key must be shorter than or equal to 128 characters; api_key should not be empty; api_key must be a string',
  ],
  [
    RegisterInitialUserBodySchema,
    { user_id: 'x'.repeat(20001), api_key: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; user_id must be shorter than or equal to 100 characters; api_key must be shorter than or equal to 128 characters',
  ],
];

describeRefusals('the registration body (a zod schema, the texts of the class it replaced)', refusals);
