import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { UPLOAD_ACCEPTED_EXTENSIONS } from '@membolt/contracts/rules';
import { useRef } from 'react';

/** The input's "Upload a file" button: it picks one file of an accepted type. */
export function ChatAttachButton({
  busy,
  onFile,
}: {
  readonly busy: boolean;
  readonly onFile: (file: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={UPLOAD_ACCEPTED_EXTENSIONS.join(',')}
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Tooltip title="Upload a file">
        <span>
          <IconButton aria-label="Upload a file" disabled={busy} onClick={() => fileInput.current?.click()}>
            <AttachFileIcon />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
