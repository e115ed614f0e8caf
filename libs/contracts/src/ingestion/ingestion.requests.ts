import 'reflect-metadata';
import { IsBase64, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MemoryScopeFields } from '../memory/memory.requests.js';
import { MEMORY_SCOPE_ID_MAX_LENGTH } from '../rules/memory.rules.js';
import { IsEntityId, IsRequiredText } from '../common/validators.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_PART_BYTES,
  UploadMessages,
} from '../rules/ingestion.rules.js';

/**
 * Opens an upload: the file's parts follow (`part`), then `complete` checks it and starts its job. With a scope
 * (decision 101) the file's memories and the facts it teaches belong to that end user (agent, run), never to
 * the account's own.
 */
export class BeginUploadRequest extends MemoryScopeFields {
  @IsRequiredText(UploadMessages.fileNameRequired, UPLOAD_FILE_NAME_MAX_LENGTH)
  fileName!: string;

  /** The MIME type the client declared (checked against the content, never trusted). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  fileType?: string;

  /** Bytes of the whole file; over the service's limit the upload is refused here (413). */
  @IsInt()
  @Min(0)
  fileSize!: number;
}

/** One part of the file, base64, at most UPLOAD_PART_BYTES decoded. Idempotent by (uploadId, index). */
export class UploadPartRequest {
  @IsEntityId()
  uploadId!: string;

  @IsInt()
  @Min(0)
  @Max(100_000)
  index!: number;

  @IsString()
  @MaxLength(Math.ceil(UPLOAD_PART_BYTES / 3) * 4)
  @IsBase64({}, { message: UploadMessages.fileDataNotBase64 })
  data!: string;
}

/** An upload of the scope: another scope's upload is NOT_FOUND, as another user's. */
export class UploadIdRequest extends MemoryScopeFields {
  @IsEntityId()
  uploadId!: string;
}

/** (internal: erasing an end user) Every upload of one end user of the account, files and memories too. */
export class DeleteEndUserUploadsRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId!: string;
}

export class ListUploadsRequest extends MemoryScopeFields {
  @IsInt()
  @Min(1)
  @Max(UPLOAD_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;
}
