import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChatMessages } from '@membolt/contracts/rules';
import type { ChipMemory, ScreenMessage, SearchState } from '../chat.types';
import { isClickableAnswerLink } from '../utils/answer-links.util';
import { FileMessage } from './FileMessage';
import { MarkdownText } from './MarkdownText';
import { MessageBubble } from './MessageBubble';

const CHIP_TEXT_LENGTH = 40;
const chipLabel = (text: string) =>
  text.length > CHIP_TEXT_LENGTH ? `${text.slice(0, CHIP_TEXT_LENGTH - 1)}…` : text;

const searchStatusText = (search: SearchState): string => {
  switch (search.status) {
    case 'searching':
      return `Searching the web for: ${search.query}...`;
    case 'processing':
      return 'Processing search results...';
    case 'completed':
      return `Web results for: ${search.query}`;
    case 'error':
      return search.error ?? ChatMessages.searchFailed;
  }
};

function MemoryChips({
  memories,
  onMemoryClick,
}: {
  readonly memories: readonly ChipMemory[];
  readonly onMemoryClick: (memoryId: string) => void;
}) {
  if (memories.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 1 }}
      aria-label="Memories used"
      data-testid="memory-chips"
    >
      {memories.map((memory) => (
        <Chip
          key={memory.id}
          size="small"
          variant="outlined"
          color="primary"
          icon={<PsychologyOutlinedIcon />}
          label={chipLabel(memory.text)}
          title={memory.text}
          onClick={() => onMemoryClick(memory.id)}
          data-testid="memory-chip"
        />
      ))}
    </Stack>
  );
}

function SearchHeader({ search }: { readonly search: SearchState }) {
  const busy = search.status === 'searching' || search.status === 'processing';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }} data-testid="search-status">
      {busy ? <CircularProgress size={14} /> : <TravelExploreIcon fontSize="small" color="action" />}
      <Typography variant="caption" color="textSecondary" data-search-status={search.status}>
        {searchStatusText(search)}
      </Typography>
    </Stack>
  );
}

/** One message: user on the right, assistant and errors on the left, with its time (hours and minutes). */
export function ChatMessageItem({
  message,
  onMemoryClick,
}: {
  readonly message: ScreenMessage;
  readonly onMemoryClick: (memoryId: string) => void;
}) {
  const mine = message.role === 'user';
  const failed = message.role === 'error';
  const thinking = message.streaming && message.content === '' && !message.search;
  return (
    <MessageBubble role={message.role} createdAt={message.createdAt} testId="chat-message">
      {message.search && <SearchHeader search={message.search} />}
      {message.file ? (
        <FileMessage file={message.file} onMemoryClick={onMemoryClick} />
      ) : thinking ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="thinking">
          <CircularProgress size={14} />
          <Typography variant="body2">{ChatMessages.thinking}</Typography>
        </Stack>
      ) : failed ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ErrorOutlineIcon fontSize="small" />
          <Box>
            <Typography variant="body2" data-testid="message-content">
              {message.content}
            </Typography>
            {message.detail && <Typography variant="caption">{message.detail}</Typography>}
          </Box>
        </Stack>
      ) : mine ? (
        <Typography
          variant="body1"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="message-content"
        >
          {message.content}
        </Typography>
      ) : (
        <Box data-testid="message-content">
          <MarkdownText
            text={message.content}
            isLinkClickable={(href) =>
              isClickableAnswerLink(href, {
                origin: window.location.origin,
                memoryTexts: message.memories.map((memory) => memory.text),
                sourceUrls: message.search?.results.map((result) => result.url) ?? [],
              })
            }
          />
        </Box>
      )}
      {message.search && message.search.results.length > 0 && message.search.status === 'completed' && (
        <Stack component="ol" spacing={0.25} sx={{ pl: 2.5, my: 1 }} aria-label="Sources">
          {message.search.results.map((result) => (
            <Typography component="li" variant="caption" key={result.url}>
              <Link href={result.url} target="_blank" rel="noopener noreferrer">
                {result.title}
              </Link>
            </Typography>
          ))}
        </Stack>
      )}
      {!mine && <MemoryChips memories={message.memories} onMemoryClick={onMemoryClick} />}
    </MessageBubble>
  );
}
