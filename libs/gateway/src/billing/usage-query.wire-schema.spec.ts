import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { UsageQuerySchema } from './billing.dto.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same input
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md).
 */
const refusals: ReadonlyArray<Refusal> = [
  [UsageQuerySchema, { from: '2026-04-01', zz: 1 }, 'zz should not exist'],
  [UsageQuerySchema, { from: '2026-04-01', zz: 1, yy: 2 }, 'zz should not exist; yy should not exist'],
  [
    UsageQuerySchema,
    { u0: 0, u1: 1, u2: 2, u3: 3, u4: 4, u5: 5, u6: 6 },
    'u0, u1, u2, u3, u4 and 2 more fields should not exist',
  ],
  [UsageQuerySchema, { from: 'x'.repeat(201) }, 'from must be shorter than or equal to 40 characters'],
  [
    UsageQuerySchema,
    { from: 0 },
    'from must be shorter than or equal to 40 characters; from must be a string',
  ],
  [
    UsageQuerySchema,
    { from: '2026-04-01', to: 'x'.repeat(201) },
    'to must be shorter than or equal to 40 characters',
  ],
  [
    UsageQuerySchema,
    { from: '2026-04-01', to: 0 },
    'to must be shorter than or equal to 40 characters; to must be a string',
  ],
  [
    UsageQuerySchema,
    { from: 5, to: 5, zz: 1 },
    'zz should not exist; from must be shorter than or equal to 40 characters; from must be a string; to must be shorter than or equal to 40 characters; to must be a string',
  ],
  [
    UsageQuerySchema,
    { from: 'x'.repeat(20001), to: 'x'.repeat(20001), zz: 1 },
    'zz should not exist; from must be shorter than or equal to 40 characters; to must be shorter than or equal to 40 characters',
  ],
];

describeRefusals('the usage query (a zod schema, the texts of the class it replaced)', refusals);
