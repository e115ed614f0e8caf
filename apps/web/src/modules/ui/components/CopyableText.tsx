import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';
import { useFlashMessage } from '../hooks/use-flash-message';

const COPIED_MS = 2_000;

/**
 * Text to copy (a code snippet, an id, a URL) in a monospace block with a copy button. When the clipboard is
 * refused (an insecure origin, a denied permission), it says so: the text stays selectable to copy by hand.
 */
export function CopyableText({
  text,
  label,
  multiline = false,
  testId,
}: {
  readonly text: string;
  /** Names the copy button: "Copy {label}". */
  readonly label: string;
  readonly multiline?: boolean;
  readonly testId?: string;
}) {
  const copied = useFlashMessage(COPIED_MS);
  const [failed, setFailed] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      copied.show('Copied');
    } catch {
      setFailed(true);
    }
  };

  return (
    <Box>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          pl: 2,
          pr: 0.5,
          py: 0.5,
          bgcolor: 'action.hover',
        }}
      >
        <Box
          component={multiline ? 'pre' : 'code'}
          data-testid={testId}
          sx={{
            flex: 1,
            minWidth: 0,
            m: 0,
            py: 1,
            fontFamily: MONOSPACE_FONT_STACK,
            fontSize: 13,
            overflowX: 'auto',
            whiteSpace: multiline ? 'pre' : 'normal',
            overflowWrap: multiline ? undefined : 'anywhere',
          }}
        >
          {text}
        </Box>
        <Tooltip title={copied.message ?? `Copy ${label}`}>
          <IconButton aria-label={`Copy ${label}`} onClick={() => void copy()} size="small">
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Paper>
      {copied.message && (
        <Typography variant="caption" color="success.main" role="status">
          {`${label} copied`}
        </Typography>
      )}
      {failed && (
        <Typography variant="caption" color="error" role="alert">
          Could not copy: select the text and copy it by hand.
        </Typography>
      )}
    </Box>
  );
}
