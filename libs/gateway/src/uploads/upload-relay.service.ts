import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  FINISHED_UPLOAD_STATES,
  IngestionSubjects,
  type MemoryScopeFields,
  UPLOAD_PART_BYTES,
  type UploadView,
} from '@membolt/contracts';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import type { UploadBase64Body } from './uploads.dto.js';
import {
  fileDataNotBase64,
  fileDataRequired,
  fileSizeMismatch,
  uploadNotProcessed,
  uploadTooLarge,
} from '../gateway.errors.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/;
const POLL_MS = 100;

export type UploadOutcome =
  | { readonly kind: 'done'; readonly upload: UploadView }
  | { readonly kind: 'accepted'; readonly upload: UploadView };

/**
 * `POST /api/upload_base64`: checks the body (size first), hands the file to the ingestion service in
 * parts over the bus, and waits for its job up to GATEWAY_UPLOAD_WAIT_MS (or not at all with `async`).
 */
@Injectable()
export class UploadRelay {
  constructor(
    private readonly bus: BusClient,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  async upload(body: UploadBase64Body, scope: MemoryScopeFields, async: boolean): Promise<UploadOutcome> {
    const maxBytes = this.settings.uploadMaxBytes;
    if (body.fileSize > maxBytes) throw uploadTooLarge(maxBytes);
    const encoded = body.fileData.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
    if (!encoded) throw fileDataRequired();
    if (!BASE64.test(encoded) || encoded.length % 4 === 1) throw fileDataNotBase64();
    // Decoded size from the text's length, before decoding anything.
    const decodedSize =
      Math.floor((encoded.length * 3) / 4) - (encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0);
    if (decodedSize > maxBytes) throw uploadTooLarge(maxBytes);
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length !== body.fileSize) {
      throw fileSizeMismatch(body.fileSize, bytes.length);
    }

    const begun = await this.bus.request(IngestionSubjects.begin, {
      ...scope,
      fileName: body.fileName,
      fileSize: bytes.length,
      ...(body.fileType ? { fileType: body.fileType } : {}),
    });
    let upload: UploadView;
    try {
      for (let index = 0, offset = 0; offset < bytes.length; index++, offset += UPLOAD_PART_BYTES) {
        const data = bytes.subarray(offset, offset + UPLOAD_PART_BYTES).toString('base64');
        await this.bus.request(IngestionSubjects.part, { uploadId: begun.id, index, data });
      }
      upload = await this.bus.request(IngestionSubjects.complete, { ...scope, uploadId: begun.id });
    } catch (error) {
      // An upload cut off half-way leaves neither its parts nor a `receiving` row (best effort: the
      // abandoned-upload sweep removes what this could not).
      await this.bus.request(IngestionSubjects.delete, { uploadId: begun.id }).catch(() => undefined);
      throw error;
    }
    if (async) return { kind: 'accepted', upload };

    const deadline = Date.now() + this.settings.uploadWaitMs;
    while (!FINISHED_UPLOAD_STATES.includes(upload.state) && Date.now() < deadline) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))),
      );
      upload = await this.bus.request(IngestionSubjects.get, { ...scope, uploadId: begun.id });
    }
    if (upload.state === 'failed') {
      throw uploadNotProcessed(upload.error);
    }
    return upload.state === 'done' ? { kind: 'done', upload } : { kind: 'accepted', upload };
  }
}
