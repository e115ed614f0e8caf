import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { UPLOAD_PART_BYTES, UploadMessages } from '@membolt/contracts/rules';
import type { UploadFieldsFragment } from '../../../gql/graphql';
import { useRefreshSession } from '../../auth/hooks/use-refresh-session';
import {
  BEGIN_UPLOAD_MUTATION,
  COMPLETE_UPLOAD_MUTATION,
  UPLOAD_PART_MUTATION,
} from '../graphql/uploads.graphql';
import { followUntilFinished, isUploadFinished } from '../utils/upload-events';
import { useUploadReader } from './use-follow-uploads';

export type FileUploadState =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'uploading';
      readonly fileName: string;
      readonly percent: number;
      readonly stage: string;
    }
  | { readonly phase: 'uploaded'; readonly upload: UploadFieldsFragment }
  | { readonly phase: 'failed'; readonly fileName: string; readonly message: string };

/** When the pushed progress is cut, the state is read and the stream opened again after this pause. */
const RETRY_MS = 1000;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UploadMessages.failedGeneric;
}

/**
 * Sends a file to the server in parts (so no request is larger than any other), then follows its
 * processing (extracting, chunking, embedding, summarising), pushed by the server, until it is done or
 * failed. The chat's upload button and the Files tab share it.
 */
export function useFileUpload(onFinished?: (upload: UploadFieldsFragment) => void) {
  const client = useApolloClient();
  const refreshSession = useRefreshSession();
  const readUpload = useUploadReader();
  const [state, setState] = useState<FileUploadState>({ phase: 'idle' });

  const upload = useCallback(
    async (file: File): Promise<void> => {
      const fail = (message: string) => setState({ phase: 'failed', fileName: file.name, message });
      try {
        setState({ phase: 'uploading', fileName: file.name, percent: 0, stage: 'uploading' });
        const bytes = new Uint8Array(await file.arrayBuffer());
        const begun = await client.mutate({
          mutation: BEGIN_UPLOAD_MUTATION,
          variables: { input: { fileName: file.name, fileSize: bytes.length, fileType: file.type || null } },
        });
        const id = begun.data?.beginUpload.id ?? null;
        if (!id) return fail(UploadMessages.failedGeneric);
        const parts = Math.max(1, Math.ceil(bytes.length / UPLOAD_PART_BYTES));
        for (let index = 0; index < parts; index++) {
          const data = base64Of(bytes.subarray(index * UPLOAD_PART_BYTES, (index + 1) * UPLOAD_PART_BYTES));
          await client.mutate({ mutation: UPLOAD_PART_MUTATION, variables: { uploadId: id, index, data } });
          setState({
            phase: 'uploading',
            fileName: file.name,
            percent: Math.round(((index + 1) / parts) * 30),
            stage: 'uploading',
          });
        }
        await client.mutate({ mutation: COMPLETE_UPLOAD_MUTATION, variables: { uploadId: id } });
        const final = await followUntilFinished(id, {
          refreshSession,
          retryMs: RETRY_MS,
          read: () => readUpload(id),
          onChange: (current) => {
            if (isUploadFinished(current.state)) return;
            setState({
              phase: 'uploading',
              fileName: file.name,
              percent: 30 + Math.round(current.percent * 0.7),
              stage: current.state,
            });
          },
        });
        if (!final) return fail(UploadMessages.failedGeneric);
        if (final.state === 'failed') return fail(final.error ?? UploadMessages.failedGeneric);
        setState({ phase: 'uploaded', upload: final });
        onFinished?.(final);
      } catch (error) {
        fail(messageOf(error));
      }
    },
    [client, onFinished, readUpload, refreshSession],
  );

  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}
