export * from './concepts.js';
export * from './fit-dimension.js';
export * from './keyword-index.js';
export * from './query-analysis.js';
export * from './rank.js';
export * from './text-tokens.js';
export * from './relevance.js';
