import SendIcon from '@mui/icons-material/Send';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { CHAT_MESSAGE_MAX_LENGTH, ChatMessages, WEB_SEARCH_QUERY_MAX_LENGTH } from '@membolt/contracts/rules';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ChatMode } from '../chat.types';

/** Input rows before the field scrolls (docs/requirements/web-app.md, Limits and constants). */
const CHAT_INPUT_MAX_ROWS = 4;
const CHAT_PLACEHOLDER = 'Type your message...';

interface ChatInputProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onSend: () => void;
  readonly mode: ChatMode;
  readonly onModeChange: (mode: ChatMode) => void;
  /** A message, search or upload is running: nothing can be sent. */
  readonly busy: boolean;
  /** The seam for the upload button of file ingestion (rendered before the field). */
  readonly attachment?: ReactNode;
}

/**
 * The multiline input: Enter sends, Shift+Enter adds a line, at most 4 rows; an empty or blank message (or
 * search) cannot be sent. Chat Mode sends to the model; Search Mode searches the web.
 */
export function ChatInput({ value, onChange, onSend, mode, onModeChange, busy, attachment }: ChatInputProps) {
  const blank = value.trim() === '';
  const search = mode === 'search';
  const sendLabel = search ? 'Search' : 'Send message';

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!blank && !busy) onSend();
  };

  return (
    <Stack spacing={1} sx={{ px: { xs: 1, sm: 2 }, pb: 1.5 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        onChange={(_event, next: ChatMode | null) => next && onModeChange(next)}
        aria-label="Mode"
      >
        <ToggleButton value="chat">Chat Mode</ToggleButton>
        <ToggleButton value="search">Search Mode</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        {attachment}
        <TextField
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={search ? ChatMessages.searchPlaceholder : CHAT_PLACEHOLDER}
          multiline
          maxRows={CHAT_INPUT_MAX_ROWS}
          fullWidth
          disabled={busy}
          slotProps={{
            htmlInput: {
              'aria-label': search ? 'Search query' : 'Message',
              maxLength: search ? WEB_SEARCH_QUERY_MAX_LENGTH : CHAT_MESSAGE_MAX_LENGTH,
            },
          }}
        />
        <Tooltip title={sendLabel}>
          <Box component="span">
            <IconButton
              color="primary"
              aria-label={sendLabel}
              onClick={onSend}
              disabled={blank || busy}
              sx={{ mb: 0.5 }}
            >
              {search ? <TravelExploreIcon /> : <SendIcon />}
            </IconButton>
          </Box>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
