import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { MemboltError, MemorySubjects } from '@membolt/contracts';
import type { BusClient } from '@membolt/bus';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { resolveGatewaySettings } from '../gateway.options.js';
import { type ImportUpload, MemoryTransferService } from './memory-transfer.service.js';

/** An NDJSON upload as the route sees it: the request stream, its type, and nothing parsed. */
function ndjsonRequest(text: string): ImportUpload {
  const stream = Readable.from([Buffer.from(text)]) as unknown as ImportUpload;
  Object.assign(stream, {
    headers: { 'content-type': 'application/x-ndjson' },
    is: (types: string | string[]) =>
      ([] as string[]).concat(types).includes('application/x-ndjson') ? 'application/x-ndjson' : false,
  });
  return stream;
}

function transferWith(importSyncLines: number) {
  const sent: Array<{ subject: string; payload: unknown }> = [];
  const bus = {
    request: (subject: { name: string }, payload: unknown) => {
      sent.push({ subject: subject.name, payload });
      return Promise.resolve(
        subject.name === MemorySubjects.importPart.name
          ? { queued: true }
          : { imported: 0, skipped: 0, memoryIds: [] },
      );
    },
  } as unknown as BusClient;
  return { sent, transfer: new MemoryTransferService(bus, resolveGatewaySettings({ importSyncLines })) };
}

async function refusalOf(work: Promise<unknown>): Promise<MemboltError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const line = (fields: Record<string, unknown>) => `${JSON.stringify(fields)}\n`;

describe('MemoryTransferService.import, checked as the upload arrives', () => {
  it('names a later line that is not JSON before an earlier line that is not a memory, and sends nothing', async () => {
    const { sent, transfer } = transferWith(2);
    const body = line({ text: 'fine' }) + line({ text: '' }) + line({ text: 'fine too' }) + '{"text":\n';
    expect((await refusalOf(transfer.import(ndjsonRequest(body), {}))).message).toBe(
      'line 4: not valid JSON',
    );
    const invalid = line({ text: 'fine' }) + line({ text: 'fine', colour: 'red' }) + line({ text: '' });
    expect((await refusalOf(transfer.import(ndjsonRequest(invalid), {}))).message).toBe(
      'line 2: colour should not exist',
    );
    expect(sent).toEqual([]);
  });

  it('queues a large import in parts whose lines all carry an id, made from the line when the file gave none', async () => {
    const { sent, transfer } = transferWith(2);
    const body = line({ text: 'one' }) + line({ id: 'kept', text: 'two' }) + line({ text: 'three' });
    const outcome = await transfer.import(ndjsonRequest(body), {});
    expect(outcome).toMatchObject({ kind: 'queued', lines: 3 });
    const importId = outcome.kind === 'queued' ? outcome.importId : '';
    const hex = importId.split('_')[1];
    expect(sent).toEqual([
      {
        subject: MemorySubjects.importPart.name,
        payload: {
          memories: [
            expect.objectContaining({ id: `import-${hex}-1`, text: 'one' }),
            expect.objectContaining({ id: 'kept', text: 'two' }),
            expect.objectContaining({ id: `import-${hex}-3`, text: 'three' }),
          ],
          importId,
          index: 0,
        },
      },
    ]);
  });
});

describe('MemoryTransferService.import, sharing the event loop', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lets the loop turn within every 10 ms of checking, however few lines that is', async () => {
    // Every reading of the clock moves it 2 ms on: each line checked costs at least that much.
    let clockMs = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => (clockMs += 2));
    const { transfer } = transferWith(10_000);
    const lines = 1000;
    let body = '';
    for (let i = 0; i < lines; i++) body += line({ text: `Note ${i}` });

    let turns = 0;
    let importing = true;
    const counting = (async () => {
      while (importing) {
        await nextTurn();
        turns++;
      }
    })();
    await transfer.import(ndjsonRequest(body), {});
    importing = false;
    await counting;
    // A line costs at least 2 ms of this clock, so a 10 ms slice holds at most 5 lines: 200 turns or more.
    expect(turns).toBeGreaterThanOrEqual(lines / 5);
  });
});
