import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { FileStore } from '../ports/file-store.js';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The behaviour every FileStore adapter must have. Run by each adapter's spec. */
export function describeFileStoreContract(
  adapterName: string,
  makeStore: () => Promise<{ store: FileStore; teardown?: () => Promise<void> }>,
): void {
  describe(`FileStore contract: ${adapterName}`, () => {
    let store: FileStore;
    let teardown: (() => Promise<void>) | undefined;
    beforeEach(async () => {
      ({ store, teardown } = await makeStore());
    });
    afterEach(async () => {
      await teardown?.();
    });

    it('keeps parts by index (a part sent again replaces it), counts their bytes, and joins them in order', async () => {
      const id = randomUUID();
      expect(await store.parts(id)).toEqual({ indexes: [], bytes: 0 });
      await store.putPart(id, 1, bytesOf('world'));
      await store.putPart(id, 0, bytesOf('hullo '));
      await store.putPart(id, 0, bytesOf('hello '));
      expect(await store.parts(id)).toEqual({ indexes: [0, 1], bytes: 11 });
      expect(await store.exists(id)).toBe(false);
      await store.assemble(id, 2);
      expect(textOf(await store.read(id))).toBe('hello world');
      expect(await store.exists(id)).toBe(true);
      // The parts are gone once joined.
      expect(await store.parts(id)).toEqual({ indexes: [], bytes: 0 });
    });

    it('keeps binary content as it came, across many parts', async () => {
      const id = randomUUID();
      const parts = Array.from({ length: 12 }, (_, i) =>
        Uint8Array.from({ length: 1000 + i }, (_, j) => (i * 31 + j) % 256),
      );
      for (const [index, part] of parts.entries()) await store.putPart(id, index, part);
      await store.assemble(id, parts.length);
      expect(Buffer.from(await store.read(id)).equals(Buffer.concat(parts))).toBe(true);
    });

    it('reads a range of the file without the rest, fewer bytes at its end', async () => {
      const id = randomUUID();
      const whole = Uint8Array.from({ length: 3000 }, (_, j) => (j * 7) % 256);
      await store.putPart(id, 0, whole);
      await store.assemble(id, 1);
      expect(
        Buffer.from(await store.readRange(id, 1000, 1000)).equals(Buffer.from(whole.subarray(1000, 2000))),
      ).toBe(true);
      expect(
        Buffer.from(await store.readRange(id, 2500, 1000)).equals(Buffer.from(whole.subarray(2500))),
      ).toBe(true);
      await expect(store.readRange(randomUUID(), 0, 10)).rejects.toThrow();
    });

    it('fails to read a file that is not there, and says a delete found nothing', async () => {
      const id = randomUUID();
      await expect(store.read(id)).rejects.toThrow();
      expect(await store.delete(id)).toBe(false);
    });

    it('deletes a file with any parts left, and never touches another upload', async () => {
      const mine = randomUUID();
      const other = randomUUID();
      await store.putPart(mine, 0, bytesOf('mine'));
      await store.assemble(mine, 1);
      await store.putPart(mine, 5, bytesOf('stray part'));
      await store.putPart(other, 0, bytesOf('other'));
      expect(await store.delete(mine)).toBe(true);
      expect(await store.exists(mine)).toBe(false);
      expect(await store.parts(mine)).toEqual({ indexes: [], bytes: 0 });
      expect(await store.parts(other)).toEqual({ indexes: [0], bytes: 5 });
    });

    it('refuses an upload id that could name another place', async () => {
      await expect(store.putPart('../escape', 0, bytesOf('x'))).rejects.toThrow(/Invalid upload id/);
      await expect(store.read('a/b')).rejects.toThrow(/Invalid upload id/);
    });
  });
}
