export { type SensitiveFinding } from './pattern-detectors.js';
export {
  detectPatternKinds,
  type PolicyOutcome,
  redactFindings,
  type SentenceCategories,
  SensitiveDataScanner,
} from './sensitive-data.scanner.js';
export { parseSpecialCategoryAnswer, SpecialCategoryAnswerError } from './model-special-categories.js';
export {
  SPECIAL_CATEGORY_ANSWER_SCHEMA,
  SPECIAL_CATEGORY_SYSTEM_PROMPT,
  specialCategoryUserPrompt,
} from './prompts.js';
export {
  classifyByKeywords,
  KeywordSpecialCategoryClassifier,
  sentenceSpans,
  type SentenceSpan,
  type SpecialCategoryClassifier,
} from './special-categories.js';
