import CodeIcon from '@mui/icons-material/Code';
import ForumIcon from '@mui/icons-material/Forum';
import HubIcon from '@mui/icons-material/Hub';
import LockIcon from '@mui/icons-material/Lock';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SpeedIcon from '@mui/icons-material/Speed';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { LANDING_SECTION_ID } from '../landing-sections';
import { LandingSection } from './LandingSection';

interface Feature {
  readonly icon: ReactElement;
  readonly title: string;
  readonly description: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: <PsychologyIcon />,
    title: 'Persistent Memory',
    description: 'Remembers facts, preferences and context from every conversation, across sessions.',
  },
  {
    icon: <ForumIcon />,
    title: 'Contextual Understanding',
    description: 'Draws on what it already knows about you to give relevant, personal answers.',
  },
  {
    icon: <HubIcon />,
    title: 'Memory Lattice',
    description:
      'Links memories by meaning with vector embeddings, so the right ones surface at the right time.',
  },
  {
    icon: <LockIcon />,
    title: 'Secure & Isolated Data',
    description: "Each user's memories are kept apart and reachable only by that user and their own keys.",
  },
  {
    icon: <SpeedIcon />,
    title: 'High Performance',
    description: 'Fast semantic search keeps replies quick as your memory grows.',
  },
  {
    icon: <CodeIcon />,
    title: 'Developer API',
    description: 'Add persistent memory to your own apps with a simple REST API and your own model keys.',
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id={LANDING_SECTION_ID.features}
      title="Key Features"
      subtitle="Everything an assistant needs to actually remember you."
      tinted
    >
      <Grid container spacing={3}>
        {FEATURES.map((feature) => (
          <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ height: '100%' }} data-testid="feature-card">
              <CardContent sx={{ p: 3 }}>
                <Avatar
                  variant="rounded"
                  sx={(theme) => ({
                    mb: 2,
                    width: 48,
                    height: 48,
                    color: 'primary.main',
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                  })}
                >
                  {feature.icon}
                </Avatar>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {feature.title}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {feature.description}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </LandingSection>
  );
}
