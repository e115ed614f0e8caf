import type { UploadView, UserDataDeletionView } from '@membolt/contracts';
import type { UploadRecord } from './ports/ingestion-store.js';
import type { RemovedUserData } from './ingestion.service.js';

export function toUserDataDeletionView(removed: RemovedUserData): UserDataDeletionView {
  return { service: 'ingestion', removed: { ...removed } };
}

export function toUploadView(r: UploadRecord): UploadView {
  return {
    id: r.id,
    fileName: r.fileName,
    fileType: r.fileType,
    kind: r.kind,
    size: r.size,
    state: r.state,
    percent: Math.round(r.percent),
    pages: r.pages,
    chunks: r.chunks,
    summary: r.summary,
    summaryMemoryId: r.summaryMemoryId,
    error: r.error,
    endUserId: r.endUserId,
    agentId: r.agentId,
    runId: r.runId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
