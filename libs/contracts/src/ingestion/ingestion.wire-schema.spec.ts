import {
  BeginUploadRequest,
  DeleteEndUserUploadsRequest,
  ListUploadsRequest,
  UploadIdRequest,
  UploadPartRequest,
} from './ingestion.requests.js';
import { describeRefusals, type Refusal } from '../testing/index.js';

/*
 * Each text is what the class-validator class the schema replaced answered for the same payload
 * (docs/decisions/209-rest-queries-as-zod-schemas.md): every rule a value breaks, unknown fields first, then
 * the fields in the order the class listed them.
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    BeginUploadRequest,
    { fileSize: 3 },
    'fileName is required; fileName must be shorter than or equal to 255 characters',
  ],
  [BeginUploadRequest, { fileSize: 3, fileName: '' }, 'fileName is required'],
  [
    BeginUploadRequest,
    {
      fileName: 'a.txt',
      fileSize: 3,
      fileType:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'fileType must be shorter than or equal to 200 characters',
  ],
  [
    BeginUploadRequest,
    { fileName: 'a.txt', fileSize: 3, fileType: 5 },
    'fileType must be shorter than or equal to 200 characters; fileType must be a string',
  ],
  [
    BeginUploadRequest,
    {
      fileName: 'a.txt',
      fileSize: 3,
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    BeginUploadRequest,
    { fileName: 'a.txt', fileSize: 3, agentId: 5 },
    'agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [BeginUploadRequest, { fileName: 'a.txt', fileSize: 3, zz: 1 }, 'zz should not exist'],
  [
    UploadPartRequest,
    { uploadId: 'u', data: 'aGVsbG8=', index: 100001 },
    'index must not be greater than 100000',
  ],
  [UploadPartRequest, { uploadId: 'u', data: 'aGVsbG8=', index: -1 }, 'index must not be less than 0'],
  [UploadPartRequest, { uploadId: 'u', data: 'aGVsbG8=', index: 5.5 }, 'index must be an integer number'],
  [
    UploadPartRequest,
    { uploadId: 'u', data: 'aGVsbG8=', index: '5' },
    'index must not be greater than 100000; index must not be less than 0; index must be an integer number',
  ],
  [
    UploadPartRequest,
    { uploadId: 'u', index: 0 },
    'fileData must be base64; data must be shorter than or equal to 699052 characters; data must be a string',
  ],
  [UploadPartRequest, { uploadId: 'u', index: 0, data: 'not base64!' }, 'fileData must be base64'],
  [
    UploadPartRequest,
    { index: 0, data: 'aGVsbG8=' },
    'uploadId must be a string; uploadId should not be empty; uploadId must be shorter than or equal to 100 characters',
  ],
  [
    UploadIdRequest,
    {
      uploadId: 'u',
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    UploadIdRequest,
    { uploadId: 'u', agentId: 5 },
    'agentId must be a string; agentId must be shorter than or equal to 200 characters',
  ],
  [UploadIdRequest, { uploadId: 'u', zz: 1 }, 'zz should not exist'],
  [
    UploadIdRequest,
    {},
    'uploadId must be a string; uploadId should not be empty; uploadId must be shorter than or equal to 100 characters',
  ],
  [UploadIdRequest, { uploadId: '' }, 'uploadId should not be empty'],
  [
    UploadIdRequest,
    { uploadId: 5, endUserId: 5 },
    'uploadId must be a string; uploadId must be shorter than or equal to 100 characters; endUserId must be a string; endUserId must be shorter than or equal to 200 characters',
  ],
  [
    DeleteEndUserUploadsRequest,
    {},
    'endUserId must be shorter than or equal to 200 characters; endUserId should not be empty; endUserId must be a string',
  ],
  [DeleteEndUserUploadsRequest, { endUserId: '' }, 'endUserId should not be empty'],
  [
    DeleteEndUserUploadsRequest,
    {
      endUserId:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    DeleteEndUserUploadsRequest,
    { endUserId: 5 },
    'endUserId must be shorter than or equal to 200 characters; endUserId must be a string',
  ],
  [DeleteEndUserUploadsRequest, { endUserId: 'e', zz: 1 }, 'zz should not exist'],
  [ListUploadsRequest, { offset: 0, limit: 0 }, 'limit must not be less than 1'],
  [ListUploadsRequest, { offset: 0, limit: 101 }, 'limit must not be greater than 100'],
  [ListUploadsRequest, { offset: 0, limit: 5.5 }, 'limit must be an integer number'],
  [
    ListUploadsRequest,
    { offset: 0, limit: '5' },
    'limit must not be greater than 100; limit must not be less than 1; limit must be an integer number',
  ],
  [ListUploadsRequest, { limit: 5, offset: -1 }, 'offset must not be less than 0'],
  [ListUploadsRequest, { limit: 5, offset: 5.5 }, 'offset must be an integer number'],
  [
    ListUploadsRequest,
    { limit: 5, offset: '5' },
    'offset must not be greater than 1000000000; offset must not be less than 0; offset must be an integer number',
  ],
];

describeRefusals('the upload requests (zod schemas)', refusals);
