import { useQuery } from '@apollo/client/react';
import AddIcon from '@mui/icons-material/Add';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';
import type { ApiKeyFieldsFragment } from '../../../gql/graphql';
import { RetryAlert } from '../../ui/components/RetryAlert';
import { API_KEYS_QUERY } from '../graphql/queries/api-keys.query';
import { formatDateTime } from '../utils/api-key-display.util';
import { ApiKeyCreatedDialog } from './ApiKeyCreatedDialog';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { PortalSettingsCard } from './PortalSettingsCard';
import { ProviderKeysSection } from './ProviderKeysSection';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog';
import { WebhooksCard } from './webhooks/WebhooksCard';

function ApiKeyItem({
  apiKey,
  onRevoke,
}: {
  readonly apiKey: ApiKeyFieldsFragment;
  readonly onRevoke: () => void;
}) {
  return (
    <Card data-testid="api-key-item" sx={{ opacity: apiKey.active ? 1 : 0.75 }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {apiKey.name}
              </Typography>
              <Chip
                label={apiKey.active ? 'Active' : 'Revoked'}
                color={apiKey.active ? 'success' : 'default'}
                size="small"
                data-testid="api-key-status"
              />
            </Stack>
            <Typography
              variant="body2"
              sx={{ fontFamily: MONOSPACE_FONT_STACK, mt: 0.5 }}
              aria-label={`Key starting with ${apiKey.displayPrefix}`}
              data-testid="api-key-prefix"
            >
              {`${apiKey.displayPrefix}…`}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {apiKey.description || 'No description'}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
              {`Created: ${formatDateTime(apiKey.createdAt)}`}
              {apiKey.lastUsedAt && ` · Last used: ${formatDateTime(apiKey.lastUsedAt)}`}
              {apiKey.revokedAt && ` · Revoked: ${formatDateTime(apiKey.revokedAt)}`}
            </Typography>
          </Box>
          {apiKey.active && (
            <Button
              variant="outlined"
              color="error"
              size="small"
              onClick={onRevoke}
              sx={{ flexShrink: 0, alignSelf: 'flex-start' }}
            >
              Revoke API Key
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function ApiKeysTab() {
  // Fetched each time the tab opens, so keys used or created elsewhere show up.
  const { data, loading, error, refetch } = useQuery(API_KEYS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [createdSecret, setCreatedSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyFieldsFragment | null>(null);
  const keys = data?.apiKeys ?? [];

  let list;
  if (loading && !data) {
    list = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading API keys" />
      </Box>
    );
  } else if (error && !data) {
    list = <RetryAlert onRetry={() => refetch()}>We couldn&apos;t load your API keys.</RetryAlert>;
  } else if (keys.length === 0) {
    list = (
      <Card>
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          <VpnKeyIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography sx={{ mb: 2 }}>You don&apos;t have any API keys yet.</Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create your first API key
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    list = (
      <Stack spacing={1.5} data-testid="api-key-list">
        {keys.map((apiKey) => (
          <ApiKeyItem key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="textSecondary" sx={{ maxWidth: 640 }}>
          API keys let your own applications use your {PRODUCT_NAME} memory through the REST API. Keep them
          secret: anyone with a key can read and change your memories. Every route, with examples, is in the{' '}
          <Link href="/api/docs">API reference</Link>; ready-to-copy snippets are on the{' '}
          <Link component={RouterLink} to="/quickstart">
            Quickstart
          </Link>{' '}
          page.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Create New API Key
        </Button>
      </Stack>
      {list}
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret) => {
          setCreating(false);
          setCreatedSecret(secret);
          refetch().catch(() => undefined);
        }}
      />
      <ApiKeyCreatedDialog secret={createdSecret} onDone={() => setCreatedSecret(null)} />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      <WebhooksCard />
      <Divider sx={{ pt: 2 }} />
      <ProviderKeysSection />
      <PortalSettingsCard />
    </Stack>
  );
}
