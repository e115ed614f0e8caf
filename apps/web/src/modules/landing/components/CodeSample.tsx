import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';

interface CodeSampleProps {
  readonly title: string;
  readonly code: string;
}

/** A read-only code listing; dark in both themes so it reads as a terminal. */
export function CodeSample({ title, code }: CodeSampleProps) {
  return (
    <Paper
      elevation={0}
      sx={{
        bgcolor: '#0f172a',
        color: '#e2e8f0',
        borderRadius: 3,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{ px: 2, py: 1, borderBottom: '1px solid rgba(226, 232, 240, 0.12)', display: 'flex', gap: 1 }}
      >
        <Typography variant="caption" sx={{ color: '#94a3b8', fontFamily: MONOSPACE_FONT_STACK }}>
          {title}
        </Typography>
      </Box>
      <Box
        component="pre"
        data-testid="developer-api-snippet"
        sx={{
          m: 0,
          p: 2,
          overflowX: 'auto',
          fontFamily: MONOSPACE_FONT_STACK,
          fontSize: { xs: 12, sm: 13 },
          lineHeight: 1.6,
        }}
      >
        <code>{code}</code>
      </Box>
    </Paper>
  );
}
