import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ElementType, ReactNode } from 'react';
import { formatMessageTime } from '../utils/message-time.util';

/**
 * A message's bubble, as the chat screen and a shared conversation both show it: the user's on the right in
 * the primary colour, the assistant's and errors on the left, its time (hours and minutes) at the foot.
 */
export function MessageBubble({
  role,
  createdAt,
  testId,
  component = 'div',
  children,
}: {
  readonly role: string;
  readonly createdAt: string;
  readonly testId: string;
  readonly component?: ElementType;
  readonly children: ReactNode;
}) {
  const mine = role === 'user';
  const failed = role === 'error';
  return (
    <Box
      component={component}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
      data-testid={testId}
      data-role={role}
    >
      <Paper
        variant={mine ? 'elevation' : 'outlined'}
        elevation={0}
        sx={{
          px: 2,
          py: 1.25,
          maxWidth: { xs: '92%', md: '78%' },
          bgcolor: mine ? 'primary.main' : failed ? 'error.light' : 'background.paper',
          color: mine ? 'primary.contrastText' : failed ? 'error.contrastText' : 'text.primary',
          borderRadius: 2,
        }}
      >
        {children}
        <Typography
          variant="caption"
          component="p"
          sx={{ mt: 0.5, opacity: 0.75, textAlign: mine ? 'right' : 'left' }}
          data-testid="message-time"
        >
          {formatMessageTime(createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
}
