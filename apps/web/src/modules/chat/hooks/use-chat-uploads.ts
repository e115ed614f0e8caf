import { UploadMessages } from '@membolt/contracts/rules';
import { type DragEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useFileUpload } from '../../uploads/hooks/use-file-upload';
import type { ScreenMessage } from '../chat.types';
import { screenMessage } from '../utils/chat-screen.util';

export interface ChatUploads {
  /** Uploads the file as a message of the thread (nothing while the screen is busy). */
  readonly uploadFile: (file: File) => Promise<void>;
  /** A file is dragged over the thread. */
  readonly dragging: boolean;
  /** The thread's drop zone: a file dropped on it is uploaded. */
  readonly dropZone: {
    readonly onDragOver: (event: DragEvent<HTMLElement>) => void;
    readonly onDragLeave: (event: DragEvent<HTMLElement>) => void;
    readonly onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/**
 * Files uploaded from the Chat screen (the attach button or a drop on the thread): each becomes a file
 * message that follows its upload, progress then the summary (or the failure). The screen is busy while
 * a file uploads; `onUploaded` runs when the upload ends, whatever its outcome.
 */
export function useChatUploads({
  busy,
  setBusy,
  setMessages,
  setBanner,
  onUploaded,
}: {
  readonly busy: boolean;
  readonly setBusy: (busy: boolean) => void;
  readonly setMessages: Dispatch<SetStateAction<readonly ScreenMessage[]>>;
  readonly setBanner: (banner: string | null) => void;
  readonly onUploaded: () => void;
}): ChatUploads {
  const fileUpload = useFileUpload();
  const fileMessageId = useRef<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // The file message follows its upload: progress, then the summary (or the failure).
  useEffect(() => {
    const id = fileMessageId.current;
    const state = fileUpload.state;
    if (!id || state.phase === 'idle') return;
    // The banner under the messages says it too, as for a failed message or search (docs/requirements/web-app.md, Error texts).
    if (state.phase === 'failed') setBanner(UploadMessages.failedGeneric);
    setMessages((current) =>
      current.map((message) => {
        if (message.id !== id || !message.file) return message;
        const file = message.file;
        switch (state.phase) {
          case 'uploading':
            return { ...message, file: { ...file, percent: state.percent, stage: state.stage } };
          case 'uploaded':
            return {
              ...message,
              file: {
                ...file,
                status: 'uploaded',
                percent: 100,
                summary: state.upload.summary ?? null,
                memoryId: state.upload.summaryMemoryId ?? null,
              },
            };
          case 'failed':
            return {
              ...message,
              file: {
                ...file,
                status: 'failed',
                error:
                  state.message === UploadMessages.failedGeneric
                    ? UploadMessages.failedGeneric
                    : UploadMessages.failedToUpload(file.name, state.message),
              },
            };
        }
      }),
    );
  }, [fileUpload.state]);

  const uploadFile = async (file: File) => {
    if (busy) return;
    const message: ScreenMessage = {
      ...screenMessage('user', file.name),
      file: {
        name: file.name,
        size: file.size,
        status: 'uploading',
        percent: 0,
        stage: 'uploading',
        summary: null,
        memoryId: null,
        error: null,
      },
    };
    fileMessageId.current = message.id;
    setMessages((current) => [...current, message]);
    setBanner(null);
    setBusy(true);
    try {
      await fileUpload.upload(file);
    } finally {
      setBusy(false);
      onUploaded();
    }
  };

  const dropZone = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes('Files') || busy) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) void uploadFile(file);
    },
  };

  return { uploadFile, dragging, dropZone };
}
