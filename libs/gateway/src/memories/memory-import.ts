import { z } from 'zod';
import {
  type BatchMemoryItem,
  boundedString,
  distinctTexts,
  entityId,
  MEMORY_BATCH_MAX,
  MEMORY_CATEGORY_VALUES,
  MemboltError,
  type MemoryScopeFields,
  optional,
  SENSITIVE_KINDS,
  validatePayload,
} from '@membolt/contracts';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { importEmpty, importLineInvalid, importTooLarge, importTooManyLines } from '../gateway.errors.js';
import { NewMemoryBodySchema } from './memory.dto.js';
import { restScopeId, restTime } from './memory-rest.validators.js';
import { toNewMemoryFields } from './memory.requests.js';

/**
 * One line of an import: the memory JSON of the export (decision 022). `id` makes a repeated import skip the
 * line; `created_at` (or `timestamp`) keeps the original time; `updated_at`, `version` and `redactions` are read
 * and ignored (an imported memory starts a new history, and the importing account's privacy policy screens its
 * text again; placeholders an earlier redaction left stay as text). Nulls count as absent.
 */
/** The kinds an export says were redacted: read and ignored, but bounded. */
const redactions = () => {
  const tooLong = 'each value in $property must be shorter than or equal to 64 characters';
  const notString = 'each value in $property must be a string';
  const tooMany = `$property must contain no more than ${SENSITIVE_KINDS.length} elements`;
  return z.unknown().check((ctx) => {
    const value = ctx.value;
    // A value that is no list is checked as one value, as class-validator's `each` rules did.
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const problems = [
      ...(values.every((item) => typeof item === 'string' && item.length <= 64) ? [] : [tooLong]),
      ...(values.every((item) => typeof item === 'string') ? [] : [notString]),
      ...(!Array.isArray(value) || value.length > SENSITIVE_KINDS.length ? [tooMany] : []),
      ...(Array.isArray(value) ? [] : ['$property must be an array']),
    ];
    if (problems.length > 0)
      ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: value });
  }) as unknown as z.ZodType<string[]>;
};

const MemoryImportLine = z.strictObject({
  id: optional(entityId()),
  created_at: optional(restTime()),
  timestamp: optional(restTime()),
  updated_at: optional(boundedString(64, { lengthTextFirst: true })),
  version: optional(
    z
      .number({
        error: distinctTexts('$property must not be less than 1', '$property must be an integer number'),
      })
      .check((ctx) => {
        const problems = [
          ...(ctx.value < 1 ? ['$property must not be less than 1'] : []),
          ...(Number.isInteger(ctx.value) ? [] : ['$property must be an integer number']),
        ];
        if (problems.length > 0)
          ctx.issues.push({ code: 'custom', message: distinctTexts(...problems), input: ctx.value });
      }),
  ),
  redactions: optional(redactions()),
  end_user_id: restScopeId(),
  agent_id: restScopeId(),
  run_id: restScopeId(),
  ...NewMemoryBodySchema.shape,
});
type MemoryImportLine = z.output<typeof MemoryImportLine>;

/** Memories of one scope, in batches the memory service takes in one call. */
interface ImportBatch {
  readonly scope: MemoryScopeFields;
  readonly memories: readonly BatchMemoryItem[];
}

export interface ParsedImport {
  /** The caller's to release one by one as it sends them (the batcher keeps none once finished). */
  readonly batches: Array<ImportBatch | undefined>;
  readonly lines: number;
  /** Lengths of the embeddings the lines carry (checked against the configured dimension before sending). */
  readonly embeddingLengths: ReadonlySet<number>;
}

/** A record of the upload and its position as the developer counts it (file line, or array item). */
export interface NumberedRecord {
  readonly line: number;
  readonly value: unknown;
}

export interface NdjsonLimits {
  /** Bytes of the whole upload; over it: 413 (the rest is drained, not kept). */
  readonly maxBytes: number;
  /** Lines of the upload, blank ones included; over it: 413, whatever the lines hold. */
  readonly maxLines: number;
}

/**
 * Cuts a long run of small steps on the event loop (checking an import's lines, sending its parts) into
 * slices of at most `budgetMs`, with a turn of the loop between them, so the requests waiting on their
 * sockets are answered between two slices whatever one step costs. A slice is measured in time, not in
 * steps: a fixed count of lines lasts ten times longer on a machine that is ten times busier.
 */
export class LoopSlices {
  private sliceStart = performance.now();

  constructor(private readonly budgetMs: number) {}

  /** Called between two steps: lets the loop turn once the current slice has used its budget. */
  async pace(): Promise<void> {
    if (performance.now() - this.sliceStart < this.budgetMs) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

/**
 * NDJSON read line by line as the upload arrives (node's readline over the request stream), so the body is
 * never held as one string: one JSON object a line; blank lines are skipped; line numbers count every line.
 * The refusals keep their order whatever the lines hold: too many bytes, then too many lines (both 413), then
 * the first line that is not JSON (400). Once an answer is certain the lines are only counted, not parsed.
 * Each record goes to `onRecord` as it is read (awaited, so it may take a turn of the loop), not kept here:
 * records handed over before a refusal became certain are the caller's to drop.
 */
export async function readNdjson(
  input: Readable,
  limits: NdjsonLimits,
  onRecord: (record: NumberedRecord) => void | Promise<void>,
): Promise<void> {
  let bytes = 0;
  let lines = 0;
  let firstInvalidLine: number | null = null;
  const onData = (chunk: Buffer | string) => {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    // A line longer than the limit would otherwise grow readline's buffer without bound.
    if (bytes > limits.maxBytes && !stoppedReading) {
      stoppedReading = true;
      lineReader.close();
    }
  };
  let stoppedReading = false;
  input.on('data', onData);
  const lineReader = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const raw of lineReader) {
      lines++;
      if (lines > limits.maxLines || firstInvalidLine !== null) continue;
      const trimmed = raw.trim();
      if (trimmed === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed) as unknown;
      } catch {
        firstInvalidLine = lines;
        continue;
      }
      await onRecord({ line: lines, value });
    }
    // Refused at once, whatever is still to come: the edge reads and discards the rest of the body within
    // its bounds after the answer (so the client reads the 413 rather than a reset), never without a bound.
    if (bytes > limits.maxBytes) throw importTooLarge(limits.maxBytes);
  } finally {
    input.off('data', onData);
  }
  if (lines > limits.maxLines) throw importTooManyLines(limits.maxLines);
  if (firstInvalidLine !== null) throw importLineInvalid(firstInvalidLine, 'not valid JSON');
}

/** A JSON array upload: item 1 is "line 1". */
export function arrayRecords(items: readonly unknown[]): NumberedRecord[] {
  return items.map((value, index) => ({ line: index + 1, value }));
}

/** The object without its null fields; the object itself when it has none (most lines: no copy made). */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  for (const key in value)
    if (Object.hasOwn(value, key) && value[key] === null)
      return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A memory as Mem0 exports and lists it (`memory`, not `text`), in snake_case or as its clients camelCase it. */
const isMem0Record = (value: Record<string, unknown>): boolean =>
  typeof value['memory'] === 'string' && !Object.hasOwn(value, 'text');

/**
 * A Mem0 memory as one of our import lines (decision 100): `memory` is the text, `user_id` the end user,
 * `agent_id` / `run_id` the scopes; Mem0's categories, which are not ours, are kept in the metadata (a single
 * one of ours becomes the category). Membolt's own extras (importance, validity, source) are read back.
 */
function fromMem0Record(value: Record<string, unknown>): Record<string, unknown> {
  const field = (...names: string[]) =>
    names.map((name) => value[name]).find((given) => given !== undefined && given !== null);
  const categories = field('categories');
  const ourCategory =
    Array.isArray(categories) &&
    categories.length === 1 &&
    (MEMORY_CATEGORY_VALUES as readonly unknown[]).includes(categories[0])
      ? (categories[0] as string)
      : undefined;
  const metadata = field('metadata');
  const keptCategories =
    Array.isArray(categories) && categories.length > 0 && ourCategory === undefined ? { categories } : {};
  const line: Record<string, unknown> = {
    id: field('id'),
    text: value['memory'],
    metadata:
      isPlainObject(metadata) || Object.keys(keptCategories).length > 0
        ? { ...(isPlainObject(metadata) ? metadata : {}), ...keptCategories }
        : undefined,
    category: ourCategory,
    importance: field('importance'),
    source: field('source'),
    created_at: field('created_at', 'createdAt'),
    valid_from: field('valid_from', 'validFrom'),
    valid_to: field('valid_to', 'validTo'),
    end_user_id: field('user_id', 'userId'),
    agent_id: field('agent_id', 'agentId'),
    run_id: field('run_id', 'runId'),
  };
  return Object.fromEntries(Object.entries(line).filter(([, given]) => given !== undefined));
}

/**
 * Validates lines one at a time (bad input changes nothing: nothing is sent before the last line passed),
 * then groups them by scope (the request's `end_user_id`, `agent_id`, `run_id` where given, else each line's
 * own) in file order, and cuts each group into batches of at most `batchSize`.
 */
export class ImportBatcher {
  private readonly groups = new Map<
    string,
    { scope: MemoryScopeFields; memories: BatchMemoryItem[]; unnamedLines: Map<number, number> }
  >();
  private readonly embeddingLengths = new Set<number>();
  private lines = 0;

  constructor(
    private readonly requestScope: MemoryScopeFields,
    private readonly batchSize: number = MEMORY_BATCH_MAX,
  ) {}

  get count(): number {
    return this.lines;
  }

  add({ line, value }: NumberedRecord): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw importLineInvalid(line, 'must be a JSON object');
    }
    let parsed: MemoryImportLine;
    try {
      const record = value as Record<string, unknown>;
      parsed = validatePayload(
        MemoryImportLine,
        withoutNulls(isMem0Record(record) ? fromMem0Record(record) : record),
      );
    } catch (error) {
      if (error instanceof MemboltError) throw importLineInvalid(line, error.message);
      throw error;
    }
    const endUserId = this.requestScope.endUserId ?? parsed.end_user_id;
    const agentId = this.requestScope.agentId ?? parsed.agent_id;
    const runId = this.requestScope.runId ?? parsed.run_id;
    const createdAt = parsed.created_at ?? parsed.timestamp;
    const item: BatchMemoryItem = {
      ...toNewMemoryFields(parsed),
      ...(parsed.id !== undefined ? { id: parsed.id } : {}),
      ...(createdAt !== undefined ? { createdAt } : {}),
    };
    if (parsed.embedding) this.embeddingLengths.add(parsed.embedding.length);
    const key = JSON.stringify([endUserId ?? null, agentId ?? null, runId ?? null]);
    let group = this.groups.get(key);
    if (!group) {
      const scope: MemoryScopeFields = {
        ...(endUserId !== undefined ? { endUserId } : {}),
        ...(agentId !== undefined ? { agentId } : {}),
        ...(runId !== undefined ? { runId } : {}),
      };
      group = { scope, memories: [], unnamedLines: new Map<number, number>() };
    }
    if (parsed.id === undefined) group.unnamedLines.set(group.memories.length, line);
    group.memories.push(item);
    this.groups.set(key, group);
    this.lines++;
  }

  /**
   * The batches. `idOfLine` gives lines without an `id` one, so storing them again (a durable job run twice)
   * skips them as it skips any line imported before.
   */
  finish(idOfLine?: (line: number) => string): ParsedImport {
    if (this.lines === 0) throw importEmpty();
    const batches: Array<ImportBatch | undefined> = [];
    for (const { scope, memories, unnamedLines } of this.groups.values()) {
      if (idOfLine)
        for (const [index, line] of unnamedLines) {
          const memory = memories[index];
          if (memory) memories[index] = { ...memory, id: idOfLine(line) };
        }
      for (let start = 0; start < memories.length; start += this.batchSize) {
        batches.push({ scope, memories: memories.slice(start, start + this.batchSize) });
      }
    }
    this.groups.clear();
    return { batches, lines: this.lines, embeddingLengths: this.embeddingLengths };
  }
}

/** Every line validated at once (see ImportBatcher), in batches of at most MEMORY_BATCH_MAX. */
export function toImportBatches(
  records: readonly NumberedRecord[],
  requestScope: MemoryScopeFields,
): ParsedImport {
  const batcher = new ImportBatcher(requestScope);
  for (const record of records) batcher.add(record);
  return batcher.finish();
}
