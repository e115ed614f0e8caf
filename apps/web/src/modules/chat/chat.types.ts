import type { MemoryCategory } from '@membolt/contracts/rules';
import type { MemorySource } from '../../gql/graphql';

/** Roles on the screen: the two of the conversation, and `error` for a failed send (never stored). */
type ScreenRole = 'user' | 'assistant' | 'error';

/** A memory an answer used, shown as a chip (click: the memory's details). */
export interface ChipMemory {
  readonly id: string;
  readonly text: string;
  readonly importance: number;
  readonly category?: MemoryCategory | null;
  readonly source: MemorySource;
}

/** Search Mode's message states (docs/requirements/web-app.md, States). */
type SearchStatus = 'searching' | 'processing' | 'completed' | 'error';

export interface SearchState {
  readonly query: string;
  readonly status: SearchStatus;
  readonly results: ReadonlyArray<{ readonly title: string; readonly url: string }>;
  readonly error: string | null;
}

export interface ScreenMessage {
  readonly id: string;
  readonly role: ScreenRole;
  readonly content: string;
  readonly createdAt: string;
  readonly memories: readonly ChipMemory[];
  /** An answer still arriving: "Thinking..." until its first token. */
  readonly streaming?: boolean;
  /** Error messages: what the server said, under the spec's text. */
  readonly detail?: string | null;
  readonly search?: SearchState;
  /** A file the user uploaded from the chat (docs/requirements/web-app.md: uploading, then uploaded with its summary, or failed). */
  readonly file?: FileMessageState;
}

export interface FileMessageState {
  readonly name: string;
  readonly size: number;
  readonly status: 'uploading' | 'uploaded' | 'failed';
  readonly percent: number;
  /** uploading, queued, extracting, chunking, embedding, summarising. */
  readonly stage: string;
  readonly summary: string | null;
  /** The summary memory. */
  readonly memoryId: string | null;
  /** The whole failure text, ready to show. */
  readonly error: string | null;
}

/** A model of the picker. */
export interface PickerModel {
  readonly id: string;
  readonly label: string;
  readonly available: boolean;
  readonly unavailableReason: string | null;
}

export type ChatMode = 'chat' | 'search';
