import type { components } from './generated/openapi.js';

/** Every named schema of the OpenAPI document, e.g. `ApiSchemas['ChatResponse']`. */
export type ApiSchemas = components['schemas'];
