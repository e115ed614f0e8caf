import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';

import { createEmbedder, embedderConfigFields, toEmbedderOptions } from './create-embedder.js';
import { HashedTfidfEmbedder } from './hashed-tfidf.embedder.js';
import { OpenAiEmbedder } from './openai.embedder.js';

const config = (env: Record<string, string>) => z.object(embedderConfigFields).parse(env);

describe('embedder configuration', () => {
  it('defaults to the offline embedder at 1536 numbers', async () => {
    const options = toEmbedderOptions(config({}));
    expect(options).toEqual({ kind: 'offline', dimension: 1536 });
    const embedder = await createEmbedder(options);
    expect(embedder).toBeInstanceOf(HashedTfidfEmbedder);
    expect(embedder.dimension).toBe(1536);
  });

  it('names the missing variable of a provider', () => {
    expect(() => toEmbedderOptions(config({ EMBEDDER: 'openai' }))).toThrow(
      'EMBEDDER_API_KEY is required when EMBEDDER=openai',
    );
    expect(() => toEmbedderOptions(config({ EMBEDDER: 'gemini' }))).toThrow(
      'EMBEDDER_API_KEY is required when EMBEDDER=gemini',
    );
    expect(() => toEmbedderOptions(config({ EMBEDDER: 'openai-compatible', EMBEDDER_MODEL: 'm' }))).toThrow(
      'EMBEDDER_BASE_URL is required when EMBEDDER=openai-compatible',
    );
  });

  it('refuses unknown embedders, bad URLs and dimensions out of range', () => {
    expect(() => config({ EMBEDDER: 'word2vec' })).toThrow();
    expect(() => config({ EMBEDDER_BASE_URL: 'ftp://x' })).toThrow('must be an http(s) URL');
    expect(() => config({ EMBEDDING_DIMENSION: '0' })).toThrow();
    expect(() => config({ EMBEDDING_DIMENSION: '9000' })).toThrow();
  });

  it('builds an OpenAI embedder with the default model and a provider-qualified name', async () => {
    const options = toEmbedderOptions(
      config({ EMBEDDER: 'openai', EMBEDDER_API_KEY: 'sk-x', EMBEDDING_DIMENSION: '768' }),
    );
    expect(options).toMatchObject({ kind: 'openai', model: 'text-embedding-3-small', dimension: 768 });
    const embedder = await createEmbedder(options);
    expect(embedder).toBeInstanceOf(OpenAiEmbedder);
    expect(embedder.model).toBe('openai:text-embedding-3-small');
  });
});
