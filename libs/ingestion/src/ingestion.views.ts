import type { UserDataDeletionView } from '@membolt/contracts';
import type { RemovedUserData } from './ingestion.service.js';

export function toUserDataDeletionView(removed: RemovedUserData): UserDataDeletionView {
  return { service: 'ingestion', removed: { ...removed } };
}
