import PsychologyIcon from '@mui/icons-material/Psychology';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MemoryScreenLimits } from '@membolt/contracts/rules';
import { useMemoryStats } from '../../memories';
import { storageBarColor, usagePercent } from '../../memories/utils/memory-display.util';

/** The Memories card: total memories stored (0 when loading fails, as the spec's fallback says). */
export function MemoriesStatCard() {
  const { memoryCount } = useMemoryStats();
  return (
    <Card data-testid="dashboard-memories-card">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <PsychologyIcon color="primary" fontSize="large" />
          <Box>
            <Typography variant="body2" color="textSecondary" component="h2">
              Memories
            </Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid="dashboard-memory-count"
            >
              {memoryCount}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Memory storage used out of the displayed 200; primary up to 70 percent, warning above, error above 90. */
export function MemoryStorageBar() {
  const { memoryCount } = useMemoryStats();
  const max = MemoryScreenLimits.storageDisplayMax;
  const percent = usagePercent(memoryCount, max);
  const color = storageBarColor(percent);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" id="memory-storage-label">
          Memory Storage
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="memory-storage-usage">
          {`${memoryCount} / ${max}`}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-labelledby="memory-storage-label"
        data-testid="memory-storage-bar"
        data-color={color}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
