import {
  DataExportIdRequest,
  LatestDataExportRequest,
  ReadDataExportPartRequest,
  StartDataExportRequest,
} from './data-export.js';
import { UploadChangedEvent } from './ingestion.events.js';
import { describeRefusals, type Refusal } from '../testing/refusals.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same payload (the classes of
 * the commit before, side by side with the schemas through `validatePayload`;
 * docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md): every rule a value breaks, unknown
 * fields first, then the fields in the order the class listed them.
 */
const refusals: readonly Refusal[] = [
  [StartDataExportRequest, { a: 1 }, 'a should not exist'],
  [StartDataExportRequest, { a: 1, b: 2 }, 'a should not exist; b should not exist'],
  [StartDataExportRequest, { constructor: 1 }, '"constructor" cannot be used as a field name.'],
  [
    StartDataExportRequest,
    { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
    'a, b, c, d, e and 1 more fields should not exist',
  ],
  [LatestDataExportRequest, { a: 1 }, 'a should not exist'],
  [LatestDataExportRequest, { a: 1, b: 2 }, 'a should not exist; b should not exist'],
  [LatestDataExportRequest, { constructor: 1 }, '"constructor" cannot be used as a field name.'],
  [
    LatestDataExportRequest,
    { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
    'a, b, c, d, e and 1 more fields should not exist',
  ],
  [DataExportIdRequest, {}, 'exportId must be an export id'],
  [DataExportIdRequest, { exportId: '00000000000000000000000000000000', zz: 1 }, 'zz should not exist'],
  [
    DataExportIdRequest,
    { exportId: '00000000000000000000000000000000', zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [DataExportIdRequest, { zz: 1 }, 'zz should not exist; exportId must be an export id'],
  [
    ReadDataExportPartRequest,
    {},
    'index must not be greater than 1000000; index must not be less than 0; index must be an integer number; exportId must be an export id',
  ],
  [
    ReadDataExportPartRequest,
    { exportId: '00000000000000000000000000000000', index: 0, zz: 1 },
    'zz should not exist',
  ],
  [
    ReadDataExportPartRequest,
    { exportId: '00000000000000000000000000000000', index: 0, zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    ReadDataExportPartRequest,
    { zz: 1 },
    'zz should not exist; index must not be greater than 1000000; index must not be less than 0; index must be an integer number; exportId must be an export id',
  ],
  [ReadDataExportPartRequest, { index: 0 }, 'exportId must be an export id'],
  [
    ReadDataExportPartRequest,
    { exportId: '00000000000000000000000000000000' },
    'index must not be greater than 1000000; index must not be less than 0; index must be an integer number',
  ],
  [
    UploadChangedEvent,
    {},
    'userId must be shorter than or equal to 100 characters; userId must be a string; uploadId must be shorter than or equal to 100 characters; uploadId must be a string; state must be one of the following values: receiving, queued, extracting, chunking, embedding, summarising, done, failed; percent must not be greater than 100; percent must not be less than 0; percent must be an integer number',
  ],
  [
    UploadChangedEvent,
    { userId: 'u1', uploadId: 'up1', state: 'done', percent: 100, zz: 1 },
    'zz should not exist',
  ],
  [
    UploadChangedEvent,
    { userId: 'u1', uploadId: 'up1', state: 'done', percent: 100, zz: 1, yy: 2 },
    'zz should not exist; yy should not exist',
  ],
  [
    UploadChangedEvent,
    { zz: 1 },
    'zz should not exist; userId must be shorter than or equal to 100 characters; userId must be a string; uploadId must be shorter than or equal to 100 characters; uploadId must be a string; state must be one of the following values: receiving, queued, extracting, chunking, embedding, summarising, done, failed; percent must not be greater than 100; percent must not be less than 0; percent must be an integer number',
  ],
  [
    UploadChangedEvent,
    { uploadId: 'up1', state: 'done', percent: 100 },
    'userId must be shorter than or equal to 100 characters; userId must be a string',
  ],
  [
    UploadChangedEvent,
    {
      userId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      uploadId: 'up1',
      state: 'done',
      percent: 100,
    },
    'userId must be shorter than or equal to 100 characters',
  ],
];

describeRefusals(
  'the data export requests and the upload broadcast (zod schemas, the texts of the classes they replaced)',
  refusals,
);
