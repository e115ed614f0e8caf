import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DEFAULT_MEMORY_SOURCE } from '@membolt/contracts/rules';
import type { MemoryFieldsFragment } from '../../../gql/graphql';
import {
  categoryLabel,
  formatMemoryDate,
  scoreFigures,
  type ScoreBreakdown,
} from '../utils/memory-display.util';
import { ImportanceChip } from './ImportanceChip';

export interface SearchExplanation extends ScoreBreakdown {
  readonly reasons: readonly string[];
}

interface MemoryCardProps {
  readonly memory: MemoryFieldsFragment;
  /** Present for search results: why the memory ranked where it did. */
  readonly explanation?: SearchExplanation;
  readonly onView: (memory: MemoryFieldsFragment) => void;
  readonly onEdit: (memory: MemoryFieldsFragment) => void;
  readonly onDelete: (memory: MemoryFieldsFragment) => void;
}

export function MemoryCard({ memory, explanation, onView, onEdit, onDelete }: MemoryCardProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: (memory: MemoryFieldsFragment) => void) => () => {
    setMenuAnchor(null);
    action(memory);
  };
  const menuId = `memory-menu-${memory.id}`;

  return (
    <Card data-testid="memory-card" data-memory-id={memory.id} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <ImportanceChip importance={memory.importance} />
          <Chip
            size="small"
            variant="outlined"
            label={categoryLabel(memory.category)}
            data-testid="memory-category"
          />
          <Box sx={{ flexGrow: 1 }} />
          <IconButton
            size="small"
            aria-label="Memory options"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-haspopup="true"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu
            id={menuId}
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            <MenuItem onClick={choose(onView)}>View Details</MenuItem>
            <MenuItem onClick={choose(onEdit)}>Edit Memory</MenuItem>
            <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
              Delete Memory
            </MenuItem>
          </Menu>
        </Stack>
        <Typography
          variant="body1"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="memory-text"
        >
          {memory.text}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
          <span data-testid="memory-source">{memory.source || DEFAULT_MEMORY_SOURCE}</span>
          {' · '}
          <time dateTime={memory.createdAt}>{formatMemoryDate(memory.createdAt)}</time>
        </Typography>
        {explanation && (
          <Box sx={{ mt: 1.5 }} data-testid="memory-score-breakdown">
            <Typography variant="caption" color="textSecondary" component="p" sx={{ fontWeight: 600 }}>
              Why this result
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {scoreFigures(explanation).map((figure) => (
                <Chip key={figure} size="small" variant="outlined" label={figure} />
              ))}
            </Stack>
            {explanation.reasons.length > 0 && (
              <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
                {explanation.reasons.join('; ')}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
