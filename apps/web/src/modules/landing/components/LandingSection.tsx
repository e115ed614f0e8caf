import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TOP_BAR_OFFSET_PX } from '../../../app/theme/theme';
import type { LandingSectionId } from '../landing-sections';

interface LandingSectionProps {
  readonly id: LandingSectionId;
  readonly title: string;
  readonly subtitle: string;
  readonly tinted?: boolean;
  readonly children: ReactNode;
}

/** A titled band of the landing page that in-page links can scroll to without hiding under the top bar. */
export function LandingSection({ id, title, subtitle, tinted = false, children }: LandingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        scrollMarginTop: `${TOP_BAR_OFFSET_PX}px`,
        py: { xs: 7, md: 10 },
        bgcolor: tinted ? 'action.hover' : 'transparent',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography
            id={headingId}
            variant="h2"
            component="h2"
            sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 1.5 }}
          >
            {title}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color="textSecondary"
            sx={{ fontWeight: 400, fontSize: { xs: '1.05rem', md: '1.25rem' } }}
          >
            {subtitle}
          </Typography>
        </Box>
        {children}
      </Container>
    </Box>
  );
}
