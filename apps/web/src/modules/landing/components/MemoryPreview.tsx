import PsychologyIcon from '@mui/icons-material/Psychology';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@membolt/contracts/rules';

const SAMPLE_MEMORIES = ['Vegetarian', 'Short on time on weekdays', 'Loves Italian food'];

function Bubble({ from, text }: { readonly from: 'user' | 'assistant'; readonly text: string }) {
  const isUser = from === 'user';
  return (
    <Box
      sx={{
        alignSelf: isUser ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        px: 2,
        py: 1.25,
        borderRadius: 2.5,
        bgcolor: isUser ? 'primary.main' : 'action.selected',
        color: isUser ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** A static sample conversation showing a reply that draws on remembered facts; decorative only. */
export function MemoryPreview() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4 }} aria-hidden="true">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2.5 }}>
        <PsychologyIcon color="primary" />
        <Typography variant="subtitle2">{PRODUCT_NAME}</Typography>
      </Stack>
      <Stack spacing={1.5}>
        <Bubble from="user" text="Any idea what I could cook tonight?" />
        <Bubble
          from="assistant"
          text="How about a mushroom risotto? It's vegetarian, Italian, and ready in 30 minutes, which suits a weeknight."
        />
      </Stack>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 2.5, mb: 1 }}>
        Memories used
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {SAMPLE_MEMORIES.map((memory) => (
          <Chip key={memory} label={memory} size="small" color="primary" variant="outlined" />
        ))}
      </Stack>
    </Paper>
  );
}
