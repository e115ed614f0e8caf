import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import PasswordIcon from '@mui/icons-material/Password';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { DisabledWithTooltip } from '../../ui/components/DisabledWithTooltip';
import { useFlashMessage } from '../../ui/hooks/use-flash-message';
import { COMING_SOON, SAVED_BANNER_MS, SAVED_MESSAGE } from '../settings.constants';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { DownloadMyDataCard } from './DownloadMyDataCard';
import { CustomCategoriesCard } from './CustomCategoriesCard';
import { PrivacyPolicyCard } from './PrivacyPolicyCard';
import { SaveFeedback } from './SaveFeedback';

function SecurityRow({
  icon,
  title,
  description,
  action,
}: {
  readonly icon: ReactElement;
  readonly title: string;
  readonly description: string;
  readonly action: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ p: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ color: 'text.secondary', mt: 0.25 }}>{icon}</Box>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {description}
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ flexShrink: 0, pl: { xs: 5, sm: 0 } }}>{action}</Box>
    </Stack>
  );
}

export function SecurityTab() {
  const [dialog, setDialog] = useState<'change-password' | 'delete-account' | null>(null);
  const saved = useFlashMessage(SAVED_BANNER_MS);

  return (
    <Stack spacing={2}>
      <SaveFeedback saved={saved.message} />
      <Card>
        <SecurityRow
          icon={<PasswordIcon />}
          title="Change Password"
          description="Use a password you don't use anywhere else, at least 8 characters long."
          action={
            <Button
              variant="outlined"
              onClick={() => setDialog('change-password')}
              aria-label="Change Password"
            >
              Change
            </Button>
          }
        />
        <Divider />
        <SecurityRow
          icon={<PhonelinkLockIcon />}
          title="Two-Factor Authentication"
          description="Add an extra layer of security with a code from an authenticator app."
          action={
            <DisabledWithTooltip title={COMING_SOON}>
              <Button variant="outlined" disabled>
                Enable
              </Button>
            </DisabledWithTooltip>
          }
        />
        <Divider />
        <SecurityRow
          icon={<DeleteForeverIcon color="error" />}
          title="Delete Account"
          description="Permanently delete your account and all of its data."
          action={
            <Button
              variant="outlined"
              color="error"
              onClick={() => setDialog('delete-account')}
              aria-label="Delete Account"
            >
              Delete
            </Button>
          }
        />
      </Card>
      <DownloadMyDataCard />
      <PrivacyPolicyCard />
      <CustomCategoriesCard />
      <ChangePasswordDialog
        open={dialog === 'change-password'}
        onClose={() => setDialog(null)}
        onChanged={() => {
          setDialog(null);
          saved.show(SAVED_MESSAGE);
        }}
      />
      <DeleteAccountDialog open={dialog === 'delete-account'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
