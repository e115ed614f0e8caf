import { ApiProperty } from '@nestjs/swagger';
import {
  boundedString,
  distinctTexts,
  optional,
  requiredText,
  UPLOAD_FILE_KINDS,
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_STATES,
  UploadMessages,
} from '@membolt/contracts';
import { z } from 'zod';
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

export class UploadResponse {
  @ApiProperty({ description: 'The summary of the file (also stored as a memory).' })
  summary!: string;
  @ApiProperty({ description: 'The id of the summary memory.' })
  memory_id!: string;
  @ApiProperty()
  upload_id!: string;
  @ApiProperty({ enum: UPLOAD_FILE_KINDS })
  kind!: string;
  @ApiProperty({ description: 'Memories made from the text (one per chunk).' })
  chunks!: number;
  @ApiProperty({ nullable: true, type: Number })
  pages!: number | null;
}

export class UploadAcceptedResponse {
  @ApiProperty()
  upload_id!: string;
  @ApiProperty({ enum: UPLOAD_STATES })
  status!: string;
  @ApiProperty()
  percent!: number;
  @ApiProperty({ example: '/api/uploads/6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' })
  status_url!: string;
}

export class UploadStateResponse {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  file_name!: string;
  @ApiProperty({ nullable: true, type: String })
  file_type!: string | null;
  @ApiProperty({ nullable: true, enum: UPLOAD_FILE_KINDS })
  kind!: string | null;
  @ApiProperty()
  size!: number;
  @ApiProperty({ enum: UPLOAD_STATES })
  state!: string;
  @ApiProperty()
  percent!: number;
  @ApiProperty({ nullable: true, type: Number })
  pages!: number | null;
  @ApiProperty({ nullable: true, type: Number })
  chunks!: number | null;
  @ApiProperty({ nullable: true, type: String })
  summary!: string | null;
  @ApiProperty({ nullable: true, type: String })
  memory_id!: string | null;
  @ApiProperty({ nullable: true, type: String })
  error!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The end user it belongs to (null: the account's).",
  })
  end_user_id!: string | null;
  @ApiProperty({ nullable: true, type: String })
  agent_id!: string | null;
  @ApiProperty({ nullable: true, type: String })
  run_id!: string | null;
  @ApiProperty()
  created_at!: string;
  @ApiProperty()
  updated_at!: string;
}

export class UploadListResponse {
  @ApiProperty({ type: [UploadStateResponse] })
  uploads!: UploadStateResponse[];
  @ApiProperty()
  limit!: number;
  @ApiProperty()
  offset!: number;
  @ApiProperty()
  count!: number;
  @ApiProperty()
  total_count!: number;
}

export class UploadDeletionResponse {
  @ApiProperty()
  deleted!: boolean;
  @ApiProperty()
  upload_id!: string;
  @ApiProperty()
  memories_deleted!: number;
  @ApiProperty()
  file_deleted!: boolean;
}
