import type { S3Client } from '@aws-sdk/client-s3';
import { lazyClient } from '@membolt/platform';
import type { FileStore } from '../../ports/file-store.js';

export interface S3FileStoreSettings {
  readonly bucket: string;
  readonly region: string;
  /** MinIO, Cloudflare R2, a loopback server...; AWS when absent. */
  readonly endpoint?: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most S3-compatible servers). */
  readonly forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain (environment, profile, instance role). */
  readonly accessKeyId?: string | undefined;
  readonly secretAccessKey?: string | undefined;
  /** Key prefix of every object (default `uploads`). */
  readonly prefix: string;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const PART = /\/parts\/(\d{6})$/;
/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Uploads in an S3-compatible bucket: `<prefix>/<uploadId>/parts/<index>` as they arrive, then
 * `<prefix>/<uploadId>/file` (decision 069). For several ingestion replicas, which share no disk. Each object
 * is written whole by one PutObject (S3 never shows half an object), so a crash leaves no half-written part or
 * file. Files are at most UPLOAD_MAX_BYTES (10 MB by default): `assemble` joins the parts in memory. The SDK
 * loads on first use: a process on the disk store never loads it.
 */
export class S3FileStore implements FileStore {
  private readonly sdk = lazyClient<S3Sdk>(() => import('@aws-sdk/client-s3'));
  private readonly client = lazyClient<S3Client>(async () => {
    const { S3Client: Client } = await this.sdk();
    const { accessKeyId, secretAccessKey } = this.settings;
    return new Client({
      region: this.settings.region,
      forcePathStyle: this.settings.forcePathStyle,
      ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    });
  });

  constructor(private readonly settings: S3FileStoreSettings) {}

  async putPart(uploadId: string, index: number, bytes: Uint8Array): Promise<void> {
    const { PutObjectCommand } = await this.sdk();
    const client = await this.client();
    await client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.partKey(uploadId, index), Body: bytes }),
    );
  }

  async parts(uploadId: string): Promise<{ indexes: number[]; bytes: number }> {
    const indexes: number[] = [];
    let bytes = 0;
    for (const object of await this.list(`${this.dirOf(uploadId)}/parts/`)) {
      const match = PART.exec(object.key);
      if (!match) continue;
      indexes.push(Number(match[1]));
      bytes += object.size;
    }
    return { indexes: indexes.sort((a, b) => a - b), bytes };
  }

  async assemble(uploadId: string, count: number): Promise<void> {
    const { PutObjectCommand } = await this.sdk();
    const client = await this.client();
    const pieces: Uint8Array[] = [];
    for (let i = 0; i < count; i++) pieces.push(await this.get(this.partKey(uploadId, i)));
    await client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.fileKey(uploadId),
        Body: Buffer.concat(pieces),
      }),
    );
    await this.remove(Array.from({ length: count }, (_, i) => this.partKey(uploadId, i)));
  }

  async read(uploadId: string): Promise<Uint8Array> {
    return this.get(this.fileKey(uploadId));
  }

  async readRange(uploadId: string, start: number, length: number): Promise<Uint8Array> {
    if (length <= 0) return new Uint8Array();
    return this.get(this.fileKey(uploadId), `bytes=${start}-${start + length - 1}`);
  }

  async exists(uploadId: string): Promise<boolean> {
    const { HeadObjectCommand } = await this.sdk();
    const client = await this.client();
    try {
      await client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.fileKey(uploadId) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(uploadId: string): Promise<boolean> {
    const keys = (await this.list(`${this.dirOf(uploadId)}/`)).map((object) => object.key);
    await this.remove(keys);
    return keys.length > 0;
  }

  private async get(key: string, range?: string): Promise<Uint8Array> {
    const { GetObjectCommand } = await this.sdk();
    const client = await this.client();
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      if (!answer.Body) throw new Error(`The object ${key} has no body`);
      return await answer.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) throw new Error(`No stored file at ${key} (ENOENT)`, { cause: error });
      throw error;
    }
  }

  /** Every object under a prefix, following the listing's continuation tokens. */
  private async list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    const { ListObjectsV2Command } = await this.sdk();
    const client = await this.client();
    const objects: Array<{ key: string; size: number }> = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  private async remove(keys: readonly string[]): Promise<void> {
    const { DeleteObjectsCommand } = await this.sdk();
    const client = await this.client();
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(
          `S3 did not delete ${failed.length} object(s): ${failed[0]?.Message ?? failed[0]?.Code ?? 'unknown'}`,
        );
    }
  }

  private dirOf(uploadId: string): string {
    if (!SAFE_ID.test(uploadId)) throw new Error(`Invalid upload id "${uploadId}"`);
    return `${this.settings.prefix}/${uploadId}`;
  }

  private partKey(uploadId: string, index: number): string {
    return `${this.dirOf(uploadId)}/parts/${String(index).padStart(6, '0')}`;
  }

  private fileKey(uploadId: string): string {
    return `${this.dirOf(uploadId)}/file`;
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}
