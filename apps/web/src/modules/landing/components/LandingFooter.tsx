import BoltIcon from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { LANDING_SECTION_ID, type LandingSectionId } from '../landing-sections';
import { scrollToSection } from '../utils/scroll-to-section.util';

/** A footer entry: an in-page section, a path on this server, or plain text until the page exists. */
type FooterItem =
  | { readonly label: string; readonly section: LandingSectionId }
  | { readonly label: string; readonly href: string }
  | { readonly label: string };

interface FooterColumn {
  readonly title: string;
  readonly items: readonly FooterItem[];
}

const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Features',
    items: [
      { label: 'Persistent Memory', section: LANDING_SECTION_ID.features },
      { label: 'Memory Lattice', section: LANDING_SECTION_ID.features },
      { label: 'Developer API', section: LANDING_SECTION_ID.developers },
      { label: 'Pricing', section: LANDING_SECTION_ID.pricing },
    ],
  },
  {
    title: 'Resources',
    items: [
      { label: 'Documentation', href: '/api/docs' },
      { label: 'API Reference', href: '/api/docs' },
      { label: 'Tutorials', section: LANDING_SECTION_ID.developers },
      { label: 'Blog' },
    ],
  },
  {
    title: 'Company',
    items: [
      { label: 'About Us', section: LANDING_SECTION_ID.top },
      { label: 'Contact' },
      { label: 'Privacy Policy' },
      { label: 'Terms of Service' },
    ],
  },
];

function FooterEntry({ item }: { readonly item: FooterItem }) {
  if ('section' in item) {
    return (
      <Link
        href={`#${item.section}`}
        color="text.secondary"
        underline="hover"
        variant="body2"
        onClick={(event) => {
          event.preventDefault();
          scrollToSection(item.section);
        }}
      >
        {item.label}
      </Link>
    );
  }
  if ('href' in item) {
    return (
      <Link href={item.href} color="text.secondary" underline="hover" variant="body2">
        {item.label}
      </Link>
    );
  }
  return (
    <Typography variant="body2" component="span" color="textSecondary">
      {item.label}
    </Typography>
  );
}

export function LandingFooter() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', pt: { xs: 6, md: 8 }, pb: 4 }}
      data-testid="landing-footer"
    >
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 1.5 }}>
              <BoltIcon color="primary" />
              <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
                {PRODUCT_NAME}
              </Typography>
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 320 }}>
              An AI assistant with a memory that persists, for people and for the apps developers build.
            </Typography>
          </Grid>
          {FOOTER_COLUMNS.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 'grow' }}>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1.5 }}>
                {column.title}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {column.items.map((item) => (
                  <li key={item.label}>
                    <FooterEntry item={item} />
                  </li>
                ))}
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Divider sx={{ my: 4 }} />
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ textAlign: 'center' }}
          data-testid="copyright"
        >
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
