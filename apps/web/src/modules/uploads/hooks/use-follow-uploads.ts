import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';
import type { UploadFieldsFragment } from '../../../gql/graphql';
import { useRefreshSession } from '../../auth/hooks/use-refresh-session';
import { UPLOAD_QUERY } from '../graphql/uploads.graphql';
import { followUntilFinished } from '../utils/upload-events';

/** When the pushed progress is cut, the state is read and the stream opened again after this pause. */
const RETRY_MS = 1500;

/** Reads one upload's state (GraphQL, never from the cache): null when it is gone. */
export function useUploadReader(): (uploadId: string) => Promise<UploadFieldsFragment | null> {
  const client = useApolloClient();
  return useCallback(
    async (uploadId: string) => {
      const result = await client.query({
        query: UPLOAD_QUERY,
        variables: { id: uploadId },
        fetchPolicy: 'network-only',
      });
      return result.data?.upload ?? null;
    },
    [client],
  );
}

/**
 * Follows the uploads still in progress, as the server pushes their progress, and calls `onChange` at each
 * change (the caller reloads its list). A stream per upload, closed when the upload finishes, when it leaves
 * the list, or when the screen closes.
 */
export function useFollowUploads(uploadIds: readonly string[], onChange: () => void): void {
  const readUpload = useUploadReader();
  const refreshSession = useRefreshSession();
  const changed = useRef(onChange);
  changed.current = onChange;
  const key = [...uploadIds].sort().join(',');

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    for (const id of key.split(',')) {
      followUntilFinished(id, {
        signal: controller.signal,
        refreshSession,
        retryMs: RETRY_MS,
        read: () => readUpload(id),
        onChange: () => changed.current(),
      })
        .then(() => changed.current())
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [key, readUpload, refreshSession]);
}
