import { defineSubject } from '../common/envelope.js';
import type {
  ClassifyMemoryCategoriesRequest,
  CreateMemoryCategoryRequest,
  DeleteMemoryCategoryRequest,
  ListMemoryCategoriesRequest,
  MemoryCategoryClassificationView,
  MemoryCategoryDeletionView,
  MemoryCategoryListView,
  MemoryCategoryView,
  UpdateMemoryCategoryRequest,
} from './memory-categories.js';
import type { MemoryChangedEvent } from './memory-events.js';
import type {
  ConceptGraphRequest,
  ConceptMemoriesRequest,
  ConversationMemoryCountsRequest,
  CreateMemoryBatchRequest,
  CreateMemoryRequest,
  DeleteEndUserRequest,
  DeleteScopeRequest,
  ExportMemoriesRequest,
  GenerateEmbeddingRequest,
  GetMemoryRequest,
  ImportJobRequest,
  ImportMemoriesRequest,
  ImportPartRequest,
  ListEndUsersRequest,
  ListMemoriesRequest,
  LocateMemoryRequest,
  MemoryIdRequest,
  MemoryStatsRequest,
  RetentionPreviewRequest,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
} from './memory.requests.js';
import type {
  GetPrivacyPolicyRequest,
  ScreenTextsRequest,
  UpdatePrivacyPolicyRequest,
} from './privacy.requests.js';
import type {
  ConceptGraphView,
  ConversationMemoryCountsView,
  EmbeddingView,
  EndUserListView,
  MemoryBatchView,
  MemoryConceptsView,
  MemoryDeletionReceipt,
  MemoryExportPageView,
  MemoryHistoryView,
  ImportJobView,
  MemoryImportView,
  MemoryListView,
  MemoryLocationView,
  MemorySearchView,
  MemoryStatsView,
  RetentionPreviewView,
  MemoryView,
  PrivacyPolicyView,
  ScreenedTextsView,
  StoredMemoryView,
} from './memory.views.js';

/** Every subject but `generateEmbedding` acts for the acting user (bus `meta.userId`) and its scope. */
export const MemorySubjects = {
  create: defineSubject<CreateMemoryRequest, StoredMemoryView>('memory', 'memory.memories.create.v1'),
  createBatch: defineSubject<CreateMemoryBatchRequest, MemoryBatchView>(
    'memory',
    'memory.memories.create-batch.v1',
  ),
  get: defineSubject<GetMemoryRequest, MemoryView>('memory', 'memory.memories.get.v1', { idempotent: true }),
  /** The scope of the account holding a memory; NOT_FOUND when the account holds none of that id. */
  locate: defineSubject<LocateMemoryRequest, MemoryLocationView>('memory', 'memory.memories.locate.v1', {
    idempotent: true,
  }),
  list: defineSubject<ListMemoriesRequest, MemoryListView>('memory', 'memory.memories.list.v1', {
    idempotent: true,
  }),
  update: defineSubject<UpdateMemoryRequest, MemoryView>('memory', 'memory.memories.update.v1'),
  history: defineSubject<MemoryIdRequest, MemoryHistoryView>('memory', 'memory.memories.history.v1', {
    idempotent: true,
  }),
  /** Idempotent: deleting a deleted memory is a 404 the second time, and changes nothing. */
  delete: defineSubject<MemoryIdRequest, MemoryDeletionReceipt>('memory', 'memory.memories.delete.v1'),
  search: defineSubject<SearchMemoriesRequest, MemorySearchView>('memory', 'memory.memories.search.v1', {
    idempotent: true,
  }),
  stats: defineSubject<MemoryStatsRequest, MemoryStatsView>('memory', 'memory.memories.stats.v1', {
    idempotent: true,
  }),
  conversationCounts: defineSubject<ConversationMemoryCountsRequest, ConversationMemoryCountsView>(
    'memory',
    'memory.memories.conversation-counts.v1',
    { idempotent: true },
  ),
  /** How many memories a plan's retention would remove now (the downgrade warning). */
  retentionPreview: defineSubject<RetentionPreviewRequest, RetentionPreviewView>(
    'memory',
    'memory.retention.preview.v1',
    { idempotent: true },
  ),
  exportPage: defineSubject<ExportMemoriesRequest, MemoryExportPageView>(
    'memory',
    'memory.memories.export.v1',
    {
      idempotent: true,
    },
  ),
  /** Idempotent by the exported ids: a repeated import skips what it already stored. */
  import: defineSubject<ImportMemoriesRequest, MemoryImportView>('memory', 'memory.memories.import.v1', {
    idempotent: true,
  }),
  /** Queues one part of a large import as a durable job; idempotent by (owner, import id, index). */
  importPart: defineSubject<ImportPartRequest, { readonly queued: true }>(
    'memory',
    'memory.import-jobs.part.v1',
    { idempotent: true },
  ),
  importJob: defineSubject<ImportJobRequest, ImportJobView>('memory', 'memory.import-jobs.get.v1', {
    idempotent: true,
  }),
  /** (public within the edges: any authenticated caller) */
  generateEmbedding: defineSubject<GenerateEmbeddingRequest, EmbeddingView>(
    'memory',
    'memory.embeddings.generate.v1',
    {
      idempotent: true,
    },
  ),
  listEndUsers: defineSubject<ListEndUsersRequest, EndUserListView>('memory', 'memory.end-users.list.v1', {
    idempotent: true,
  }),
  deleteEndUser: defineSubject<DeleteEndUserRequest, MemoryDeletionReceipt>(
    'memory',
    'memory.end-users.delete.v1',
  ),
  /** Every memory of one scope (end user, agent or run), with one receipt. */
  deleteScope: defineSubject<DeleteScopeRequest, MemoryDeletionReceipt>('memory', 'memory.scopes.delete.v1'),
  conceptGraph: defineSubject<ConceptGraphRequest, ConceptGraphView>('memory', 'memory.concepts.graph.v1', {
    idempotent: true,
  }),
  conceptMemories: defineSubject<ConceptMemoriesRequest, MemoryListView>(
    'memory',
    'memory.concepts.memories.v1',
    {
      idempotent: true,
    },
  ),
  /** The concepts linked to one memory of the acting scope (NOT_FOUND for another user's memory id). */
  memoryConcepts: defineSubject<MemoryIdRequest, MemoryConceptsView>(
    'memory',
    'memory.memories.concepts.v1',
    {
      idempotent: true,
    },
  ),
  /** The acting account's write-time privacy policy, its keys' overrides and the redaction counts. */
  privacyPolicy: defineSubject<GetPrivacyPolicyRequest, PrivacyPolicyView>(
    'memory',
    'memory.privacy-policy.get.v1',
    {
      idempotent: true,
    },
  ),
  /** Setting the same actions twice leaves the same policy. */
  updatePrivacyPolicy: defineSubject<UpdatePrivacyPolicyRequest, PrivacyPolicyView>(
    'memory',
    'memory.privacy-policy.update.v1',
    { idempotent: true },
  ),
  /**
   * Texts as the acting key's policy lets them be kept (`sensitive_data_refused` otherwise): what an edge
   * screens before it queues them in a durable job, since a job payload is a store too.
   */
  screenTexts: defineSubject<ScreenTextsRequest, ScreenedTextsView>('memory', 'memory.privacy.screen.v1', {
    idempotent: true,
  }),
  /** The acting account's custom categories, by name. */
  listCategories: defineSubject<ListMemoryCategoriesRequest, MemoryCategoryListView>(
    'memory',
    'memory.categories.list.v1',
    { idempotent: true },
  ),
  createCategory: defineSubject<CreateMemoryCategoryRequest, MemoryCategoryView>(
    'memory',
    'memory.categories.create.v1',
  ),
  /** Setting the same description twice leaves the same category. */
  updateCategory: defineSubject<UpdateMemoryCategoryRequest, MemoryCategoryView>(
    'memory',
    'memory.categories.update.v1',
    { idempotent: true },
  ),
  /** The category's memories become uncategorised; NOT_FOUND the second time. */
  deleteCategory: defineSubject<DeleteMemoryCategoryRequest, MemoryCategoryDeletionView>(
    'memory',
    'memory.categories.delete.v1',
  ),
  /** The offline classifier: which custom category of the acting account fits each text, if any. */
  classifyCategories: defineSubject<ClassifyMemoryCategoriesRequest, MemoryCategoryClassificationView>(
    'memory',
    'memory.categories.classify.v1',
    { idempotent: true },
  ),
  /** Broadcast events (every subscriber replica receives them). */
  created: defineSubject<MemoryChangedEvent, void>('memory', 'memory.created.v1'),
  updated: defineSubject<MemoryChangedEvent, void>('memory', 'memory.updated.v1'),
  deleted: defineSubject<MemoryChangedEvent, void>('memory', 'memory.deleted.v1'),
  closed: defineSubject<MemoryChangedEvent, void>('memory', 'memory.closed.v1'),
} as const;
