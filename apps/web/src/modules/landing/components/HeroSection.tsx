import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { LANDING_SECTION_ID } from '../landing-sections';
import { scrollToSection } from '../utils/scroll-to-section.util';
import { MemoryPreview } from './MemoryPreview';

const LANDING_HEADLINE = 'AI with a Memory That Persists';

export function HeroSection() {
  return (
    <Box
      component="section"
      id={LANDING_SECTION_ID.top}
      aria-labelledby="hero-heading"
      sx={(theme) => ({
        py: { xs: 7, md: 12 },
        background: `radial-gradient(circle at 15% 20%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 55%),
          radial-gradient(circle at 85% 70%, ${alpha(theme.palette.secondary.main, 0.14)}, transparent 50%)`,
      })}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography
              id="hero-heading"
              variant="h1"
              sx={{ fontSize: { xs: '2.5rem', sm: '3.25rem', md: '4rem' }, lineHeight: 1.1, mb: 3 }}
            >
              {LANDING_HEADLINE}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              color="textSecondary"
              sx={{ fontWeight: 400, fontSize: { xs: '1.15rem', md: '1.5rem' }, mb: 4, maxWidth: 560 }}
            >
              {PRODUCT_NAME} remembers what matters from your conversations and files, so every answer builds
              on what it already knows about you.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={RouterLink}
                to="/register"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardIcon />}
              >
                Get Started Free
              </Button>
              <Button
                variant="outlined"
                size="large"
                href={`#${LANDING_SECTION_ID.features}`}
                onClick={(event) => {
                  event.preventDefault();
                  scrollToSection(LANDING_SECTION_ID.features);
                }}
              >
                Learn More
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <MemoryPreview />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
