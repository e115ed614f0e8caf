/**
 * The chat service's document summaries, as the ingestion job uses them (over the bus, acting as the
 * upload's owner): the language model's summary, or null when no model is reachable for the user (the job
 * then writes an extractive one).
 */
export interface FileSummaries {
  summarize(
    userId: string,
    fileName: string,
    text: string,
  ): Promise<{ readonly summary: string; readonly model: string } | null>;
}

export const FILE_SUMMARIES = Symbol('FILE_SUMMARIES');
