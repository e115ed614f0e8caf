import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';
import { useFlashMessage } from '../../ui/hooks/use-flash-message';
import { COPIED_BANNER_MS, COPIED_MESSAGE } from '../settings.constants';
import { maskApiKey } from '../utils/api-key-display.util';

const COPY_FAILED = 'Could not copy the key. Show it, then select and copy it by hand.';

interface ApiKeyCreatedDialogProps {
  /** The full key; null when the dialog is closed. */
  readonly secret: string | null;
  readonly onDone: () => void;
}

/** The one time the full key is visible: closing the dialog discards it. */
export function ApiKeyCreatedDialog({ secret, onDone }: ApiKeyCreatedDialogProps) {
  const [visible, setVisible] = useState(false);
  const copied = useFlashMessage(COPIED_BANNER_MS);
  const [copyFailed, setCopyFailed] = useState(false);

  const done = () => {
    setVisible(false);
    setCopyFailed(false);
    copied.clear();
    onDone();
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopyFailed(false);
      copied.show(COPIED_MESSAGE);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" aria-labelledby="api-key-created-title">
      <DialogTitle id="api-key-created-title">API Key Created</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            This is the only time the full key will be visible. Copy it now and store it somewhere safe: we
            keep only a fingerprint of it and cannot show it again.
          </Alert>
          {copied.message && (
            <Alert severity="success" data-testid="api-key-copied">
              {copied.message}
            </Alert>
          )}
          {copyFailed && <Alert severity="error">{COPY_FAILED}</Alert>}
          <TextField
            id="created-api-key"
            label="API Key"
            value={secret ? (visible ? secret : maskApiKey(secret)) : ''}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: MONOSPACE_FONT_STACK },
                'data-testid': 'created-api-key-value',
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={visible ? 'Hide API key' : 'Show API key'}>
                      <IconButton
                        aria-label={visible ? 'Hide API key' : 'Show API key'}
                        onClick={() => setVisible((shown) => !shown)}
                      >
                        {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Copy API key">
                      <IconButton aria-label="Copy API key" onClick={() => void copy()} edge="end">
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={done}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
