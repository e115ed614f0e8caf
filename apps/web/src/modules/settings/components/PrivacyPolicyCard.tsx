import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isPrivacyAction,
  isSensitiveKind,
  PRIVACY_ACTIONS,
  SENSITIVE_KIND_LABELS,
  SENSITIVE_KIND_PLACEHOLDERS,
} from '@membolt/contracts/rules';
import { useState } from 'react';
import { RetryAlert } from '../../ui/components/RetryAlert';
import { UPDATE_PRIVACY_POLICY_MUTATION } from '../graphql/mutations/update-privacy-policy.mutation';
import { PRIVACY_POLICY_QUERY } from '../graphql/queries/privacy-policy.query';

const ACTION_LABELS = { allow: 'Allow', redact: 'Redact', refuse: 'Refuse' } as const;

/**
 * Settings card of the write-time privacy policy: one choice per kind of sensitive data, saved as it is
 * chosen. The server decides (an unknown kind or action is refused there); the labels come from the shared rules.
 */
export function PrivacyPolicyCard() {
  const { data, loading, error, refetch } = useQuery(PRIVACY_POLICY_QUERY);
  const [update, { loading: saving }] = useMutation(UPDATE_PRIVACY_POLICY_MUTATION);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (kind: string, action: string) => {
    setFailure(null);
    try {
      await update({ variables: { input: { kind, action } } });
    } catch {
      setFailure("We couldn't save that change. Please try again.");
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Sensitive data in memories
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          What happens when a memory holds sensitive data: allow stores it as said, redact replaces it with a
          placeholder, refuse stores nothing.
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {loading && !data ? (
          <CircularProgress aria-label="Loading the privacy policy" />
        ) : !data ? (
          <RetryAlert onRetry={() => refetch()}>
            {error ? "We couldn't load the privacy policy." : 'No policy to show.'}
          </RetryAlert>
        ) : (
          <Stack spacing={1.5}>
            {data.privacyPolicy.kinds
              .filter((row) => isSensitiveKind(row.kind))
              .map((row) => {
                const kind = row.kind as keyof typeof SENSITIVE_KIND_LABELS;
                return (
                  <Stack
                    key={kind}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={2}
                    sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
                  >
                    <Stack>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {SENSITIVE_KIND_LABELS[kind]}
                      </Typography>
                      <Typography variant="caption" color="textSecondary">
                        {`Redacted as ${SENSITIVE_KIND_PLACEHOLDERS[kind]} · ${row.redactionCount} redacted so far`}
                      </Typography>
                    </Stack>
                    <TextField
                      select
                      size="small"
                      sx={{ minWidth: 140 }}
                      label={SENSITIVE_KIND_LABELS[kind]}
                      value={isPrivacyAction(row.action) ? row.action : ''}
                      disabled={saving}
                      onChange={(event) => void change(kind, event.target.value)}
                    >
                      {PRIVACY_ACTIONS.map((action) => (
                        <MenuItem key={action} value={action}>
                          {ACTION_LABELS[action]}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                );
              })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
