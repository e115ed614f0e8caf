import type {
  ChatMessageView,
  ConversationSummaryView,
  LedgerEntryView,
  MemoryVersionView,
  MemoryView,
  UsageSummaryView,
} from '@membolt/contracts';

/** A memory as the export writes it: the memory and every version of it, oldest first. */
export interface ExportedMemory extends MemoryView {
  readonly history: readonly MemoryVersionView[];
}

export interface ExportedConversation extends ConversationSummaryView {
  readonly messages: readonly ChatMessageView[];
}

export interface ExportedUsage {
  readonly summary: UsageSummaryView;
  readonly ledger: readonly LedgerEntryView[];
}

/**
 * What other services hold of one account, read for its data export. Each reader reports how far it got
 * (`done` of `total`) so the job can show progress; every read is scoped to `userId`.
 */
export interface AccountData {
  memories(
    userId: string,
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<ExportedMemory[]>;
  conversations(
    userId: string,
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<ExportedConversation[]>;
  usage(userId: string): Promise<ExportedUsage>;
}

export const ACCOUNT_DATA = Symbol('ACCOUNT_DATA');
