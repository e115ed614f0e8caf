import {
  boundedString,
  distinctTexts,
  optional,
  requiredText,
  UPLOAD_FILE_KINDS,
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UploadDeletionReceipt,
  UploadListView,
  UploadMessages,
  UploadView,
} from '@membolt/contracts';
import { z } from 'zod';
import { restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';
import { queryDoc, queryFlag, queryInteger, restQueryType } from '../common/rest-query.js';
import { MEMORY_SCOPE_QUERY_FIELDS } from '../memories/memory.dto.js';

const FILE_SIZE_INTEGER = 'fileSize must be an integer number';
const FILE_SIZE_NEGATIVE = 'fileSize must not be less than 0';
/** A byte count: an integer of at least 0 (the rules in the order the class this replaces checked them); a value that is no number breaks both rules. */
const fileSize = () =>
  z.number({ error: distinctTexts(FILE_SIZE_NEGATIVE, FILE_SIZE_INTEGER) }).check((ctx) => {
    const problems = [
      ...(ctx.value < 0 ? [FILE_SIZE_NEGATIVE] : []),
      ...(Number.isInteger(ctx.value) ? [] : [FILE_SIZE_INTEGER]),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
  });

const uploadBody = {
  fileName: requiredText(UploadMessages.fileNameRequired, UPLOAD_FILE_NAME_MAX_LENGTH).meta(
    queryDoc(String, { example: 'notes.pdf', maxLength: UPLOAD_FILE_NAME_MAX_LENGTH }),
  ),
  fileType: optional(boundedString(200, { lengthTextFirst: true })).meta(
    queryDoc(String, {
      example: 'application/pdf',
      description: 'Checked against the content, never trusted.',
    }),
  ),
  fileSize: fileSize().meta(
    queryDoc(Number, { example: 48213, description: 'Bytes of the file; must match fileData.' }),
  ),
  fileData: z
    .string({ error: UploadMessages.fileDataRequired })
    .meta(
      queryDoc(String, { description: 'The file, base64-encoded (a `data:…;base64,` prefix is accepted).' }),
    ),
};
/**
 * `POST /api/upload_base64` (docs/requirements/rest-gateway.md, Routes). `end_user_id`, `agent_id`, `run_id` (body or
 * query): the file's memories and the facts it teaches go into that scope, never the account's own.
 */
export const UploadBase64BodySchema = z.strictObject({ ...uploadBody, ...MEMORY_SCOPE_QUERY_FIELDS });
export const UploadBase64Body = restQueryType('UploadBase64Body', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...uploadBody,
});
export type UploadBase64Body = z.output<typeof UploadBase64BodySchema>;

const uploadQuery = {
  async: optional(queryFlag()).meta(
    queryDoc(Boolean, {
      description: 'Answer 202 at once with the upload id, without waiting for the processing.',
    }),
  ),
};
export const UploadBase64QuerySchema = z.strictObject({ ...uploadQuery, ...MEMORY_SCOPE_QUERY_FIELDS });
export const UploadBase64Query = restQueryType('UploadBase64Query', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...uploadQuery,
});
export type UploadBase64Query = z.output<typeof UploadBase64QuerySchema>;

const listQuery = {
  limit: optional(queryInteger(1, UPLOAD_LIST_MAX_LIMIT)).meta(
    queryDoc(Number, { default: 20, maximum: UPLOAD_LIST_MAX_LIMIT }),
  ),
  offset: optional(queryInteger(0, 1_000_000)).meta(queryDoc(Number, { default: 0 })),
};
/** The uploads of one scope: without `end_user_id` the account's own, with it only that end user's. */
export const ListUploadsQuerySchema = z.strictObject({ ...listQuery, ...MEMORY_SCOPE_QUERY_FIELDS });
export const ListUploadsQuery = restQueryType('ListUploadsQuery', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...listQuery,
});
export type ListUploadsQuery = z.output<typeof ListUploadsQuerySchema>;

/*
 * An upload on the REST wire: the contract's view (libs/contracts ingestion.views.ts) under snake_case names
 * (restObjectType). Written here only what the REST API shows otherwise: the summary memory as `memory_id`, the
 * finished upload's answer (its id as `upload_id`, the fields a done upload always has), the 202 answer's link.
 */
const upload = UploadView.unwrap().shape;
const { summaryMemoryId, error, endUserId, agentId, runId, createdAt, updatedAt, ...uploadHead } = upload;

export const UploadStateResponse = restObjectType(
  'UploadStateResponse',
  z.object({
    ...uploadHead,
    memoryId: summaryMemoryId,
    error,
    endUserId: endUserId.meta({ rest: { description: "The end user it belongs to (null: the account's)." } }),
    agentId,
    runId,
    createdAt,
    updatedAt,
  }),
);
export type UploadStateResponse = InstanceType<typeof UploadStateResponse>;

/** A finished upload (200): what it made. A done upload has its summary, kind and chunks. */
export const UploadResponse = restObjectType(
  'UploadResponse',
  z.object({
    summary: z.string().meta({ description: 'The summary of the file (also stored as a memory).' }),
    memoryId: z.string().meta({ description: 'The id of the summary memory.' }),
    uploadId: upload.id,
    kind: z.string().meta({ rest: { enum: [...UPLOAD_FILE_KINDS] } }),
    chunks: z.int().meta({ description: 'Memories made from the text (one per chunk).' }),
    pages: upload.pages,
  }),
);
export type UploadResponse = InstanceType<typeof UploadResponse>;

/** An upload still processing (202): where to follow it. */
export const UploadAcceptedResponse = restObjectType(
  'UploadAcceptedResponse',
  z.object({
    uploadId: upload.id,
    status: upload.state,
    percent: upload.percent,
    statusUrl: z.string().meta({ rest: { example: '/api/uploads/6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' } }),
  }),
);
export type UploadAcceptedResponse = InstanceType<typeof UploadAcceptedResponse>;

const uploadList = UploadListView.unwrap().shape;
export const UploadListResponse = restObjectTypeOf<{
  uploads: UploadStateResponse[];
  limit: number;
  offset: number;
  count: number;
  total_count: number;
}>(
  'UploadListResponse',
  z.object({
    uploads: uploadList.uploads,
    limit: uploadList.limit,
    offset: uploadList.offset,
    count: z.int(),
    totalCount: uploadList.totalCount,
  }),
  { types: { uploads: () => [UploadStateResponse] } },
);
export type UploadListResponse = InstanceType<typeof UploadListResponse>;

const receipt = UploadDeletionReceipt.unwrap().shape;
export const UploadDeletionResponse = restObjectType(
  'UploadDeletionResponse',
  z.object({
    deleted: z.boolean(),
    uploadId: receipt.uploadId,
    memoriesDeleted: receipt.memoriesDeleted,
    fileDeleted: receipt.fileDeleted,
  }),
);
export type UploadDeletionResponse = InstanceType<typeof UploadDeletionResponse>;
