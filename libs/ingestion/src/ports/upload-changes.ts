import type { UploadState } from '@membolt/contracts';

/**
 * Tells whoever follows an upload (the web app, through the BFF) that it moved to another stage. Best
 * effort: the stage is stored first, and a follower that missed a notice reads the stored state again.
 */
export interface UploadChangeNotifier {
  changed(userId: string, uploadId: string, state: UploadState, percent: number): Promise<void>;
}

export const UPLOAD_CHANGES = Symbol('UPLOAD_CHANGES');
