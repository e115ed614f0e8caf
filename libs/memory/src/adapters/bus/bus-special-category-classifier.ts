import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  CLASSIFY_SENTENCES_MAX,
  ChatSubjects,
  CommonErrorCode,
  MemboltError,
  type SpecialCategoryKind,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { KeywordSpecialCategoryClassifier, type SpecialCategoryClassifier } from '@membolt/privacy';

/** The chat service answers within its own deadline (8 s); this covers the bus on top of it. */
const CLASSIFY_TIMEOUT_MS = 10_000;
/** A batch's text, so that a long document's sentences go in several calls of a size a model reads well. */
const BATCH_CHARS = 24_000;
/** After the chat service did not answer at all, writes skip asking it for this long. */
const UNANSWERED_PAUSE_MS = 30_000;

/** Sentences cut into batches of at most CLASSIFY_SENTENCES_MAX and BATCH_CHARS (a longer sentence alone). */
function batchesOf(sentences: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const sentence of sentences) {
    if (
      current.length > 0 &&
      (current.length >= CLASSIFY_SENTENCES_MAX || chars + sentence.length > BATCH_CHARS)
    ) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(sentence);
    chars += sentence.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * The special categories by the account's language model, reached through the chat service (which resolves
 * the user's own key, then the operator's, as for a chat turn), and by the offline vocabulary when it cannot
 * say: no model reachable, background model use off, the provider failing or slow, an answer out of format,
 * or no chat service answering. Each fallback is logged with its reason (decision 168); the write goes on.
 */
@Injectable()
export class BusSpecialCategoryClassifier implements SpecialCategoryClassifier {
  private readonly logger = new Logger(BusSpecialCategoryClassifier.name);
  private readonly offline = new KeywordSpecialCategoryClassifier();
  private skipUntilMs = 0;

  constructor(
    private readonly bus: BusClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async classify(sentences: readonly string[], userId: string): Promise<SpecialCategoryKind[][]> {
    const answers: SpecialCategoryKind[][] = [];
    for (const batch of batchesOf(sentences)) answers.push(...(await this.classifyBatch(batch, userId)));
    return answers;
  }

  private async classifyBatch(sentences: string[], userId: string): Promise<SpecialCategoryKind[][]> {
    if (this.clock.nowMs() < this.skipUntilMs) return this.offline.classify(sentences);
    try {
      const answer = await this.bus.request(
        ChatSubjects.classifySpecialCategories,
        { sentences },
        { userId, timeoutMs: CLASSIFY_TIMEOUT_MS },
      );
      if (answer.categories) return answer.categories;
      this.logger.log(
        `Special categories of ${sentences.length} sentence(s) classified offline: ${answer.unavailable}`,
      );
    } catch (error) {
      // The write goes on whatever went wrong; only a chat service that did not answer is left alone a while.
      const unanswered =
        !(error instanceof MemboltError) ||
        error.code === CommonErrorCode.ServiceUnavailable ||
        error.code === CommonErrorCode.InternalError;
      if (unanswered) this.skipUntilMs = this.clock.nowMs() + UNANSWERED_PAUSE_MS;
      this.logger.warn(
        `The chat service did not classify special categories (${error instanceof Error ? error.message : String(error)}); classifying offline${unanswered ? ` for ${UNANSWERED_PAUSE_MS / 1000} s` : ''}`,
      );
    }
    return this.offline.classify(sentences);
  }
}
