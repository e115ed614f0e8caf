import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';

export function ClosingCallToAction() {
  return (
    <Container
      component="section"
      maxWidth="lg"
      sx={{ py: { xs: 7, md: 10 } }}
      aria-labelledby="closing-heading"
    >
      <Paper
        elevation={0}
        sx={{
          p: { xs: 4, md: 7 },
          textAlign: 'center',
          borderRadius: 4,
          // Fixed colours: the banner keeps white-on-indigo contrast in both themes.
          color: 'common.white',
          background: 'linear-gradient(135deg, #3730a3, #4f46e5 55%, #0d9488)',
        }}
      >
        <Typography
          id="closing-heading"
          variant="h3"
          component="h2"
          sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, mb: 2 }}
        >
          Ready for an assistant that remembers?
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ fontWeight: 400, fontSize: { xs: '1rem', md: '1.25rem' }, opacity: 0.9, mb: 4 }}
        >
          Create your free {PRODUCT_NAME} account in a minute. No credit card required.
        </Typography>
        <Button
          component={RouterLink}
          to="/register"
          size="large"
          variant="contained"
          sx={{ bgcolor: 'common.white', color: '#3730a3', '&:hover': { bgcolor: 'grey.100' } }}
        >
          Sign Up Free
        </Button>
      </Paper>
    </Container>
  );
}
