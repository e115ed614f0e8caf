import { useQuery } from '@apollo/client/react';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { API_KEY_PREFIX } from '@membolt/contracts/rules';
import { PLAN_CATALOGUE_QUERY } from '../graphql/queries/plan-catalogue.query';
import { LANDING_SECTION_ID } from '../landing-sections';
import { formatTokenRate } from '../utils/format-money.util';
import { CodeSample } from './CodeSample';
import { LandingSection } from './LandingSection';

function sampleRequests(origin: string): string {
  const key = `${API_KEY_PREFIX}...`;
  return [
    '# Store a memory',
    `curl -X POST "${origin}/api/user/{userId}/memories" \\`,
    `  -H "X-API-Key: ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"text": "Prefers vegetarian food"}'`,
    '',
    '# Search memories by meaning',
    `curl "${origin}/api/user/{userId}/search?query=dinner%20ideas" \\`,
    `  -H "X-API-Key: ${key}"`,
  ].join('\n');
}

function DeveloperApiPrice() {
  // Same query as the pricing section: Apollo answers both from one request.
  const { data, loading } = useQuery(PLAN_CATALOGUE_QUERY);
  if (loading && !data) return <Skeleton variant="text" width={320} height={32} />;
  if (!data) return null;
  const { centsPerMillionTokens, bringYourOwnKeys } = data.planCatalogue.developerApi;
  return (
    <Typography variant="body1" data-testid="developer-api-pricing">
      <Typography component="span" sx={{ fontWeight: 700 }} data-testid="developer-api-price">
        {formatTokenRate(centsPerMillionTokens)}
      </Typography>
      {bringYourOwnKeys && <>: bring your own language-model keys.</>}
    </Typography>
  );
}

export function DeveloperApiSection() {
  return (
    <LandingSection
      id={LANDING_SECTION_ID.developers}
      title="Developer API"
      subtitle="Give your own applications a memory with a simple REST API."
      tinted
    >
      <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2.5}>
            <Typography variant="body1" color="textSecondary">
              Store memories from your app, search them by meaning and chat with context, all with one API
              key. Your user id comes from <code>GET /api/health</code> called with your key.
            </Typography>
            <DeveloperApiPrice />
            <div>
              <Button
                component={RouterLink}
                to="/register"
                variant="contained"
                size="large"
                startIcon={<KeyIcon />}
              >
                Get API Access
              </Button>{' '}
              <Button component="a" href="/api/docs" variant="outlined" size="large" sx={{ ml: 1 }}>
                API Reference
              </Button>
            </div>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
          <CodeSample title="REST API" code={sampleRequests(window.location.origin)} />
        </Grid>
      </Grid>
    </LandingSection>
  );
}
