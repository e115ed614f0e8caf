import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BusBroadcasts } from '@membolt/bus';
import { IngestionSubjects, UploadChangedEvent } from '@membolt/contracts';

export type UploadChangeListener = (event: UploadChangedEvent) => void;

/**
 * The browsers this BFF replica streams upload progress to, by upload id. Every replica hears each
 * `ingestion.uploads.changed.v1` broadcast and hands it to the listeners of that upload (none: dropped).
 */
@Injectable()
export class UploadFollowers implements OnModuleInit {
  private readonly listeners = new Map<string, Set<UploadChangeListener>>();

  constructor(private readonly broadcasts: BusBroadcasts) {}

  async onModuleInit(): Promise<void> {
    await this.broadcasts.subscribeOrRetry(IngestionSubjects.changed, UploadChangedEvent, (event) => {
      for (const listener of this.listeners.get(event.uploadId) ?? []) listener(event);
    });
  }

  /** Calls `listener` with each change of the upload until the answered function is called. */
  follow(uploadId: string, listener: UploadChangeListener): () => void {
    let set = this.listeners.get(uploadId);
    if (!set) this.listeners.set(uploadId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(uploadId) === set) this.listeners.delete(uploadId);
    };
  }

  /** How many uploads are followed now (for tests and metrics). */
  get followed(): number {
    return this.listeners.size;
  }
}
