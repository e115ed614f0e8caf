import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  ChatSubjects,
  CONVERSATION_LIST_MAX_LIMIT,
  type LedgerEntryView,
  MEMORY_BATCH_MAX,
  MEMORY_LIST_MAX_LIMIT,
  type MemoryScopeFields,
  MemorySubjects,
  UsageSubjects,
} from '@membolt/contracts';
import type {
  AccountData,
  ExportedConversation,
  ExportedMemory,
  ExportedUsage,
} from '../../ports/account-data.js';

/** A page of a whole scope's memories is read at once: give it the time of a bulk call. */
const BULK_TIMEOUT_MS = 60_000;
/** Usage is kept per day; the billing service answers at most a year at once. */
const USAGE_PERIOD_MS = 365 * 24 * 3600 * 1000;
const LEDGER_PAGE = 100;

/** The memory, chat and billing services' own subjects, each called as the account's owner. */
@Injectable()
export class BusAccountData implements AccountData {
  constructor(private readonly bus: BusClient) {}

  async memories(
    userId: string,
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<ExportedMemory[]> {
    const scopes: MemoryScopeFields[] = [{}];
    const own = await this.bus.request(MemorySubjects.stats, {}, { userId });
    let total = own.memoryCount + own.closedCount;
    for (let offset = 0; ; offset += MEMORY_LIST_MAX_LIMIT) {
      const page = await this.bus.request(
        MemorySubjects.listEndUsers,
        { limit: MEMORY_LIST_MAX_LIMIT, offset },
        { userId },
      );
      for (const endUser of page.endUsers) {
        scopes.push({ endUserId: endUser.endUserId });
        total += endUser.memoryCount;
      }
      if (page.endUsers.length < MEMORY_LIST_MAX_LIMIT) break;
    }
    const exported: ExportedMemory[] = [];
    for (const scope of scopes) {
      let cursor: string | undefined;
      do {
        const page = await this.bus.request(
          MemorySubjects.exportPage,
          { ...scope, limit: MEMORY_BATCH_MAX, ...(cursor !== undefined ? { cursor } : {}) },
          { userId, timeoutMs: BULK_TIMEOUT_MS },
        );
        for (const memory of page.memories) {
          const { versions } = await this.bus.request(
            MemorySubjects.history,
            { ...scope, memoryId: memory.id },
            { userId },
          );
          exported.push({ ...memory, history: versions });
        }
        await onProgress(exported.length, Math.max(total, exported.length));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
    }
    return exported;
  }

  async conversations(
    userId: string,
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<ExportedConversation[]> {
    const exported: ExportedConversation[] = [];
    for (let offset = 0; ; offset += CONVERSATION_LIST_MAX_LIMIT) {
      const page = await this.bus.request(
        ChatSubjects.listConversations,
        { limit: CONVERSATION_LIST_MAX_LIMIT, offset },
        { userId },
      );
      for (const summary of page.conversations) {
        const { messages } = await this.bus.request(
          ChatSubjects.getConversation,
          { conversationId: summary.id },
          { userId },
        );
        exported.push({ ...summary, messages });
        await onProgress(exported.length, Math.max(page.totalCount, exported.length));
      }
      if (page.conversations.length < CONVERSATION_LIST_MAX_LIMIT) return exported;
    }
  }

  async usage(userId: string): Promise<ExportedUsage> {
    const to = new Date();
    const summary = await this.bus.request(
      UsageSubjects.summary,
      { from: new Date(to.getTime() - USAGE_PERIOD_MS), to },
      { userId },
    );
    const ledger: LedgerEntryView[] = [];
    for (let offset = 0; ; offset += LEDGER_PAGE) {
      const page = await this.bus.request(UsageSubjects.ledger, { limit: LEDGER_PAGE, offset }, { userId });
      ledger.push(...page.entries);
      if (page.entries.length < LEDGER_PAGE) return { summary, ledger };
    }
  }
}
