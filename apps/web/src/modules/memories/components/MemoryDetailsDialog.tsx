import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_MEMORY_SOURCE } from '@membolt/contracts/rules';
import { formatDateTime } from '../../settings/utils/api-key-display.util';
import { MEMORY_CONCEPTS_QUERY, MEMORY_DETAILS_QUERY } from '../graphql/queries/memory-details.query';
import { categoryColor, conceptLabel } from '../utils/graph-data.util';
import { categoryLabel, importancePercent } from '../utils/memory-display.util';
import { ImportanceChip } from './ImportanceChip';

const DETAILS_FAILED = 'Failed to load the memory details. Please try again later.';
const CONCEPTS_FAILED = 'Failed to load the concepts of this memory.';
const EVENT_LABELS = { created: 'Created', updated: 'Updated', closed: 'Closed' } as const;

interface MemoryDetailsDialogProps {
  readonly memoryId: string | null;
  readonly onClose: () => void;
}

/** The memory, every version of it (oldest first) and the concepts extracted from it. */
export function MemoryDetailsDialog({ memoryId, onClose }: MemoryDetailsDialogProps) {
  const details = useQuery(MEMORY_DETAILS_QUERY, {
    variables: { id: memoryId ?? '' },
    skip: memoryId === null,
    fetchPolicy: 'network-only',
  });
  const concepts = useQuery(MEMORY_CONCEPTS_QUERY, {
    variables: { id: memoryId ?? '' },
    skip: memoryId === null,
    fetchPolicy: 'network-only',
  });
  const memory = details.data?.memory;
  const versions = details.data?.memoryHistory.versions ?? [];

  return (
    <Dialog
      open={memoryId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="memory-details-title"
    >
      <DialogTitle id="memory-details-title">Memory Details</DialogTitle>
      <DialogContent dividers>
        {details.loading && !memory && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading memory" />
          </Box>
        )}
        {details.error && !memory && <Alert severity="error">{DETAILS_FAILED}</Alert>}
        {memory && (
          <Stack spacing={2} data-testid="memory-details">
            <Typography
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="memory-details-text"
            >
              {memory.text}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <ImportanceChip importance={memory.importance} />
              <Chip size="small" variant="outlined" label={categoryLabel(memory.category)} />
              <Chip
                size="small"
                variant="outlined"
                label={`Source: ${memory.source || DEFAULT_MEMORY_SOURCE}`}
              />
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {`Created ${formatDateTime(memory.createdAt)} · Updated ${formatDateTime(memory.updatedAt)} · Version ${memory.version}`}
              {memory.conversationTitle && ` · Conversation: ${memory.conversationTitle}`}
              {memory.validTo && ` · Held until ${formatDateTime(memory.validTo)}`}
            </Typography>

            <Divider />
            <Typography variant="subtitle2" component="h3">
              Concepts
            </Typography>
            {concepts.error ? (
              <Alert severity="warning">{CONCEPTS_FAILED}</Alert>
            ) : concepts.data ? (
              concepts.data.memoryConcepts.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  No concepts were found in this memory.
                </Typography>
              ) : (
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                  data-testid="memory-details-concepts"
                >
                  {concepts.data.memoryConcepts.map((concept) => (
                    <Chip
                      key={concept.id}
                      size="small"
                      label={`${conceptLabel(concept.name)} (${concept.kind})`}
                      sx={{ borderLeft: 4, borderColor: categoryColor(concept.category) }}
                    />
                  ))}
                </Stack>
              )
            ) : (
              <CircularProgress size={20} aria-label="Loading concepts" />
            )}

            <Divider />
            <Typography variant="subtitle2" component="h3">
              History
            </Typography>
            <List dense disablePadding data-testid="memory-details-history">
              {versions.map((version) => (
                <ListItem key={version.version} disableGutters data-testid="memory-version">
                  <ListItemText
                    primary={version.text}
                    secondary={`Version ${version.version} · ${EVENT_LABELS[version.event]} · ${formatDateTime(version.recordedAt)} · ${categoryLabel(version.category)} · Importance ${importancePercent(version.importance)}`}
                    slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
