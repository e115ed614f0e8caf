import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { IngestionSubjects, type UploadState } from '@membolt/contracts';
import type { UploadChangeNotifier } from '../../ports/upload-changes.js';

/** Broadcasts `ingestion.uploads.changed.v1`; every BFF replica relays it to the browsers following it. */
@Injectable()
export class BusUploadChangeNotifier implements UploadChangeNotifier {
  private readonly logger = new Logger('UploadChanges');

  constructor(private readonly bus: BusClient) {}

  async changed(userId: string, uploadId: string, state: UploadState, percent: number): Promise<void> {
    try {
      await this.bus.emit(IngestionSubjects.changed, { userId, uploadId, state, percent }, { userId });
    } catch (error) {
      // The stage is stored; a follower reads it on its next check.
      this.logger.warn(
        `Stage ${state} of upload ${uploadId} not broadcast: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
