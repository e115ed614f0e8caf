export * from './create-embedder.js';
export * from './hashed-tfidf.embedder.js';
export * from './provider-call.js';
