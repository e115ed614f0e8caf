import type { ApolloServerPlugin } from '@apollo/server';

/** Apollo answers these with HTTP 200; they are client mistakes, so they get a 4xx like other refusals. */
const CLIENT_ERROR_CODES = new Set(['PERSISTED_QUERY_NOT_SUPPORTED', 'PERSISTED_QUERY_NOT_FOUND']);

/**
 * The `Cache-Control` values Apollo's cache-control plugin could parse, and so replaced with the answer's
 * policy (as it did an absent or empty one); a value it could not parse it left alone.
 */
const PARSABLE_CACHE_CONTROL = /^(?:no-store|max-age=\d+, (?:public|private))$/;

/**
 * What the edge adds to every GraphQL answer: `Cache-Control: no-store`, and a 4xx for Apollo's client errors.
 *
 * The header is what Apollo's cache-control plugin set on every answer of this schema: it has no cache hints,
 * so with the default max-age of 0 every answer is uncacheable. That plugin is off (its per-field hook ran for
 * every field of every answer, to compute the same policy each time); this sets its header.
 */
export const graphqlEdgePlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const cacheControl = response.http.headers.get('cache-control');
        if (!cacheControl || PARSABLE_CACHE_CONTROL.test(cacheControl))
          response.http.headers.set('cache-control', 'no-store');
        if (response.body.kind !== 'single') return;
        const codes = response.body.singleResult.errors?.map((error) => error.extensions?.['code']);
        if (!response.body.singleResult.data && codes?.some((code) => CLIENT_ERROR_CODES.has(String(code))))
          response.http.status = 400;
      },
    };
  },
};
