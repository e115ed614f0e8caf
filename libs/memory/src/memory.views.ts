import type { UserDataDeletionView } from '@membolt/contracts';
import type { RemovedUserData } from './memory.service.js';

export function toUserDataDeletionView(removed: RemovedUserData): UserDataDeletionView {
  return { service: 'memory', removed: { ...removed } };
}
