import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ConversationSummaryFieldsFragment } from '../../../gql/graphql';

const CONVERSATION_LIST_WIDTH_PX = 230;

/** The user's stored conversations, to switch threads, and a way to start a new one. */
export function ConversationList({
  conversations,
  activeId,
  onSelect,
  onNew,
  busy,
}: {
  readonly conversations: readonly ConversationSummaryFieldsFragment[];
  readonly activeId: string | null;
  readonly onSelect: (conversationId: string) => void;
  readonly onNew: () => void;
  readonly busy: boolean;
}) {
  return (
    <Box
      component="nav"
      aria-label="Conversations"
      sx={{
        width: CONVERSATION_LIST_WIDTH_PX,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        display: { xs: 'none', lg: 'flex' },
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Box sx={{ p: 1.5 }}>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<AddCommentOutlinedIcon />}
          onClick={onNew}
          disabled={busy}
        >
          New Conversation
        </Button>
      </Box>
      <List dense sx={{ overflowY: 'auto', flexGrow: 1, px: 0.5 }} data-testid="conversation-list">
        {conversations.length === 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ px: 1.5, py: 1 }}>
            No conversations yet.
          </Typography>
        )}
        {conversations.map((conversation) => (
          <ListItemButton
            key={conversation.id}
            selected={conversation.id === activeId}
            onClick={() => onSelect(conversation.id)}
            disabled={busy}
            sx={{ borderRadius: 1 }}
            data-testid="conversation-item"
          >
            <ListItemText
              primary={conversation.title}
              secondary={conversation.preview}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
