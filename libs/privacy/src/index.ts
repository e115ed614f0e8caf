export { type SensitiveFinding } from './pattern-detectors.js';
export {
  detectPatternKinds,
  type PolicyOutcome,
  redactFindings,
  SensitiveDataScanner,
} from './sensitive-data.scanner.js';
export {
  classifyByKeywords,
  KeywordSpecialCategoryClassifier,
  sentenceSpans,
  type SentenceSpan,
  type SpecialCategoryClassifier,
} from './special-categories.js';
