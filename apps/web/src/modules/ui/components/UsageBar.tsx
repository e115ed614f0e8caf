import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type UsageBarColor = 'primary' | 'warning' | 'error';

interface UsageBarProps {
  readonly label: string;
  /** What is shown beside the label, e.g. "3 / 200". */
  readonly value: string;
  /** 0 to 100. */
  readonly percent: number;
  readonly color: UsageBarColor;
  /** The track's test id; the coloured part is `${testId}-fill`. */
  readonly testId: string;
  readonly valueTestId: string;
  readonly labelId: string;
}

/**
 * A usage bar on a neutral track: only the used part carries the colour, so an empty bar reads as empty
 * (MUI's LinearProgress tints its whole track with the colour, which made 0 of 200 look full).
 */
export function UsageBar({ label, value, percent, color, testId, valueTestId, labelId }: UsageBarProps) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" id={labelId}>
          {label}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid={valueTestId}>
          {value}
        </Typography>
      </Stack>
      <Box
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown * 10) / 10}
        data-testid={testId}
        data-color={color}
        sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box
          data-testid={`${testId}-fill`}
          sx={{ width: `${shown}%`, height: '100%', bgcolor: `${color}.main`, transition: 'width 0.3s' }}
        />
      </Box>
    </Box>
  );
}
