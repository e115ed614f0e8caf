import type {
  MemoryView,
  PortalAuditEntryView,
  PortalAuditListView,
  PortalSettingsView,
} from '@membolt/contracts';
import { type EdgeRequest, headerOf } from '@membolt/edge';
import { sourceOf } from '../memories/memory-erasure.service.js';
import type { PortalAuditEntryResponse, PortalAuditResponse, PortalSettingsResponse } from './portal.dto.js';

/** Where the portal of `token` is served: this server's origin as the developer's backend reached it. */
export function portalUrl(request: EdgeRequest, token: string): string {
  return `${request.protocol}://${headerOf(request, 'host') ?? 'localhost'}/portal/${token}`;
}

export function toPortalSettingsResponse(view: PortalSettingsView): PortalSettingsResponse {
  return {
    display_name: view.displayName,
    logo_url: view.logoUrl,
    color: view.color,
    frame_origins: [...view.frameOrigins],
    updated_at: view.updatedAt,
  };
}

function toPortalAuditEntryResponse(entry: PortalAuditEntryView): PortalAuditEntryResponse {
  return {
    id: entry.id,
    end_user_id: entry.endUserId,
    action: entry.action,
    memory_id: entry.memoryId,
    memory_count: entry.memoryCount,
    at: entry.at,
  };
}

export function toPortalAuditResponse(view: PortalAuditListView): PortalAuditResponse {
  return {
    entries: view.entries.map(toPortalAuditEntryResponse),
    limit: view.limit,
    offset: view.offset,
    total_count: view.totalCount,
  };
}

/** One memory as the end user sees it (and downloads it): the text, where it came from and when. */
export interface PortalMemory {
  readonly id: string;
  readonly text: string;
  readonly category: string | null;
  /** How it was learnt: a chat, a file, written by the app (`memory`, `api`). */
  readonly source: string;
  /** The same in words, for the page: "A conversation: Trip planning", "The file cv.pdf", "Saved by the app". */
  readonly source_description: string;
  readonly conversation_id: string | null;
  readonly file_name: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly version: number;
  readonly metadata: Readonly<Record<string, unknown>>;
}

function describeSource(memory: MemoryView): { description: string; fileName: string | null } {
  const source = sourceOf(memory);
  if (source?.kind === 'chunk' || source?.kind === 'file')
    return { description: `The file ${source.fileName ?? '(unnamed)'}`, fileName: source.fileName };
  switch (memory.source) {
    case 'chat':
      return {
        description: memory.conversationTitle
          ? `A conversation: ${memory.conversationTitle}`
          : 'A conversation',
        fileName: null,
      };
    case 'file':
      return { description: 'An uploaded file', fileName: null };
    case 'memory':
    case 'api':
      return { description: 'Saved by the app', fileName: null };
  }
}

export function toPortalMemory(memory: MemoryView): PortalMemory {
  const { description, fileName } = describeSource(memory);
  return {
    id: memory.id,
    text: memory.text,
    category: memory.category,
    source: memory.source,
    source_description: description,
    conversation_id: memory.conversationId,
    file_name: fileName,
    created_at: memory.createdAt,
    updated_at: memory.updatedAt,
    version: memory.version,
    metadata: memory.metadata,
  };
}
