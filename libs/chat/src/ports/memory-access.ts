import type {
  CreateMemoryRequest,
  MemoryCategoryView,
  MemoryScopeFields,
  MemorySearchResultView,
  MemoryView,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from '@membolt/contracts';

/** The memory service, as the chat service uses it (over the bus): search for a turn, write extracted facts. */
export interface MemoryAccess {
  search(userId: string, request: SearchMemoriesRequest): Promise<readonly MemorySearchResultView[]>;
  /** The scope's open facts (not closed) whose metadata `subject` is this one, newest first. */
  openFactsOn(userId: string, scope: MemoryScopeFields, subject: string): Promise<readonly MemoryView[]>;
  /**
   * The scope's facts whose metadata holds all these fields ({slot: 'occupation'}), newest first: the open
   * ones, or the open and closed ones.
   */
  factsWith(
    userId: string,
    scope: MemoryScopeFields,
    metadata: Readonly<Record<string, string>>,
    includeClosed: boolean,
  ): Promise<readonly MemoryView[]>;
  create(userId: string, request: CreateMemoryRequest): Promise<MemoryView>;
  update(userId: string, request: UpdateMemoryRequest): Promise<MemoryView>;
  /** The account's custom categories (decision 159): the model extracting facts is told of them. */
  customCategories(userId: string): Promise<readonly MemoryCategoryView[]>;
  /** The custom category of the account that fits each text (the offline classifier), or null. */
  classifyCategories(userId: string, texts: readonly string[]): Promise<ReadonlyArray<string | null>>;
  /** The memories each of these conversations taught (the memory service's count), by conversation id. */
  conversationCounts(
    userId: string,
    scope: MemoryScopeFields,
    conversationIds: readonly string[],
  ): Promise<Readonly<Record<string, number>>>;
}

export const MEMORY_ACCESS = Symbol('MEMORY_ACCESS');
