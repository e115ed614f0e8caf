import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import type { ScreenMessage } from '../chat.types';
import { ChatMessageItem } from './ChatMessageItem';

/** The thread, scrolled to the newest message as messages and streamed text arrive. */
export function MessageList({
  messages,
  onMemoryClick,
}: {
  readonly messages: readonly ScreenMessage[];
  readonly onMemoryClick: (memoryId: string) => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.content]);
  return (
    <Box
      sx={{ flexGrow: 1, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 2 }}
      role="log"
      aria-label="Messages"
      aria-live="polite"
    >
      <Stack spacing={1.5}>
        {messages.map((message) => (
          <ChatMessageItem key={message.id} message={message} onMemoryClick={onMemoryClick} />
        ))}
      </Stack>
      <div ref={end} />
    </Box>
  );
}
