import { z } from 'zod';
import { boundedString, integerField, oneOf } from '../common/wire-schema.js';
import { UPLOAD_STATES } from '../rules/ingestion.rules.js';

/**
 * `ingestion.uploads.changed.v1`, a broadcast: an upload moved to another stage (queued, extracting, chunking,
 * embedding, summarising, done, failed) or percent. The BFF relays it to the browser following that upload
 * (server-sent events); it carries ids and the stage, never the file's text. A schema refusing with the texts
 * of the class-validator class it replaces (docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md).
 */
export const UploadChangedEvent = z.strictObject({
  userId: boundedString(100, { lengthTextFirst: true }),
  uploadId: boundedString(100, { lengthTextFirst: true }),
  state: oneOf(UPLOAD_STATES),
  percent: integerField(0, 100),
});
export type UploadChangedEvent = z.output<typeof UploadChangedEvent>;
