import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useRecentConversations } from '../../chat';
import { formatRelativeTime } from '../../ui/utils/relative-time.util';

/** The Conversations card: how many conversations the user has (0 when loading fails). */
export function ConversationsStatCard() {
  const { totalCount } = useRecentConversations();
  return (
    <Card data-testid="dashboard-conversations-card">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ChatIcon color="primary" fontSize="large" />
          <Box>
            <Typography variant="body2" color="textSecondary" component="h2">
              Conversations
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid="dashboard-conversation-count"
            >
              {totalCount}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Recent Conversations: title, relative time, a two-line preview and the memories used; each opens the thread. */
export function RecentConversations() {
  const { conversations } = useRecentConversations();
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Recent Conversations
        </Typography>
        {conversations.length === 0 ? (
          <Box sx={{ py: 2 }} data-testid="recent-conversations-empty">
            <Typography>No recent conversations</Typography>
            <Typography variant="body2" color="textSecondary">
              Start a new conversation to see it here
            </Typography>
          </Box>
        ) : (
          <List disablePadding data-testid="recent-conversations">
            {conversations.map((conversation) => (
              <ListItemButton
                key={conversation.id}
                component={RouterLink}
                to={`/chat/${conversation.id}`}
                sx={{ display: 'block', borderRadius: 1, px: 1 }}
                data-testid="recent-conversation"
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}
                >
                  <Typography variant="subtitle2" noWrap sx={{ minWidth: 0 }}>
                    {conversation.title}
                  </Typography>
                  <Typography variant="caption" color="textSecondary" sx={{ flexShrink: 0 }}>
                    {formatRelativeTime(conversation.updatedAt)}
                  </Typography>
                </Stack>
                <Typography
                  variant="body2"
                  color="textSecondary"
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {conversation.preview}
                </Typography>
                <Chip
                  size="small"
                  label={`${conversation.memoryCount} ${conversation.memoryCount === 1 ? 'memory' : 'memories'}`}
                  sx={{ mt: 0.5 }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        <Button component={RouterLink} to="/chat" variant="outlined" sx={{ mt: 2 }}>
          View All Conversations
        </Button>
      </CardContent>
    </Card>
  );
}
