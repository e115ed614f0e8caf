import { SPECIAL_CATEGORY_KINDS, type SpecialCategoryKind } from '@membolt/contracts';

export class SpecialCategoryAnswerError extends Error {
  constructor(detail: string) {
    super(`The model's special-category answer is not usable: ${detail}`);
    this.name = 'SpecialCategoryAnswerError';
  }
}

const isCategory = (value: unknown): value is SpecialCategoryKind =>
  (SPECIAL_CATEGORY_KINDS as readonly unknown[]).includes(value);

/**
 * Reads the model's classification strictly: one JSON object (alone, or alone inside a ```json fence) whose
 * `sentences` holds exactly one list per sentence asked about, each of known category names. Anything else
 * is an error, so the caller falls back to the offline classifier rather than trust half an answer: a list
 * short by one would shift every category onto the wrong sentence.
 */
export function parseSpecialCategoryAnswer(answer: string, sentenceCount: number): SpecialCategoryKind[][] {
  const trimmed = answer.trim();
  const body = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed)?.[1] ?? trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new SpecialCategoryAnswerError(error instanceof Error ? error.message : String(error));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new SpecialCategoryAnswerError('not a JSON object');
  const lists = (parsed as { sentences?: unknown }).sentences;
  if (!Array.isArray(lists)) throw new SpecialCategoryAnswerError('no "sentences" list');
  if (lists.length !== sentenceCount)
    throw new SpecialCategoryAnswerError(`${lists.length} lists for ${sentenceCount} sentences`);
  return lists.map((list, index) => {
    if (!Array.isArray(list)) throw new SpecialCategoryAnswerError(`entry ${index + 1} is not a list`);
    const unknown = list.find((item) => !isCategory(item));
    if (unknown !== undefined)
      throw new SpecialCategoryAnswerError(`entry ${index + 1} names ${JSON.stringify(unknown)}`);
    return SPECIAL_CATEGORY_KINDS.filter((kind) => list.includes(kind));
  });
}
