import { describeRefusals, type Refusal } from '@membolt/contracts/testing';
import { ListUploadsQuerySchema, UploadBase64BodySchema, UploadBase64QuerySchema } from './uploads.dto.js';
import { scopeRefusals, ownFieldAndScopeRefusals } from '../testing/scope-refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same query string or body
 * (docs/decisions/213-rest-bodies-and-queries-as-zod-schemas.md): every rule a value breaks, unknown fields
 * first, then the fields in the order the class checked them (its own, then the scope's).
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    UploadBase64BodySchema,
    {},
    'fileName is required; fileName must be shorter than or equal to 255 characters; fileSize must not be less than 0; fileSize must be an integer number; fileData is required (the file, base64-encoded)',
  ],
  [
    UploadBase64BodySchema,
    { fileSize: 3, fileData: 'YWJj' },
    'fileName is required; fileName must be shorter than or equal to 255 characters',
  ],
  [UploadBase64BodySchema, { fileName: '', fileSize: 3, fileData: 'YWJj' }, 'fileName is required'],
  [
    UploadBase64BodySchema,
    { fileName: 'x'.repeat(1001), fileSize: 3, fileData: 'YWJj' },
    'fileName must be shorter than or equal to 255 characters',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileSize: 3, fileData: 'YWJj', fileType: 'x'.repeat(201) },
    'fileType must be shorter than or equal to 200 characters',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileSize: 3, fileData: 'YWJj', fileType: 0 },
    'fileType must be shorter than or equal to 200 characters; fileType must be a string',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileData: 'YWJj' },
    'fileSize must not be less than 0; fileSize must be an integer number',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileSize: -1, fileData: 'YWJj' },
    'fileSize must not be less than 0',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileSize: 1.5, fileData: 'YWJj' },
    'fileSize must be an integer number',
  ],
  [
    UploadBase64BodySchema,
    { fileName: 'a.txt', fileSize: 3 },
    'fileData is required (the file, base64-encoded)',
  ],
  [UploadBase64QuerySchema, { async: '' }, 'async must be true or false'],
  ...ownFieldAndScopeRefusals(UploadBase64QuerySchema, 'async', {
    valid: 'true',
    text: 'async must be true or false',
  }),
  [ListUploadsQuerySchema, { limit: '', offset: '0' }, 'limit must be an integer from 1 to 100'],
  [ListUploadsQuerySchema, { limit: '5', offset: '' }, 'offset must be an integer from 0 to 1000000'],
  ...scopeRefusals(ListUploadsQuerySchema, { limit: '5', offset: '0' }),
  [
    ListUploadsQuerySchema,
    { limit: [], offset: [], zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100; offset must be an integer from 0 to 1000000',
  ],
  [
    ListUploadsQuerySchema,
    { limit: 5, offset: '0', run_id: 5, zz: 1 },
    'zz should not exist; run_id must be a string of at most 200 characters',
  ],
  [
    ListUploadsQuerySchema,
    { limit: [], offset: '0', run_id: [], zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100; run_id must be a string of at most 200 characters',
  ],
  [
    ListUploadsQuerySchema,
    { limit: 'zz-not-valid', offset: '0', run_id: 'zz-not-valid', zz: 1 },
    'zz should not exist; limit must be an integer from 1 to 100',
  ],
  [
    ListUploadsQuerySchema,
    { limit: '5', offset: [], run_id: [], zz: 1 },
    'zz should not exist; offset must be an integer from 0 to 1000000; run_id must be a string of at most 200 characters',
  ],
];

describeRefusals(
  'the REST bodies and queries (zod schemas, the texts of the classes they replaced)',
  refusals,
);
