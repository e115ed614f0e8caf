// class-transformer's @Type reads decorator metadata through the Reflect API: load it before any class below is
// decorated (an entry point that imports contracts before Nest would crash otherwise).
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Matches,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { ENTITY_ID_MAX_LENGTH, PAGE_OFFSET_MAX } from '../common/request-limits.js';
import { composeDecorators, IsEntityId, IsRequiredText } from '../common/validators.js';
import { CONVERSATION_LIST_MAX_LIMIT } from '../rules/chat.rules.js';
import { MemoryFilterError, parseMemoryFilter } from './memory-filter.js';
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  MAX_EMBEDDING_DIMENSION,
  MEMORY_BATCH_MAX,
  MEMORY_CATEGORIES,
  MEMORY_GRAPH_MAX_NODES,
  MEMORY_LIST_MAX_LIMIT,
  MEMORY_QUERY_MAX_LENGTH,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MEMORY_SEARCH_MAX_LIMIT,
  MEMORY_SEARCH_THRESHOLD_MAX,
  MEMORY_SORTS,
  MEMORY_SOURCES,
  MEMORY_TEXT_MAX_LENGTH,
  MemoryMessages,
  isMemoryCategoryName,
  type MemoryCategory,
  type MemorySort,
  type MemorySource,
} from '../rules/memory.rules.js';

/**
 * The built-in category values; "none" clears the category and travels on the bus as the literal "none". A
 * value may also name one of the account's custom categories: the memory service checks that it exists.
 */
export const MEMORY_CATEGORY_VALUES = [...MEMORY_CATEGORIES, 'none'] as const;
export type MemoryCategoryValue = MemoryCategory | 'none';

/** A built-in category, "none" or the shape of a custom category's name. */
export const IsMemoryCategoryValue = (): PropertyDecorator =>
  ValidateBy({
    name: 'isMemoryCategoryValue',
    validator: {
      validate: (value: unknown) => isMemoryCategoryName(value),
      defaultMessage: () => MemoryMessages.categoryFormat,
    },
  });

const IsScopeId = (): PropertyDecorator =>
  composeDecorators(IsOptional(), IsString(), MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH));
const IsMemoryText = (): PropertyDecorator =>
  composeDecorators(
    IsRequiredText(MemoryMessages.textRequired, MEMORY_TEXT_MAX_LENGTH),
    MaxLength(MEMORY_TEXT_MAX_LENGTH, { message: MemoryMessages.textTooLong }),
  );
const IsImportance = (): PropertyDecorator =>
  composeDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: MemoryMessages.importanceRange }),
    Min(0, { message: MemoryMessages.importanceRange }),
    Max(1, { message: MemoryMessages.importanceRange }),
  );
/** A filter object in Mem0's v2 syntax (memory-filter.ts); the message names the bad part. */
const problemOfFilter = (value: unknown): string | null => {
  try {
    parseMemoryFilter(value);
    return null;
  } catch (error) {
    if (error instanceof MemoryFilterError) return error.message;
    throw error;
  }
};
export const IsMemoryFilter = (): PropertyDecorator =>
  ValidateBy({
    name: 'isMemoryFilter',
    validator: {
      validate: (value: unknown) => problemOfFilter(value) === null,
      defaultMessage: ({ value }: ValidationArguments) => problemOfFilter(value) ?? 'filters is invalid',
    },
  });
const IsEmbedding = (): PropertyDecorator =>
  composeDecorators(
    IsArray(),
    ArrayMaxSize(MAX_EMBEDDING_DIMENSION),
    IsNumber({ allowNaN: false, allowInfinity: false }, { each: true }),
  );

// The TypeScript mixin pattern requires a constructor type with `any[]` parameters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T = object> = new (...args: any[]) => T;

/**
 * Who a memory belongs to inside the acting account (Mem0-style scopes). The owner is always the acting
 * user (bus `meta.userId`). Without `endUserId` a call acts on the account's own memories (those with no end
 * user); with it, only on that end user's memories. `agentId` and `runId` narrow further when given, and are
 * recorded on memories created with them. A mixin, so a request can carry the scope beside other fields.
 */
function WithMemoryScope<TBase extends Constructor>(Base: TBase) {
  class Scoped extends Base {
    @IsScopeId()
    endUserId?: string;

    @IsScopeId()
    agentId?: string;

    @IsScopeId()
    runId?: string;
  }
  return Scoped;
}

export class MemoryScopeFields extends WithMemoryScope(class {}) {}

/** What one new memory holds (create, batch create, import), without its scope. */
export class MemoryContentFields {
  @IsMemoryText()
  text!: string;

  /** Free JSON object. `importance` inside it is honoured when the top-level field is absent. */
  @IsOptional()
  @IsObject({ message: MemoryMessages.metadataNotObject })
  metadata?: Record<string, unknown>;

  @IsOptional()
  @IsImportance()
  importance?: number;

  @IsOptional()
  @IsMemoryCategoryValue()
  category?: MemoryCategoryValue;

  @IsOptional()
  @IsIn(MEMORY_SOURCES, { message: MemoryMessages.unknownSource })
  source?: MemorySource;

  @IsOptional()
  @IsEntityId()
  conversationId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(CONVERSATION_TITLE_MAX_LENGTH)
  conversationTitle?: string;

  /** Computed by the server when absent; when given it must have the configured dimension. */
  @IsOptional()
  @IsEmbedding()
  embedding?: number[];

  /** When the fact started to hold (default: now). */
  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  /** When the fact stopped holding; a closed fact leaves default search but stays answerable for the past. */
  @IsOptional()
  @IsISO8601({ strict: true })
  validTo?: string;

  /** After this instant the memory is hidden from every read and the retention sweep deletes it. */
  @IsOptional()
  @IsISO8601({ strict: true })
  expirationDate?: string;
}

export class CreateMemoryRequest extends WithMemoryScope(MemoryContentFields) {
  /**
   * When an open memory of the same scope (end user, agent and run alike) holds the same words (case, spacing
   * and punctuation aside), answer it instead of storing a copy. Default false.
   */
  @IsOptional()
  @IsBoolean()
  dedupe?: boolean;
}

/** One item of a batch: the scope comes from the batch request, not from each item. */
export class BatchMemoryItem extends MemoryContentFields {
  /** Import only: the id the memory had in the exported file; a repeat import of the same id is skipped. */
  @IsOptional()
  @IsEntityId()
  id?: string;

  /** Import only: the original creation time. */
  @IsOptional()
  @IsISO8601({ strict: true })
  createdAt?: string;
}

/** Up to MEMORY_BATCH_MAX memories, in one scope. */
export class MemoryBatchFields extends MemoryScopeFields {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MEMORY_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => BatchMemoryItem)
  memories!: BatchMemoryItem[];
}

/** Up to MEMORY_BATCH_MAX memories in one transaction: all are stored or none. */
export class CreateMemoryBatchRequest extends MemoryBatchFields {
  /**
   * Per item, as `CreateMemoryRequest.dedupe`: an item whose words an open memory of the scope (or an earlier
   * item of the batch) holds is answered with that memory instead of being stored. Default false.
   */
  @IsOptional()
  @IsBoolean()
  dedupe?: boolean;
}

/**
 * Import of an exported file's lines (the gateway sends an NDJSON upload in batches of this size). Each line
 * was checked by the gateway's import against the rules of a new memory (stricter than `BatchMemoryItem`,
 * with the line's number in the refusal) before anything was sent; on receipt only the batch itself is checked
 * (its scope, 1 to MEMORY_BATCH_MAX objects), so an import's lines are validated once
 * (docs/decisions/194-an-import-line-is-validated-once.md).
 */
export class ImportMemoriesRequest extends MemoryScopeFields {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MEMORY_BATCH_MAX)
  @IsObject({ each: true })
  memories!: BatchMemoryItem[];
}

/**
 * A large import is sent as parts, each stored by a durable job of the memory service. The id is made by
 * the gateway and ends with the number of parts (`imp_<32 hex>_<parts>`), so the status is read without a
 * record of its own; jobs are named by their owner, so another account's import is never found.
 */
export const IMPORT_ID_PATTERN = /^imp_[0-9a-f]{32}_[1-9]\d{0,4}$/;

export class ImportPartRequest extends ImportMemoriesRequest {
  @Matches(IMPORT_ID_PATTERN, { message: 'importId is not an import id' })
  importId!: string;

  @IsInt()
  @Min(0)
  @Max(99_999)
  index!: number;
}

export class ImportJobRequest {
  @Matches(IMPORT_ID_PATTERN, { message: 'importId is not an import id' })
  importId!: string;
}

export class MemoryIdRequest extends MemoryScopeFields {
  @IsEntityId()
  memoryId!: string;
}

/** A memory named by its id alone, in any scope of the acting account (the Mem0-compatible API's calls). */
export class LocateMemoryRequest {
  @IsEntityId()
  memoryId!: string;
}

export class GetMemoryRequest extends MemoryIdRequest {
  @IsOptional()
  @IsBoolean()
  includeEmbedding?: boolean;
}

/** Filters shared by list and search. Times are ISO 8601; the range applies to `createdAt`. */
export class MemoryFilterFields extends MemoryScopeFields {
  @IsOptional()
  @IsMemoryCategoryValue()
  category?: MemoryCategoryValue;

  @IsOptional()
  @IsIn(MEMORY_SOURCES, { message: MemoryMessages.unknownSource })
  source?: MemorySource;

  @IsOptional()
  @IsISO8601({ strict: true })
  createdAfter?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  createdBefore?: string;

  @IsOptional()
  @IsEntityId()
  conversationId?: string;

  /**
   * Exact matches on metadata fields (string, number or boolean values), all of which must hold. At most
   * MEMORY_METADATA_FILTER_MAX_FIELDS fields.
   */
  @IsOptional()
  @IsObject()
  metadata?: Record<string, string | number | boolean>;

  /**
   * Conditions in Mem0's v2 filter syntax (AND / OR / NOT, operators, metadata keys; memory-filter.ts), ANDed
   * with the fields above and always inside the request's scope: a filter never widens what the call reads.
   */
  @IsOptional()
  @IsMemoryFilter()
  filters?: Record<string, unknown>;

  /** Include closed facts (`validTo` in the past). Default false. */
  @IsOptional()
  @IsBoolean()
  includeClosed?: boolean;

  /** Facts as they held at this instant (includes facts closed later): "where did I live in 2023?". */
  @IsOptional()
  @IsISO8601({ strict: true })
  asOf?: string;

  @IsOptional()
  @IsBoolean()
  includeEmbedding?: boolean;
}

export class ListMemoriesRequest extends MemoryFilterFields {
  @IsInt()
  @Min(1)
  @Max(MEMORY_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;

  @IsIn(MEMORY_SORTS, { message: MemoryMessages.unknownSort })
  sort!: MemorySort;
}

export class SearchMemoriesRequest extends MemoryFilterFields {
  @IsString({ message: MemoryMessages.queryRequired })
  @MaxLength(MEMORY_QUERY_MAX_LENGTH)
  query!: string;

  @IsInt()
  @Min(1)
  @Max(MEMORY_SEARCH_MAX_LIMIT)
  limit!: number;

  /**
   * The least relevance a result must have (`scores.fused`: how well it matches the query in meaning and
   * words, before importance, recency and length weigh in). With it, a query nothing matches answers no
   * results rather than the nearest memories.
   */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MEMORY_SEARCH_THRESHOLD_MAX)
  threshold?: number;
}

/** Only the fields given change; a text change re-embeds; the previous version is kept in the history. */
/**
 * Fields of an update that are present (null included) are validated: only absence means "leave it as it
 * is", and a null text reaching the service failed there with a 500.
 */
const presentOrNull = (_object: object, value: unknown): boolean => value !== undefined;

export class UpdateMemoryRequest extends MemoryIdRequest {
  @ValidateIf(presentOrNull)
  @IsMemoryText()
  text?: string;

  /** Replaces the metadata object (importance inside it is honoured when `importance` is absent). */
  @ValidateIf(presentOrNull)
  @IsObject({ message: MemoryMessages.metadataNotObject })
  metadata?: Record<string, unknown>;

  @ValidateIf(presentOrNull)
  @IsImportance()
  importance?: number;

  @ValidateIf(presentOrNull)
  @IsMemoryCategoryValue()
  category?: MemoryCategoryValue;

  @ValidateIf(presentOrNull)
  @IsEmbedding()
  embedding?: number[];

  @ValidateIf(presentOrNull)
  @IsISO8601({ strict: true })
  validFrom?: string;

  /** Closes the fact (or reopens it with null). */
  @IsOptional()
  @IsISO8601({ strict: true })
  validTo?: string | null;

  /** Sets when the memory expires (null: never). */
  @IsOptional()
  @IsISO8601({ strict: true })
  expirationDate?: string | null;
}

export class MemoryStatsRequest extends MemoryScopeFields {}

/** How many memories each conversation taught: the open memories of the scope whose conversation it is. */
export class ConversationMemoryCountsRequest extends MemoryScopeFields {
  /** At most a page of conversations. */
  @IsArray()
  @ArrayMaxSize(CONVERSATION_LIST_MAX_LIMIT)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(ENTITY_ID_MAX_LENGTH, { each: true })
  conversationIds!: string[];
}

/** One page of a user's memories for export (the gateway streams the pages as NDJSON). Oldest first. */
export class ExportMemoriesRequest extends MemoryScopeFields {
  /** The `nextCursor` of the previous page; absent for the first. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsInt()
  @Min(1)
  @Max(MEMORY_BATCH_MAX)
  limit!: number;
}

export class GenerateEmbeddingRequest {
  @IsMemoryText()
  text!: string;
}

export class ListEndUsersRequest {
  @IsInt()
  @Min(1)
  @Max(MEMORY_LIST_MAX_LIMIT)
  limit!: number;

  @IsInt()
  @Min(0)
  @Max(PAGE_OFFSET_MAX)
  offset!: number;
}

export class DeleteEndUserRequest {
  @IsString()
  @MaxLength(MEMORY_SCOPE_ID_MAX_LENGTH)
  endUserId!: string;
}

/**
 * Every memory of one scope: an end user's (all their agents and runs), or the memories of an agent or a run
 * (of the end user when one is named, else of the account's own). At least one of the three is required:
 * the account's own memories are not erased wholesale by this call.
 */
export class DeleteScopeRequest extends MemoryScopeFields {}

export class ConceptGraphRequest extends MemoryScopeFields {
  @IsInt()
  @Min(1)
  @Max(MEMORY_GRAPH_MAX_NODES)
  maxNodes!: number;
}

export class ConceptMemoriesRequest extends MemoryScopeFields {
  @IsEntityId()
  conceptId!: string;

  @IsInt()
  @Min(1)
  @Max(MEMORY_LIST_MAX_LIMIT)
  limit!: number;
}

/**
 * `memory.retention.preview.v1` (user): how many of the account's memories (end users included) a plan's
 * retention would remove now: the warning before a downgrade. `retentionDays` null: unlimited (none).
 */
export class RetentionPreviewRequest {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36_500)
  retentionDays?: number | null;
}
