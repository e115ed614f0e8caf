import { MessagePattern } from '@nestjs/microservices';
import {
  ClassifyMemoryCategoriesRequest,
  type MemoryCategoryClassificationView,
  CreateMemoryCategoryRequest,
  DeleteMemoryCategoryRequest,
  ListMemoryCategoriesRequest,
  type MemoryCategoryDeletionView,
  type MemoryCategoryListView,
  type MemoryCategoryView,
  UpdateMemoryCategoryRequest,
  GetPrivacyPolicyRequest,
  type PrivacyPolicyView,
  type ScreenedTextsView,
  ScreenTextsRequest,
  UpdatePrivacyPolicyRequest,
  type ConceptGraphView,
  ConceptGraphRequest,
  ConceptMemoriesRequest,
  CreateMemoryBatchRequest,
  CreateMemoryRequest,
  DeleteEndUserRequest,
  DeleteScopeRequest,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  type EmbeddingView,
  type EndUserListView,
  ExportMemoriesRequest,
  GenerateEmbeddingRequest,
  GetMemoryRequest,
  ImportJobRequest,
  type ImportJobView,
  ImportMemoriesRequest,
  ImportPartRequest,
  ListEndUsersRequest,
  ListMemoriesRequest,
  LocateMemoryRequest,
  type MemoryBatchView,
  type MemoryConceptsView,
  type MemoryDeletionReceipt,
  type MemoryExportPageView,
  type MemoryHistoryView,
  MemoryIdRequest,
  type MemoryImportView,
  type MemoryListView,
  type MemoryLocationView,
  type MemorySearchView,
  MemoryStatsRequest,
  type MemoryStatsView,
  RetentionPreviewRequest,
  type RetentionPreviewView,
  ConversationMemoryCountsRequest,
  type ConversationMemoryCountsView,
  MemorySubjects,
  type MemoryView,
  type StoredMemoryView,
  SearchMemoriesRequest,
  UpdateMemoryRequest,
  type UserDataDeletionView,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { MemoryCategoryService } from './categories/memory-category.service.js';
import { MemoryImportJob } from './import/memory-import.job.js';
import { MemoryService } from './memory.service.js';
import { PrivacyPolicyService } from './privacy/privacy-policy.service.js';
import { RetentionPurgeJob } from './retention/retention-purge.job.js';
import {
  toConceptGraphView,
  toDeletionReceipt,
  toEmbeddingView,
  toMemoryCategoryView,
  toEndUserListView,
  toHistoryView,
  toMemoryView,
  toSearchView,
  toStatsView,
  toStoredMemoryView,
  toUserDataDeletionView,
} from './memory.views.js';

@BusController()
export class MemoryHandlers {
  constructor(
    private readonly memory: MemoryService,
    private readonly retention: RetentionPurgeJob,
    private readonly imports: MemoryImportJob,
    private readonly privacy: PrivacyPolicyService,
    private readonly categories: MemoryCategoryService,
  ) {}

  @MessagePattern(MemorySubjects.listCategories.name)
  async listCategories(
    @ActingUserId() userId: string,
    @BusPayload(ListMemoryCategoriesRequest) _request: ListMemoryCategoriesRequest,
  ): Promise<MemoryCategoryListView> {
    return { categories: (await this.categories.list(userId)).map(toMemoryCategoryView) };
  }

  @MessagePattern(MemorySubjects.classifyCategories.name)
  async classifyCategories(
    @ActingUserId() userId: string,
    @BusPayload(ClassifyMemoryCategoriesRequest) request: ClassifyMemoryCategoriesRequest,
  ): Promise<MemoryCategoryClassificationView> {
    return { categories: await this.categories.classify(userId, request.texts) };
  }

  @MessagePattern(MemorySubjects.createCategory.name)
  async createCategory(
    @ActingUserId() userId: string,
    @BusPayload(CreateMemoryCategoryRequest) request: CreateMemoryCategoryRequest,
  ): Promise<MemoryCategoryView> {
    return toMemoryCategoryView(await this.categories.create(userId, request));
  }

  @MessagePattern(MemorySubjects.updateCategory.name)
  async updateCategory(
    @ActingUserId() userId: string,
    @BusPayload(UpdateMemoryCategoryRequest) request: UpdateMemoryCategoryRequest,
  ): Promise<MemoryCategoryView> {
    return toMemoryCategoryView(await this.categories.update(userId, request));
  }

  @MessagePattern(MemorySubjects.deleteCategory.name)
  async deleteCategory(
    @ActingUserId() userId: string,
    @BusPayload(DeleteMemoryCategoryRequest) request: DeleteMemoryCategoryRequest,
  ): Promise<MemoryCategoryDeletionView> {
    return { name: request.name, memoriesUncategorised: await this.categories.delete(userId, request.name) };
  }

  @MessagePattern(MemorySubjects.create.name)
  async create(
    @ActingUserId() userId: string,
    @BusPayload(CreateMemoryRequest) request: CreateMemoryRequest,
  ): Promise<StoredMemoryView> {
    return toStoredMemoryView(await this.memory.add(userId, request));
  }

  @MessagePattern(MemorySubjects.createBatch.name)
  async createBatch(
    @ActingUserId() userId: string,
    @BusPayload(CreateMemoryBatchRequest) request: CreateMemoryBatchRequest,
  ): Promise<MemoryBatchView> {
    const memories = await this.memory.addBatch(userId, request);
    return { memories: memories.map(toStoredMemoryView), count: memories.length };
  }

  @MessagePattern(MemorySubjects.privacyPolicy.name)
  async privacyPolicy(
    @ActingUserId() userId: string,
    @BusPayload(GetPrivacyPolicyRequest) _request: GetPrivacyPolicyRequest,
  ): Promise<PrivacyPolicyView> {
    return this.privacy.state(userId);
  }

  @MessagePattern(MemorySubjects.updatePrivacyPolicy.name)
  async updatePrivacyPolicy(
    @ActingUserId() userId: string,
    @BusPayload(UpdatePrivacyPolicyRequest) request: UpdatePrivacyPolicyRequest,
  ): Promise<PrivacyPolicyView> {
    return request.keyId === undefined
      ? this.privacy.updateAccount(userId, request.actions)
      : this.privacy.updateKeyOverride(userId, request.keyId, request.actions);
  }

  @MessagePattern(MemorySubjects.screenTexts.name)
  async screenTexts(
    @ActingUserId() userId: string,
    @BusPayload(ScreenTextsRequest) request: ScreenTextsRequest,
  ): Promise<ScreenedTextsView> {
    // The metadata rides as one more write with no text, so a refused kind in it refuses the whole call too.
    const writes = request.texts.map((text): { text: string; metadata?: Record<string, unknown> } => ({
      text,
    }));
    if (request.metadata !== undefined) writes.push({ text: '', metadata: request.metadata });
    const screened = await this.privacy.screen(userId, writes);
    const texts = screened.slice(0, request.texts.length);
    const metadata = request.metadata === undefined ? undefined : screened.at(-1)?.metadata;
    return {
      texts: texts.map((s) => s.text),
      redactions: texts.map((s) => s.redactions),
      ...(metadata !== undefined ? { metadata } : {}),
    };
  }

  @MessagePattern(MemorySubjects.get.name)
  async get(
    @ActingUserId() userId: string,
    @BusPayload(GetMemoryRequest) request: GetMemoryRequest,
  ): Promise<MemoryView> {
    return toMemoryView(await this.memory.get(userId, request));
  }

  @MessagePattern(MemorySubjects.locate.name)
  async locate(
    @ActingUserId() userId: string,
    @BusPayload(LocateMemoryRequest) request: LocateMemoryRequest,
  ): Promise<MemoryLocationView> {
    return this.memory.locate(userId, request.memoryId);
  }

  @MessagePattern(MemorySubjects.list.name)
  async list(
    @ActingUserId() userId: string,
    @BusPayload(ListMemoriesRequest) request: ListMemoriesRequest,
  ): Promise<MemoryListView> {
    const page = await this.memory.list(userId, request);
    return {
      memories: page.memories.map(toMemoryView),
      limit: request.limit,
      offset: request.offset,
      count: page.memories.length,
      totalCount: page.totalCount,
      sort: request.sort,
    };
  }

  @MessagePattern(MemorySubjects.update.name)
  async update(
    @ActingUserId() userId: string,
    @BusPayload(UpdateMemoryRequest) request: UpdateMemoryRequest,
  ): Promise<MemoryView> {
    return toMemoryView(await this.memory.update(userId, request));
  }

  @MessagePattern(MemorySubjects.history.name)
  async history(
    @ActingUserId() userId: string,
    @BusPayload(MemoryIdRequest) request: MemoryIdRequest,
  ): Promise<MemoryHistoryView> {
    return toHistoryView(request.memoryId, await this.memory.history(userId, request));
  }

  @MessagePattern(MemorySubjects.delete.name)
  async delete(
    @ActingUserId() userId: string,
    @BusPayload(MemoryIdRequest) request: MemoryIdRequest,
  ): Promise<MemoryDeletionReceipt> {
    return toDeletionReceipt(await this.memory.delete(userId, request));
  }

  @MessagePattern(MemorySubjects.search.name)
  async search(
    @ActingUserId() userId: string,
    @BusPayload(SearchMemoriesRequest) request: SearchMemoriesRequest,
  ): Promise<MemorySearchView> {
    return toSearchView(request.query, await this.memory.search(userId, request));
  }

  @MessagePattern(MemorySubjects.stats.name)
  async stats(
    @ActingUserId() userId: string,
    @BusPayload(MemoryStatsRequest) request: MemoryStatsRequest,
  ): Promise<MemoryStatsView> {
    return toStatsView(await this.memory.stats(userId, request));
  }

  @MessagePattern(MemorySubjects.conversationCounts.name)
  async conversationCounts(
    @ActingUserId() userId: string,
    @BusPayload(ConversationMemoryCountsRequest) request: ConversationMemoryCountsRequest,
  ): Promise<ConversationMemoryCountsView> {
    return { counts: await this.memory.conversationCounts(userId, request) };
  }

  @MessagePattern(MemorySubjects.retentionPreview.name)
  async retentionPreview(
    @ActingUserId() userId: string,
    @BusPayload(RetentionPreviewRequest) request: RetentionPreviewRequest,
  ): Promise<RetentionPreviewView> {
    const retentionDays = request.retentionDays ?? null;
    return { retentionDays, memoriesRemoved: await this.retention.wouldRemove(userId, retentionDays) };
  }

  @MessagePattern(MemorySubjects.exportPage.name)
  async exportPage(
    @ActingUserId() userId: string,
    @BusPayload(ExportMemoriesRequest) request: ExportMemoriesRequest,
  ): Promise<MemoryExportPageView> {
    const page = await this.memory.exportPage(userId, request);
    return {
      memories: page.memories.map(toMemoryView),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  }

  @MessagePattern(MemorySubjects.import.name)
  async import(
    @ActingUserId() userId: string,
    @BusPayload(ImportMemoriesRequest) request: ImportMemoriesRequest,
  ): Promise<MemoryImportView> {
    return this.memory.import(userId, request);
  }

  @MessagePattern(MemorySubjects.importPart.name)
  async importPart(
    @ActingUserId() userId: string,
    @BusPayload(ImportPartRequest) request: ImportPartRequest,
  ): Promise<{ queued: true }> {
    return this.imports.queuePart(userId, request);
  }

  @MessagePattern(MemorySubjects.importJob.name)
  async importJob(
    @ActingUserId() userId: string,
    @BusPayload(ImportJobRequest) request: ImportJobRequest,
  ): Promise<ImportJobView> {
    return this.imports.status(userId, request.importId);
  }

  /** Any authenticated caller: the text is embedded and nothing is stored, so it reaches nobody's data. */
  @MessagePattern(MemorySubjects.generateEmbedding.name)
  async generateEmbedding(
    @BusPayload(GenerateEmbeddingRequest) request: GenerateEmbeddingRequest,
  ): Promise<EmbeddingView> {
    return toEmbeddingView(await this.memory.generateEmbedding(request.text));
  }

  @MessagePattern(MemorySubjects.listEndUsers.name)
  async listEndUsers(
    @ActingUserId() userId: string,
    @BusPayload(ListEndUsersRequest) request: ListEndUsersRequest,
  ): Promise<EndUserListView> {
    return toEndUserListView(await this.memory.listEndUsers(userId, request));
  }

  @MessagePattern(MemorySubjects.deleteEndUser.name)
  async deleteEndUser(
    @ActingUserId() userId: string,
    @BusPayload(DeleteEndUserRequest) request: DeleteEndUserRequest,
  ): Promise<MemoryDeletionReceipt> {
    return toDeletionReceipt(await this.memory.deleteEndUser(userId, request));
  }

  @MessagePattern(MemorySubjects.deleteScope.name)
  async deleteScope(
    @ActingUserId() userId: string,
    @BusPayload(DeleteScopeRequest) request: DeleteScopeRequest,
  ): Promise<MemoryDeletionReceipt> {
    return toDeletionReceipt(await this.memory.deleteScope(userId, request));
  }

  @MessagePattern(MemorySubjects.conceptGraph.name)
  async conceptGraph(
    @ActingUserId() userId: string,
    @BusPayload(ConceptGraphRequest) request: ConceptGraphRequest,
  ): Promise<ConceptGraphView> {
    return toConceptGraphView(await this.memory.conceptGraph(userId, request));
  }

  @MessagePattern(MemorySubjects.conceptMemories.name)
  async conceptMemories(
    @ActingUserId() userId: string,
    @BusPayload(ConceptMemoriesRequest) request: ConceptMemoriesRequest,
  ): Promise<MemoryListView> {
    const memories = await this.memory.conceptMemories(userId, request);
    return {
      memories: memories.map(toMemoryView),
      limit: request.limit,
      offset: 0,
      count: memories.length,
      totalCount: memories.length,
      sort: 'recent',
    };
  }

  @MessagePattern(MemorySubjects.memoryConcepts.name)
  async memoryConcepts(
    @ActingUserId() userId: string,
    @BusPayload(MemoryIdRequest) request: MemoryIdRequest,
  ): Promise<MemoryConceptsView> {
    const concepts = await this.memory.memoryConcepts(userId, request);
    return { memoryId: request.memoryId, concepts: concepts.map((concept) => ({ ...concept })) };
  }

  /** Account deletion (identity asks every data service): idempotent, answers what it removed. */
  @MessagePattern(deleteUserDataSubject('memory').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    return toUserDataDeletionView(await this.memory.deleteUserData(userId));
  }
}
