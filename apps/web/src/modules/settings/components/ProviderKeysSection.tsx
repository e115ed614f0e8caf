import { useMutation, useQuery } from '@apollo/client/react';
import AddIcon from '@mui/icons-material/Add';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';
import type { ProviderKeyFieldsFragment } from '../../../gql/graphql';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { RetryAlert } from '../../ui/components/RetryAlert';
import { providerLabel } from '../../ui/utils/llm-provider.util';
import { TEST_PROVIDER_KEY_MUTATION } from '../graphql/mutations/test-provider-key.mutation';
import { PROVIDER_KEYS_QUERY } from '../graphql/queries/provider-keys.query';
import { formatDateTime } from '../utils/api-key-display.util';
import { AddProviderKeyDialog } from './AddProviderKeyDialog';
import { RemoveProviderKeyDialog } from './RemoveProviderKeyDialog';

const TEST_FAILED = 'Failed to test the key. Please try again.';

interface TestOutcome {
  readonly ok: boolean;
  readonly message: string;
}

function ProviderKeyItem({
  providerKey,
  onRemove,
}: {
  readonly providerKey: ProviderKeyFieldsFragment;
  readonly onRemove: () => void;
}) {
  const [testProviderKey, { loading: testing }] = useMutation(TEST_PROVIDER_KEY_MUTATION);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const label = providerLabel(providerKey.provider);

  const test = async () => {
    setOutcome(null);
    try {
      const { data } = await testProviderKey({ variables: { id: providerKey.id } });
      if (!data) throw new Error(TEST_FAILED);
      setOutcome({ ok: data.testProviderKey.ok, message: data.testProviderKey.message });
    } catch (caught) {
      setOutcome({ ok: false, message: graphqlErrorMessage(caught) ?? TEST_FAILED });
    }
  };

  return (
    <Card data-testid="provider-key-item" aria-label={`${label} key`}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontFamily: MONOSPACE_FONT_STACK, mt: 0.5 }}
              data-testid="provider-key-ending"
            >
              {`Key ending in ${providerKey.last4}`}
            </Typography>
            {providerKey.baseUrl && (
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {`Server: ${providerKey.baseUrl}`}
              </Typography>
            )}
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
              {`Added: ${formatDateTime(providerKey.createdAt)}`}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignSelf: 'flex-start' }}>
            <Button
              variant="outlined"
              size="small"
              onClick={() => void test()}
              disabled={testing}
              sx={{ minWidth: 96 }}
            >
              {testing ? <CircularProgress size={18} aria-label="Testing" /> : 'Test Key'}
            </Button>
            <Button variant="outlined" color="error" size="small" onClick={onRemove} disabled={testing}>
              Remove Key
            </Button>
          </Stack>
        </Stack>
        {outcome && (
          <Alert
            severity={outcome.ok ? 'success' : 'error'}
            sx={{ mt: 2 }}
            data-testid="provider-key-test-result"
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Settings > API Keys: the user's own language-model keys ("bring your own key"). */
export function ProviderKeysSection() {
  const { data, loading, error, refetch } = useQuery(PROVIDER_KEYS_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProviderKeyFieldsFragment | null>(null);
  const keys = data?.providerKeys ?? [];

  let list;
  if (loading && !data) {
    list = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading language model keys" />
      </Box>
    );
  } else if (error && !data) {
    list = <RetryAlert onRetry={() => refetch()}>We couldn&apos;t load your language model keys.</RetryAlert>;
  } else if (keys.length === 0) {
    list = (
      <Card>
        <CardContent sx={{ p: 3, textAlign: 'center' }}>
          <SmartToyOutlinedIcon color="disabled" sx={{ fontSize: 40, mb: 1 }} />
          <Typography>You haven&apos;t added a language model key yet.</Typography>
        </CardContent>
      </Card>
    );
  } else {
    list = (
      <Stack spacing={1.5} data-testid="provider-key-list">
        {keys.map((providerKey) => (
          <ProviderKeyItem
            key={providerKey.id}
            providerKey={providerKey}
            onRemove={() => setRemoving(providerKey)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="provider-keys-heading">
      <Typography variant="h6" component="h3" id="provider-keys-heading">
        Language model keys
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="textSecondary" sx={{ maxWidth: 640 }}>
          Bring your own Anthropic, OpenAI, Google Gemini or OpenAI-compatible key: chat then offers that
          provider&apos;s models. Keys are stored encrypted and never shown again, only their last 4
          characters.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Add Language Model Key
        </Button>
      </Stack>
      {list}
      <AddProviderKeyDialog open={adding} existing={keys} onClose={() => setAdding(false)} />
      <RemoveProviderKeyDialog providerKey={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
