export * from './membolt-client.js';
export * from './errors.js';
export * from './fallbacks.js';
export type * from './types.js';
/** The whole REST API's request and answer types, generated from its OpenAPI document (`npm run sdk:types`). */
export type { components, operations, paths } from './generated/openapi.js';
export type { ApiSchemas } from './api-schemas.js';
