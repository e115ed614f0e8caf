import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FileStore } from '../../ports/file-store.js';

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const PART = /^part-(\d{6})$/;

/**
 * Uploads on local disk under `DATA_DIR/uploads/<uploadId>/` (parts, then `file`). Writes go to a temporary
 * name and are renamed, so a crash never leaves a half-written part or file under its real name.
 */
export class DiskFileStore implements FileStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
  }

  async putPart(uploadId: string, index: number, bytes: Uint8Array): Promise<void> {
    const dir = await this.dirOf(uploadId, true);
    const temp = join(dir, `.tmp-${randomUUID()}`);
    await writeFile(temp, bytes);
    await rename(temp, join(dir, `part-${String(index).padStart(6, '0')}`));
  }

  async parts(uploadId: string): Promise<{ indexes: number[]; bytes: number }> {
    const dir = await this.dirOf(uploadId, false);
    const entries = await readdir(dir).catch(() => [] as string[]);
    const indexes: number[] = [];
    let bytes = 0;
    for (const entry of entries) {
      const match = PART.exec(entry);
      if (!match) continue;
      indexes.push(Number(match[1]));
      bytes += (await stat(join(dir, entry))).size;
    }
    return { indexes: indexes.sort((a, b) => a - b), bytes };
  }

  async assemble(uploadId: string, count: number): Promise<void> {
    const dir = await this.dirOf(uploadId, false);
    const temp = join(dir, `.tmp-${randomUUID()}`);
    const out = await open(temp, 'w');
    try {
      for (let i = 0; i < count; i++)
        await out.write(await readFile(join(dir, `part-${String(i).padStart(6, '0')}`)));
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(temp, join(dir, 'file'));
    for (let i = 0; i < count; i++)
      await rm(join(dir, `part-${String(i).padStart(6, '0')}`), { force: true });
  }

  async read(uploadId: string): Promise<Uint8Array> {
    return readFile(join(await this.dirOf(uploadId, false), 'file'));
  }

  async readRange(uploadId: string, start: number, length: number): Promise<Uint8Array> {
    const file = await open(join(await this.dirOf(uploadId, false), 'file'), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async exists(uploadId: string): Promise<boolean> {
    return stat(join(await this.dirOf(uploadId, false), 'file')).then(
      () => true,
      () => false,
    );
  }

  async delete(uploadId: string): Promise<boolean> {
    const dir = await this.dirOf(uploadId, false);
    const existed = await stat(dir).then(
      () => true,
      () => false,
    );
    await rm(dir, { recursive: true, force: true });
    return existed;
  }

  private async dirOf(uploadId: string, create: boolean): Promise<string> {
    if (!SAFE_ID.test(uploadId)) throw new Error(`Invalid upload id "${uploadId}"`);
    const dir = join(this.root, uploadId);
    if (create) await mkdir(dir, { recursive: true });
    return dir;
  }
}
