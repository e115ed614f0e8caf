import { FINISHED_UPLOAD_STATES } from '@membolt/contracts/rules';
import type { UploadFieldsFragment } from '../../../gql/graphql';
import { readServerSentEvents } from '../../ui/utils/sse.util';

/** The BFF's pushed progress of one upload (decision 070), beside /graphql on the same origin. */
const uploadEventsEndpoint = (uploadId: string) => `/events/uploads/${encodeURIComponent(uploadId)}`;

/** Done or failed: nothing more will happen to the upload. */
export const isUploadFinished = (state: string): boolean =>
  (FINISHED_UPLOAD_STATES as readonly string[]).includes(state);

/** The stream could not be opened or stopped before the upload finished; `status` 0 for a cut stream. */
export class UploadEventsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadEventsError';
  }
}

export interface FollowUploadOptions {
  /** Each state the server pushes (the first one at once). */
  readonly onChange: (upload: UploadFieldsFragment) => void;
  readonly signal?: AbortSignal;
  /** Renews the session after a 401; true when the stream may be opened again. */
  readonly refreshSession: () => Promise<boolean>;
  readonly fetchImpl?: typeof fetch;
}

/**
 * Follows an upload's processing as the server pushes it (server-sent events) and resolves with its final
 * state, done or failed. Rejects with UploadEventsError when the stream cannot be opened (the server's
 * message) or ends early; the caller then reads the state itself and may follow again.
 */
export async function followUpload(
  uploadId: string,
  { onChange, signal, refreshSession, fetchImpl = fetch }: FollowUploadOptions,
): Promise<UploadFieldsFragment> {
  const open = () =>
    fetchImpl(uploadEventsEndpoint(uploadId), {
      headers: { accept: 'text/event-stream' },
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  let response = await open();
  if (response.status === 401 && (await refreshSession())) response = await open();
  if (!response.ok || !response.body) {
    let message = `Upload progress failed with status: ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new UploadEventsError(response.status, message);
  }
  for await (const event of readServerSentEvents(response.body)) {
    if (event.event === 'upload') {
      const upload = JSON.parse(event.data) as UploadFieldsFragment;
      onChange(upload);
      if (isUploadFinished(upload.state)) return upload;
    } else if (event.event === 'error') {
      const { message } = JSON.parse(event.data) as { message: string };
      throw new UploadEventsError(0, message);
    }
  }
  throw new UploadEventsError(0, 'The progress stream ended before the upload finished.');
}

export interface FollowUntilFinishedOptions extends FollowUploadOptions {
  /** Reads the state once (GraphQL), when the stream is unavailable or was cut. */
  readonly read: () => Promise<UploadFieldsFragment | null>;
  /** The pause before following again after a cut stream. */
  readonly retryMs: number;
}

/**
 * Follows an upload until it is done or failed: pushed by the server, and when the stream is unavailable
 * or cut (a proxy that closes idle streams, a restarted server), the state is read once and the stream
 * opened again after `retryMs`. Resolves with the final state, or null when the upload is gone (deleted).
 * A refusal of the stream (not signed in, not found) rejects with its message.
 */
export async function followUntilFinished(
  uploadId: string,
  options: FollowUntilFinishedOptions,
): Promise<UploadFieldsFragment | null> {
  for (;;) {
    try {
      return await followUpload(uploadId, options);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const refused = error instanceof UploadEventsError && error.status >= 400 && error.status < 500;
      if (refused && error.status !== 429) {
        if (error.status === 404) return null;
        throw error;
      }
      const current = await options.read();
      if (!current) return null;
      options.onChange(current);
      if (isUploadFinished(current.state)) return current;
      await new Promise((resolve) => setTimeout(resolve, options.retryMs));
    }
  }
}
