import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_MEMORY_SOURCE, MemoryMessages } from '@membolt/contracts/rules';
import { Link as RouterLink } from 'react-router';
import { ImportanceChip, type LatestMemories } from '../../memories';

/** Width of the memory side panel (docs/requirements/web-app.md, Limits and constants). */
const MEMORY_PANEL_WIDTH_PX = 300;

/** "Memory Graph": the 5 latest memories with their source and importance, and a way to all of them. */
export function MemoryPanel({
  latest,
  onMemoryClick,
}: {
  readonly latest: LatestMemories;
  readonly onMemoryClick: (memoryId: string) => void;
}) {
  let body;
  if (latest.loading) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label="Loading memories" />
      </Box>
    );
  } else if (latest.failed && latest.memories.length === 0) {
    body = <Alert severity="error">{MemoryMessages.chatPanelLoadFailed}</Alert>;
  } else if (latest.memories.length === 0) {
    body = (
      <Typography variant="body2" color="textSecondary" sx={{ py: 2 }}>
        {MemoryMessages.chatPanelEmpty}
      </Typography>
    );
  } else {
    body = (
      <List dense disablePadding data-testid="memory-panel-list">
        {latest.memories.map((memory) => (
          <ListItemButton
            key={memory.id}
            onClick={() => onMemoryClick(memory.id)}
            sx={{ display: 'block', px: 1, borderRadius: 1 }}
            data-testid="memory-panel-item"
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {memory.text}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Typography variant="caption" color="textSecondary">
                {memory.source ?? DEFAULT_MEMORY_SOURCE}
              </Typography>
              <ImportanceChip importance={memory.importance} />
            </Stack>
          </ListItemButton>
        ))}
      </List>
    );
  }
  return (
    <Box
      component="aside"
      aria-label="Memory Graph"
      sx={{
        width: MEMORY_PANEL_WIDTH_PX,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        p: 2,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid="memory-panel"
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Memory Graph
      </Typography>
      <Box sx={{ flexGrow: 1 }}>{body}</Box>
      <Button component={RouterLink} to="/memories" variant="outlined" size="small" sx={{ mt: 2 }}>
        View All Memories
      </Button>
    </Box>
  );
}
