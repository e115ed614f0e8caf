import { z } from 'zod';
import { defineSubject } from '../common/envelope.js';
import { integerField } from '../common/wire-schema.js';
import { messageMatching } from '../common/wire-strings.js';
import { UPLOAD_PART_BYTES } from '../rules/ingestion.rules.js';

/**
 * "Download my data": a zip of JSON files with everything the account holds (memories with their history,
 * conversations with their messages, uploads' metadata, usage), built by a durable job of the ingestion
 * service, which keeps it in its file store until it expires.
 */

/** Export ids are server-issued: 32 lower-case hex digits. */
export const DATA_EXPORT_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Bytes of one part of a finished export read over the bus (base64 in the answer). */
export const DATA_EXPORT_PART_BYTES = UPLOAD_PART_BYTES;

export const DATA_EXPORT_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** The files of the zip, in the order they are written. */
export const DATA_EXPORT_FILES = [
  'export.json',
  'memories.json',
  'conversations.json',
  'uploads.json',
  'usage.json',
] as const;

/*
 * The requests are zod schemas refusing with the texts of the class-validator classes they replace
 * (docs/decisions/218-chat-memory-and-ingestion-requests-as-zod-schemas.md).
 */

/** (user) Starts an export, or answers the one of the user still queued or running. */
export const StartDataExportRequest = z.strictObject({});
export type StartDataExportRequest = z.output<typeof StartDataExportRequest>;

const exportId = () => messageMatching(DATA_EXPORT_ID_PATTERN, 'exportId must be an export id');

/** (user) Another user's export id is NOT_FOUND, as an unknown one. */
export const DataExportIdRequest = z.strictObject({ exportId: exportId() });
export type DataExportIdRequest = z.output<typeof DataExportIdRequest>;

/** (user) Part `index` of a finished export's zip. */
export const ReadDataExportPartRequest = z.strictObject({
  index: integerField(0, 1_000_000),
  exportId: exportId(),
});
export type ReadDataExportPartRequest = z.output<typeof ReadDataExportPartRequest>;

/** (user) The user's newest export, if any. */
export const LatestDataExportRequest = z.strictObject({});
export type LatestDataExportRequest = z.output<typeof LatestDataExportRequest>;

export const DataExportView = z
  .object({
    exportId: z.string(),
    state: z.enum(DATA_EXPORT_STATES),
    /** memories, conversations, uploads, usage or zip; null before it starts. */
    stage: z.string().nullable().meta({ description: 'What the job is reading now.' }),
    percent: z.int().meta({ description: '0-100.' }),
    createdAt: z.string(),
    expiresAt: z.string().nullable().meta({ description: 'When the zip is deleted (once done).' }),
    bytes: z.int().nullable().meta({ description: 'Size of the zip in bytes (once done).' }),
    /** Parts of DATA_EXPORT_PART_BYTES to read (set once done). */
    parts: z.int().nullable(),
    error: z.string().nullable(),
  })
  .readonly();
export type DataExportView = z.output<typeof DataExportView>;

export interface LatestDataExportView {
  readonly export: DataExportView | null;
}

export interface DataExportPartView {
  readonly exportId: string;
  readonly index: number;
  readonly parts: number;
  /** Bytes of the whole zip. */
  readonly bytes: number;
  /** Base64 of at most DATA_EXPORT_PART_BYTES bytes. */
  readonly data: string;
}

export const DataExportSubjects = {
  start: defineSubject<StartDataExportRequest, DataExportView>(
    'ingestion',
    'ingestion.data-exports.start.v1',
  ),
  get: defineSubject<DataExportIdRequest, DataExportView>('ingestion', 'ingestion.data-exports.get.v1', {
    idempotent: true,
  }),
  latest: defineSubject<LatestDataExportRequest, LatestDataExportView>(
    'ingestion',
    'ingestion.data-exports.latest.v1',
    { idempotent: true },
  ),
  /** A finished export only; an expired one is NOT_FOUND. */
  readPart: defineSubject<ReadDataExportPartRequest, DataExportPartView>(
    'ingestion',
    'ingestion.data-exports.read.v1',
    { idempotent: true },
  ),
} as const;
