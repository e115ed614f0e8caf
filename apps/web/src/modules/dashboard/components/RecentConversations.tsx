import { useQuery } from '@apollo/client/react';
import ChatIcon from '@mui/icons-material/Chat';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { RECENT_CONVERSATIONS_QUERY } from '../graphql/recent-conversations.query';
import { relativeTime } from '../utils/relative-time.util';

/** Dashboard memory fetch limit (docs/requirements/web-app.md, Limits and constants). */
const RECENT_LIMIT = 10;

function StatCard({
  title,
  value,
  icon,
  testId,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          <Box>
            <Typography variant="body2" color="textSecondary" component="h2">
              {title}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {value}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function useRecentConversations() {
  // On failure the counts fall back to zero and the list is empty (docs/requirements/web-app.md, Dashboard).
  const { data } = useQuery(RECENT_CONVERSATIONS_QUERY, { variables: { limit: RECENT_LIMIT } });
  return {
    total: data?.conversations.totalCount ?? 0,
    conversations: data?.conversations.conversations ?? [],
  };
}

/** The Conversations (total) and Last Active cards. */
export function ConversationStatCards() {
  const { total, conversations } = useRecentConversations();
  return (
    <>
      <StatCard
        title="Conversations"
        value={String(total)}
        icon={<ChatIcon color="primary" fontSize="large" />}
        testId="dashboard-conversations-card"
      />
      <StatCard
        title="Last Active"
        value={relativeTime(conversations[0]?.updatedAt)}
        icon={<ScheduleIcon color="primary" fontSize="large" />}
        testId="dashboard-last-active-card"
      />
    </>
  );
}

/** Recent Conversations: title, relative time, two-line preview, memory-count chip; opens /chat/{id}. */
export function RecentConversations() {
  const { conversations } = useRecentConversations();
  return (
    <Card data-testid="recent-conversations">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Recent Conversations
        </Typography>
        {conversations.length === 0 ? (
          <Box sx={{ py: 2 }}>
            <Typography>No recent conversations</Typography>
            <Typography color="textSecondary">Start a new conversation to see it here</Typography>
          </Box>
        ) : (
          <List>
            {conversations.map((conversation) => (
              <ListItemButton key={conversation.id} component={RouterLink} to={`/chat/${conversation.id}`}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{conversation.title}</span>
                      <Typography variant="caption" color="textSecondary" data-testid="conversation-time">
                        {relativeTime(conversation.updatedAt)}
                      </Typography>
                    </Stack>
                  }
                  secondary={conversation.preview}
                  slotProps={{
                    secondary: {
                      sx: {
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      },
                    },
                  }}
                />
                <Chip
                  label={`${conversation.memoryCount} ${conversation.memoryCount === 1 ? 'memory' : 'memories'}`}
                  size="small"
                  sx={{ ml: 1 }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        <Button component={RouterLink} to="/chat" variant="outlined" sx={{ mt: 1 }}>
          View All Conversations
        </Button>
      </CardContent>
    </Card>
  );
}
