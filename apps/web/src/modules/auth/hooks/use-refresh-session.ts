import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { VIEWER_QUERY } from '../graphql/queries/viewer.query';

/**
 * Renews an expired session for a request made outside GraphQL (the chat stream, upload progress): any
 * GraphQL call renews it through the Apollo link (and ends a dead one). True when the request may be sent
 * again.
 */
export function useRefreshSession(): () => Promise<boolean> {
  const client = useApolloClient();
  return useCallback(async (): Promise<boolean> => {
    try {
      await client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' });
      return true;
    } catch {
      return false;
    }
  }, [client]);
}
