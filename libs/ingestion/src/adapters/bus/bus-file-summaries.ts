import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { ChatSubjects, DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH } from '@membolt/contracts';
import type { FileSummaries } from '../../ports/file-summaries.js';

/** A model writes the summary: give it the provider's time, not a plain request's. */
const SUMMARY_TIMEOUT_MS = 120_000;

/** `chat.documents.summarize.v1`: the user's default model over the start of the file's text. */
@Injectable()
export class BusFileSummaries implements FileSummaries {
  constructor(private readonly bus: BusClient) {}

  async summarize(
    userId: string,
    fileName: string,
    text: string,
  ): Promise<{ summary: string; model: string } | null> {
    const view = await this.bus.request(
      ChatSubjects.summarizeDocument,
      { title: fileName, text: text.slice(0, DOCUMENT_SUMMARY_REQUEST_MAX_LENGTH) },
      { userId, timeoutMs: SUMMARY_TIMEOUT_MS },
    );
    return view.summary && view.model ? { summary: view.summary, model: view.model } : null;
  }
}
