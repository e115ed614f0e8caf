import { isBase64 } from '../common/string-formats.js';
import { z } from 'zod';
import { memoryScopeRequestFields } from '../memory/memory.requests.js';
import { MEMORY_SCOPE_ID_MAX_LENGTH } from '../rules/memory.rules.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  boundedString,
  distinctTexts,
  entityId,
  integerField,
  mustBeShorter,
  optional,
  requiredText,
} from '../common/wire-schema.js';
import {
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_PART_BYTES,
  UploadMessages,
} from '../rules/ingestion.rules.js';

/*
 * The upload requests are zod schemas (docs/decisions/209-rest-queries-as-zod-schemas.md): their refusals are
 * the texts of the class-validator classes they replace, in the same order (a class's own fields before the
 * scope it inherited).
 */

/** A byte count: a whole number, at least 0. */
const byteCount = () => {
  const less = '$property must not be less than 0';
  const integer = '$property must be an integer number';
  return z.number({ error: distinctTexts(less, integer) }).check((ctx) => {
    const problems = [...(ctx.value < 0 ? [less] : []), ...(Number.isInteger(ctx.value) ? [] : [integer])];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
  });
};

/**
 * Opens an upload: the file's parts follow (`part`), then `complete` checks it and starts its job. With a scope
 * (decision 101) the file's memories and the facts it teaches belong to that end user (agent, run), never to
 * the account's own.
 */
export const BeginUploadRequest = z.strictObject({
  fileName: requiredText(UploadMessages.fileNameRequired, UPLOAD_FILE_NAME_MAX_LENGTH),
  /** The MIME type the client declared (checked against the content, never trusted). */
  fileType: optional(boundedString(200, { lengthTextFirst: true })),
  /** Bytes of the whole file; over the service's limit the upload is refused here (413). */
  fileSize: byteCount(),
  ...memoryScopeRequestFields,
});
export type BeginUploadRequest = z.output<typeof BeginUploadRequest>;

const PART_DATA_MAX_LENGTH = Math.ceil(UPLOAD_PART_BYTES / 3) * 4;
/** A part's bytes as base64 text, at most what UPLOAD_PART_BYTES decode from. */
const partData = () =>
  z.unknown().check((ctx) => {
    const value = ctx.value;
    const text = typeof value === 'string' ? value : null;
    const problems = [
      ...(text !== null && isBase64(text) ? [] : [UploadMessages.fileDataNotBase64]),
      ...(text !== null && text.length <= PART_DATA_MAX_LENGTH ? [] : [mustBeShorter(PART_DATA_MAX_LENGTH)]),
      ...(text !== null ? [] : ['$property must be a string']),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  }) as unknown as z.ZodType<string>;

/** One part of the file, base64, at most UPLOAD_PART_BYTES decoded. Idempotent by (uploadId, index). */
export const UploadPartRequest = z.strictObject({
  uploadId: entityId(),
  index: integerField(0, 100_000),
  data: partData(),
});
export type UploadPartRequest = z.output<typeof UploadPartRequest>;

/** An upload of the scope: another scope's upload is NOT_FOUND, as another user's. */
export const UploadIdRequest = z.strictObject({ uploadId: entityId(), ...memoryScopeRequestFields });
export type UploadIdRequest = z.output<typeof UploadIdRequest>;

const END_USER_TEXTS = {
  length: mustBeShorter(MEMORY_SCOPE_ID_MAX_LENGTH),
  empty: '$property should not be empty',
  string: '$property must be a string',
};
/** (internal: erasing an end user) Every upload of one end user of the account, files and memories too. */
export const DeleteEndUserUploadsRequest = z.strictObject({
  endUserId: z.unknown().check((ctx) => {
    const value = ctx.value;
    const problems = [
      ...(typeof value === 'string' && value.length <= MEMORY_SCOPE_ID_MAX_LENGTH
        ? []
        : [END_USER_TEXTS.length]),
      ...(value !== '' && value !== null && value !== undefined ? [] : [END_USER_TEXTS.empty]),
      ...(typeof value === 'string' ? [] : [END_USER_TEXTS.string]),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  }) as unknown as z.ZodType<string>,
});
export type DeleteEndUserUploadsRequest = z.output<typeof DeleteEndUserUploadsRequest>;

export const ListUploadsRequest = z.strictObject({
  limit: integerField(1, UPLOAD_LIST_MAX_LIMIT),
  offset: integerField(0, PAGE_OFFSET_MAX),
  ...memoryScopeRequestFields,
});
export type ListUploadsRequest = z.output<typeof ListUploadsRequest>;
