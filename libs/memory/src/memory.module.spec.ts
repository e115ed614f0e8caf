import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusModule, InProcessBroker } from '@membolt/bus';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unitVector } from './embedders/use-lite.sentence-encoder.js';
import { MemorySentenceSweep } from './memory-sentence.sweep.js';
import { MemoryModule } from './memory.module.js';
import { sentenceEncoderOptions } from './memory.options.js';
import { MemoryService } from './memory.service.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { SENTENCE_ENCODER, type SentenceEncoder } from './ports/sentence-encoder.js';

const USER = 'user-a';

/** Meets "hire a car" and "driving licence" on one axis, with no word in common (USE-lite's part in a spec). */
class DrivingSentenceEncoder implements SentenceEncoder {
  readonly model = 'fake-sentences';
  readonly dimension = 2;
  readonly encoded: string[] = [];
  readonly queries: string[] = [];

  async encode(texts: readonly string[]): Promise<Float32Array[]> {
    this.encoded.push(...texts);
    return texts.map((text) => this.vector(text));
  }

  async encodeQuery(text: string): Promise<Float32Array> {
    this.queries.push(text);
    return this.vector(text);
  }

  private vector(text: string): Float32Array {
    return unitVector(/\b(car|driving|licence|hire)\b/i.test(text) ? [1, 0.1] : [0, 1]);
  }
}

/**
 * The module as a process builds it (Nest's injection from the compiled decorator metadata), with the
 * sentence encoder on: the service must receive the sweep, or no write schedules it and no search reads the
 * channel, whatever SENTENCE_ENCODER says.
 */
describe('MemoryModule with the sentence encoder on', () => {
  let app: INestApplicationContext;
  let dataDir: string;
  const encoder = new DrivingSentenceEncoder();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-memory-module-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        BusModule.forRoot({
          transport: { transport: 'in-process', broker: new InProcessBroker() },
          timeoutMs: 5_000,
        }),
        MemoryModule.forRoot({
          store: { kind: 'embedded', dataDir },
          embedder: { kind: 'offline', dimension: 128 },
          sentenceEncoder: sentenceEncoderOptions('auto'),
        }),
      ],
    })
      .overrideProvider(SENTENCE_ENCODER)
      .useValue(encoder)
      .compile();
    app = await moduleRef.init();
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('encodes what is written and reaches it by meaning from a personal search', async () => {
    const service = app.get(MemoryService);
    await service.create(USER, { text: "I don't have a driving licence." });
    await app.get(MemorySentenceSweep).idle();
    expect(encoder.encoded).toEqual(["I don't have a driving licence."]);
    expect(await app.get<MemoryStore>(MEMORY_STORE).sentences!.pending(10)).toEqual([]);

    const { results } = await service.search(USER, { query: 'Can I hire one at the airport?', limit: 5 });
    expect(encoder.queries).toEqual(['Can I hire one at the airport?']);
    expect(results.map((r) => r.memory.text)).toEqual(["I don't have a driving licence."]);
    expect(results[0]!.scores.reasons.some((reason) => reason.startsWith('similar sentence'))).toBe(true);
  });
});
