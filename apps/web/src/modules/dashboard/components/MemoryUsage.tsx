import PsychologyIcon from '@mui/icons-material/Psychology';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MemoryScreenLimits } from '@membolt/contracts/rules';
import { useMemoryStats } from '../../memories';
import { storageBarColor, usagePercent } from '../../memories/utils/memory-display.util';
import { UsageBar } from '../../ui/components/UsageBar';

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
  return (
    <UsageBar
      label="Memory Storage"
      value={`${memoryCount} / ${max}`}
      percent={percent}
      color={storageBarColor(percent)}
      testId="memory-storage-bar"
      valueTestId="memory-storage-usage"
      labelId="memory-storage-label"
    />
  );
}
