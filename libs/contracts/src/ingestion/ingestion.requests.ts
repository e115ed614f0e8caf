import 'reflect-metadata';
import { IsBase64, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsEntityId, IsRequiredText } from '../common/validators.js';
import { PAGE_OFFSET_MAX } from '../common/request-limits.js';
import {
  UPLOAD_FILE_NAME_MAX_LENGTH,
  UPLOAD_LIST_MAX_LIMIT,
  UPLOAD_PART_BYTES,
  UploadMessages,
} from '../rules/ingestion.rules.js';

/** Opens an upload: the file's parts follow (`part`), then `complete` checks it and starts its job. */
export class BeginUploadRequest {
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

export class UploadIdRequest {
  @IsEntityId()
  uploadId!: string;
}

export class ListUploadsRequest {
  @IsInt()
  @Min(1)
  @Max(UPLOAD_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;
}
