import { useMutation } from '@apollo/client/react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import { useThemeMode } from '../../../app/theme/theme-mode.context';
import type { AuthUser } from '../../auth/auth.context';
import { type FieldError, validateName } from '../../auth/utils/auth-validation.util';
import { avatarLetter } from '../../layout/utils/user-display.util';
import { UPDATE_PREFERENCES_MUTATION } from '../graphql/mutations/update-preferences.mutation';
import { UPDATE_PROFILE_MUTATION } from '../graphql/mutations/update-profile.mutation';
import { useSaveFeedback } from '../hooks/use-save-feedback';
import { DEFAULT_MODEL_OPTIONS } from '../settings.constants';
import { SaveChangesButton } from './SaveChangesButton';
import { SaveFeedback } from './SaveFeedback';

const SAVE_FAILED = 'We could not save your changes. Please try again.';

/** The saved model may be one this list does not offer (yet): it stays selectable under its id. */
function modelOptions(current: string): ReadonlyArray<{ readonly id: string; readonly label: string }> {
  return DEFAULT_MODEL_OPTIONS.some((option) => option.id === current)
    ? DEFAULT_MODEL_OPTIONS
    : [...DEFAULT_MODEL_OPTIONS, { id: current, label: current }];
}

export function ProfileTab({ viewer }: { readonly viewer: AuthUser }) {
  const { mode, setMode } = useThemeMode();
  const [name, setName] = useState(viewer.name);
  const [bio, setBio] = useState(viewer.bio);
  const [defaultModel, setDefaultModel] = useState(viewer.settings.defaultModel);
  const [nameError, setNameError] = useState<FieldError>(null);
  const feedback = useSaveFeedback(SAVE_FAILED);
  const [updateProfile, profileState] = useMutation(UPDATE_PROFILE_MUTATION);
  const [updatePreferences, preferencesState] = useMutation(UPDATE_PREFERENCES_MUTATION);
  const saving = profileState.loading || preferencesState.loading;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    feedback.clear();
    const found = validateName(name);
    setNameError(found);
    if (found) return;
    await feedback.save(async () => {
      await updateProfile({ variables: { input: { name: name.trim(), bio } } });
      await updatePreferences({ variables: { input: { theme: mode, defaultModel } } });
    });
  };

  return (
    <Stack spacing={2}>
      <SaveFeedback saved={feedback.saved} failure={feedback.failure} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ p: 3, textAlign: 'center' }} data-testid="profile-summary">
              <Avatar
                sx={{
                  width: 88,
                  height: 88,
                  mx: 'auto',
                  mb: 2,
                  fontSize: 36,
                  bgcolor: 'primary.main',
                  fontWeight: 700,
                }}
              >
                {avatarLetter(viewer.name)}
              </Avatar>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {viewer.name}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {viewer.email}
              </Typography>
              <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {viewer.bio}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Profile Information
                </Typography>
                <TextField
                  id="profile-name"
                  label="Full Name"
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    if (nameError) setNameError(validateName(event.target.value));
                  }}
                  onBlur={() => setNameError(validateName(name))}
                  error={nameError !== null}
                  helperText={nameError ?? ' '}
                  disabled={saving}
                  fullWidth
                  margin="dense"
                  slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
                />
                <TextField
                  id="profile-email"
                  label="Email Address"
                  value={viewer.email}
                  disabled
                  helperText="Email cannot be changed"
                  fullWidth
                  margin="dense"
                />
                <TextField
                  id="profile-bio"
                  label="Bio"
                  value={bio}
                  onChange={(event) => setBio(event.target.value)}
                  disabled={saving}
                  multiline
                  minRows={3}
                  fullWidth
                  margin="normal"
                  slotProps={{ htmlInput: { maxLength: BIO_MAX_LENGTH } }}
                />
                <Divider sx={{ my: 2 }} />
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Preferences
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={mode === 'dark'}
                      // Applied at once; Save Changes stores it with the account.
                      onChange={(event) => setMode(event.target.checked ? 'dark' : 'light')}
                      disabled={saving}
                    />
                  }
                  label="Dark Mode"
                />
                <TextField
                  id="profile-default-model"
                  select
                  label="Default AI Model"
                  value={defaultModel}
                  onChange={(event) => setDefaultModel(event.target.value)}
                  disabled={saving}
                  fullWidth
                  margin="normal"
                >
                  {modelOptions(defaultModel).map((option) => (
                    <MenuItem key={option.id} value={option.id}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
                <SaveChangesButton saving={saving} type="submit" />
              </Box>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
