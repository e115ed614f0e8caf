import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import memoryLatticeUrl from '../assets/memory-lattice.svg';

const SIGN_IN_TAGLINE = 'AI with a memory that persists';

const HIGHLIGHTS = [
  'Remembers what matters from every conversation',
  'Learns from the files you upload',
  'Your memories stay private and isolated',
] as const;

/** The branded left half of the sign-in screen; the image ships with the app (the CSP allows no other). */
export function AuthMarketingPanel() {
  return (
    <Box
      data-testid="auth-marketing-panel"
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 480,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        p: { sm: 4, md: 8 },
        color: '#fff',
        backgroundColor: '#1e1b4b',
        backgroundImage: `linear-gradient(180deg, rgba(15, 12, 41, 0.05) 30%, rgba(15, 12, 41, 0.75) 100%), url(${memoryLatticeUrl})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <BoltIcon sx={{ fontSize: 36, color: '#5eead4' }} />
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
          {PRODUCT_NAME}
        </Typography>
      </Stack>
      <Typography
        variant="h2"
        component="p"
        sx={{ fontSize: { sm: '2.25rem', md: '3rem' }, lineHeight: 1.15, mb: 3, maxWidth: 560 }}
      >
        {SIGN_IN_TAGLINE}
      </Typography>
      <Stack spacing={1.25}>
        {HIGHLIGHTS.map((highlight) => (
          <Stack key={highlight} direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <CheckCircleOutlineIcon fontSize="small" sx={{ color: '#5eead4' }} />
            <Typography variant="body1" sx={{ opacity: 0.92 }}>
              {highlight}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
