import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import {
  IsRequiredText,
  UPLOAD_FILE_KINDS,
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_STATES,
  UploadMessages,
} from '@membolt/contracts';
import { MemoryScopeQuery } from '../memories/memory.dto.js';
import { QueryBoolean, QueryInteger } from '../memories/memory-rest.validators.js';

/**
 * `POST /api/upload_base64` (docs/requirements/rest-gateway.md, Routes). `end_user_id`, `agent_id`, `run_id` (body or
 * query): the file's memories and the facts it teaches go into that scope, never the account's own.
 */
export class UploadBase64Body extends MemoryScopeQuery {
  @ApiProperty({ example: 'notes.pdf', maxLength: UPLOAD_FILE_NAME_MAX_LENGTH })
  @IsRequiredText(UploadMessages.fileNameRequired, UPLOAD_FILE_NAME_MAX_LENGTH)
  fileName!: string;

  @ApiPropertyOptional({
    example: 'application/pdf',
    description: 'Checked against the content, never trusted.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  fileType?: string;

  @ApiProperty({ example: 48213, description: 'Bytes of the file; must match fileData.' })
  @IsInt()
  @Min(0)
  fileSize!: number;

  @ApiProperty({ description: 'The file, base64-encoded (a `data:…;base64,` prefix is accepted).' })
  @IsString({ message: UploadMessages.fileDataRequired })
  fileData!: string;
}

export class UploadBase64Query extends MemoryScopeQuery {
  @ApiPropertyOptional({
    description: 'Answer 202 at once with the upload id, without waiting for the processing.',
  })
  @IsOptional()
  @QueryBoolean()
  async?: boolean;
}

/** The uploads of one scope: without `end_user_id` the account's own, with it only that end user's. */
export class ListUploadsQuery extends MemoryScopeQuery {
  @ApiPropertyOptional({ default: 20, maximum: UPLOAD_LIST_MAX_LIMIT })
  @IsOptional()
  @QueryInteger(1, UPLOAD_LIST_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @QueryInteger(0, 1_000_000)
  offset?: number;
}

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
