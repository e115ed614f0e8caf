import type { ApolloServerPlugin } from '@apollo/server';

/** Apollo answers these with HTTP 200; they are client mistakes, so they get a 4xx like other refusals. */
const CLIENT_ERROR_CODES = new Set(['PERSISTED_QUERY_NOT_SUPPORTED', 'PERSISTED_QUERY_NOT_FOUND']);

export const graphqlEdgePlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const codes = response.body.singleResult.errors?.map((error) => error.extensions?.['code']);
        if (!response.body.singleResult.data && codes?.some((code) => CLIENT_ERROR_CODES.has(String(code))))
          response.http.status = 400;
      },
    };
  },
};
