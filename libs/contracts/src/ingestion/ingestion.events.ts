import 'reflect-metadata';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { UPLOAD_STATES, type UploadState } from '../rules/ingestion.rules.js';

/**
 * `ingestion.uploads.changed.v1`, a broadcast: an upload moved to another stage (queued, extracting, chunking,
 * embedding, summarising, done, failed) or percent. The BFF relays it to the browser following that upload
 * (server-sent events); it carries ids and the stage, never the file's text.
 */
export class UploadChangedEvent {
  @IsString()
  @MaxLength(100)
  userId!: string;

  @IsString()
  @MaxLength(100)
  uploadId!: string;

  @IsIn(UPLOAD_STATES)
  state!: UploadState;

  @IsInt()
  @Min(0)
  @Max(100)
  percent!: number;
}
