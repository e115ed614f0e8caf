import { Inject, Injectable } from '@nestjs/common';
import {
  IMPORT_ID_PATTERN,
  type ImportJobView,
  MEMORY_BATCH_MAX,
  type MemoryExportPageView,
  type MemoryImportView,
  type MemoryScopeFields,
  MemorySubjects,
  RESERVED_MEMORY_CATEGORY_NAMES,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { requestIs } from '@membolt/edge';
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  embeddingDimensionMismatch,
  importNotFound,
  importNotReadable,
  importTooManyLines,
  unknownCategory,
} from '../gateway.errors.js';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import { arrayRecords, ImportBatcher, LoopSlices, type NumberedRecord, readNdjson } from './memory-import.js';

/** Bulk calls take longer than one request: a batch of 1,000 is embedded and stored, or read, at once. */
export const MEMORY_BULK_TIMEOUT_MS = 60_000;

/**
 * An import runs on the event loop that serves every other request: its lines are checked as they arrive, in
 * slices of at most this many milliseconds with a turn of the loop between, and stored in calls of
 * IMPORT_CALL_MEMORIES (each one embedded and written in one go by the memory service), with a turn of the
 * loop between them.
 */
const IMPORT_SLICE_MS = 10;
/** Longest stretch of the loop spent sending a queued import's parts before letting it turn. */
const IMPORT_STRETCH_MS = 50;
const IMPORT_CALL_MEMORIES = 200;

export type ImportOutcome =
  | { readonly kind: 'stored'; readonly views: MemoryImportView[]; readonly lines: number }
  | { readonly kind: 'queued'; readonly importId: string; readonly lines: number };

/** NDJSON media types an import accepts (and an upload with no Content-Type at all). */
/**
 * An import as the service reads it: the request's headers, the body the edge parsed (JSON), and the body
 * stream itself (NDJSON, which the edge leaves unread).
 */
export type ImportUpload = Readable & { readonly headers: IncomingHttpHeaders; readonly body?: unknown };

const NDJSON_TYPES = [
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'text/plain',
];

/** Export (paging the memory service) and import (parsing, validating, batching) of the REST API. */
@Injectable()
export class MemoryTransferService {
  constructor(
    private readonly bus: BusClient,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  /** Every memory of the scope, oldest first, one page of MEMORY_BATCH_MAX at a time. */
  async *exportPages(scope: MemoryScopeFields): AsyncGenerator<MemoryExportPageView> {
    let cursor: string | undefined;
    do {
      const page = await this.bus.request(
        MemorySubjects.exportPage,
        { ...scope, limit: MEMORY_BATCH_MAX, ...(cursor !== undefined ? { cursor } : {}) },
        { timeoutMs: MEMORY_BULK_TIMEOUT_MS },
      );
      yield page;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }

  /**
   * Reads the upload (NDJSON, or a JSON array already parsed by the edge), validates every line, checks the
   * embeddings' length, and only then stores anything: bad input changes nothing. Up to `importSyncLines`
   * lines are stored before the answer; a larger import is queued as durable parts (decision 081) and
   * answered with its id. A repeated import skips the lines it stored before (by their `id`).
   */
  async import(request: ImportUpload, scope: MemoryScopeFields): Promise<ImportOutcome> {
    const batcher = await this.checkedLines(request, scope);
    // A queued import's lines all get an id, so a part stored twice (a job run again) skips them.
    const queuedAs = batcher.count > this.settings.importSyncLines ? randomUUID().replaceAll('-', '') : null;
    const parsed = batcher.finish(queuedAs ? (line) => `import-${queuedAs}-${line}` : undefined);
    if (parsed.embeddingLengths.size > 0) await this.checkEmbeddingLengths(parsed.embeddingLengths);
    const { batches } = parsed;
    await this.checkCategories(batches.flatMap((batch) => batch?.memories.map((m) => m.category) ?? []));
    if (queuedAs) {
      const importId = `imp_${queuedAs}_${batches.length}`;
      const slices = new LoopSlices(IMPORT_STRETCH_MS);
      for (let index = 0; index < batches.length; index++) {
        const batch = batches[index];
        if (!batch) continue;
        // Released once sent: the memory service holds the part from here, so the file is not held twice.
        batches[index] = undefined;
        // The in-process bus answers on microtasks: without a turn every part's checks and enqueue would run
        // as one stretch of the loop (250 parts of a 50,000-line import held it over a second). A turn per
        // part would let the parts already queued run in between and hold the answer back.
        await slices.pace();
        await this.bus.request(MemorySubjects.importPart, {
          ...batch.scope,
          memories: [...batch.memories],
          importId,
          index,
        });
      }
      return { kind: 'queued', importId, lines: parsed.lines };
    }
    const views: MemoryImportView[] = [];
    for (const batch of batches) {
      if (!batch) continue;
      await nextTurn();
      views.push(
        await this.bus.request(
          MemorySubjects.import,
          { ...batch.scope, memories: [...batch.memories] },
          { timeoutMs: MEMORY_BULK_TIMEOUT_MS },
        ),
      );
    }
    return { kind: 'stored', views, lines: parsed.lines };
  }

  /** A large import's progress, for its owner only. */
  async importStatus(importId: string): Promise<ImportJobView> {
    if (!IMPORT_ID_PATTERN.test(importId)) throw importNotFound();
    return this.bus.request(MemorySubjects.importJob, { importId }, { timeoutMs: MEMORY_BULK_TIMEOUT_MS });
  }

  /**
   * The upload's lines, each validated: a JSON array (parsed by the edge's JSON parser) or NDJSON text, read
   * here (bounded) and validated line by line as it arrives, so only the checked memories are held, never the
   * parsed records. The refusals keep their order: the reader's (size, lines, JSON), then the first line that
   * is not a valid memory. Checks are cut in slices with a turn of the loop between.
   */
  private async checkedLines(request: ImportUpload, scope: MemoryScopeFields): Promise<ImportBatcher> {
    const maxLines = this.settings.importMaxLines;
    const batcher = new ImportBatcher(scope, IMPORT_CALL_MEMORIES);
    let firstInvalid: unknown = null;
    const slices = new LoopSlices(IMPORT_SLICE_MS);
    const check = async (record: NumberedRecord) => {
      // Paced before the early return too: the lines after a refused one are still read and parsed.
      await slices.pace();
      if (firstInvalid !== null) return;
      try {
        batcher.add(record);
      } catch (error) {
        firstInvalid = error;
      }
    };
    if (requestIs(request, 'application/json')) {
      const items = jsonItems(request.body);
      if (!items) throw importNotReadable();
      if (items.length > maxLines) throw importTooManyLines(maxLines);
      for (const record of arrayRecords(items)) await check(record);
    } else {
      if (request.headers['content-type'] !== undefined && !requestIs(request, NDJSON_TYPES))
        throw importNotReadable();
      await readNdjson(request, { maxBytes: this.settings.importMaxBytes, maxLines }, check);
    }
    if (firstInvalid !== null) throw firstInvalid;
    return batcher;
  }

  /**
   * Custom category names must be the account's: checked before anything is stored or queued (a queued part
   * would only fail later, in its job). Built-in names need no call.
   */
  private async checkCategories(names: ReadonlyArray<string | undefined>): Promise<void> {
    const custom = new Set(
      names.filter((name): name is string => !!name && !RESERVED_MEMORY_CATEGORY_NAMES.includes(name)),
    );
    if (custom.size === 0) return;
    const { categories } = await this.bus.request(MemorySubjects.listCategories, {});
    const held = new Set(categories.map((category) => category.name));
    const unknown = [...custom].find((name) => !held.has(name));
    if (unknown !== undefined) {
      throw unknownCategory(unknown);
    }
  }

  /** The configured dimension is the memory service's; one embedding of a probe text tells it. */
  private async checkEmbeddingLengths(lengths: ReadonlySet<number>): Promise<void> {
    const { dimension } = await this.bus.request(MemorySubjects.generateEmbedding, { text: 'dimension' });
    for (const length of lengths) {
      if (length !== dimension) {
        throw embeddingDimensionMismatch(dimension, length);
      }
    }
  }
}

/**
 * The memories of a JSON upload: an array, or an object holding one under `results` or `memories` (a Mem0
 * export, a page of Mem0's list); null for anything else.
 */
function jsonItems(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return null;
  const { results, memories } = body as { results?: unknown; memories?: unknown };
  if (Array.isArray(results)) return results;
  if (Array.isArray(memories)) return memories;
  return null;
}
