import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { ChatSubjects } from '@membolt/contracts';
import type { FileFacts, FileFactsOutcome, FileTextPiece } from '../../ports/file-facts.js';

/** Each fact is reconciled with a search and a write: a long piece of text takes more than a plain request. */
const LEARN_TIMEOUT_MS = 60_000;

/** `chat.learn-facts-from-file.v1`: the chat service's rules over a piece of the file. */
@Injectable()
export class BusFileFacts implements FileFacts {
  constructor(private readonly bus: BusClient) {}

  async learn(userId: string, piece: FileTextPiece): Promise<FileFactsOutcome> {
    const { added, updated, skipped, closed } = await this.bus.request(
      ChatSubjects.learnFactsFromFile,
      {
        ...piece.scope,
        text: piece.text,
        uploadId: piece.uploadId,
        fileName: piece.fileName,
        chunkIndex: piece.chunkIndex,
      },
      { userId, timeoutMs: LEARN_TIMEOUT_MS },
    );
    return { added, updated, skipped, closed };
  }
}
