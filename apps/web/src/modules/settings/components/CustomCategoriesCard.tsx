import { useMutation, useQuery } from '@apollo/client/react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CUSTOM_MEMORY_CATEGORIES_MAX,
  MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH,
  MEMORY_CATEGORY_NAME_MAX_LENGTH,
} from '@membolt/contracts/rules';
import { type FormEvent, useState } from 'react';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import {
  CREATE_MEMORY_CATEGORY_MUTATION,
  DELETE_MEMORY_CATEGORY_MUTATION,
  UPDATE_MEMORY_CATEGORY_MUTATION,
} from '../../memories/graphql/mutations/memory-categories.mutation';
import { CUSTOM_CATEGORIES_QUERY } from '../../memories/graphql/queries/custom-categories.query';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { RetryAlert } from '../../ui/components/RetryAlert';

const SAVE_FAILED = "We couldn't save that category. Please try again.";

/**
 * Settings card of the account's custom memory categories: list, add, describe again, delete. The server
 * checks every rule (slug name, built-in names, limits) and its message is shown as it says it.
 */
export function CustomCategoriesCard() {
  const { data, loading, error, refetch } = useQuery(CUSTOM_CATEGORIES_QUERY);
  const refetchQueries = [{ query: CUSTOM_CATEGORIES_QUERY }];
  const [create, { loading: creating }] = useMutation(CREATE_MEMORY_CATEGORY_MUTATION, { refetchQueries });
  const [update, { loading: updating }] = useMutation(UPDATE_MEMORY_CATEGORY_MUTATION, { refetchQueries });
  const [remove, { loading: removing }] = useMutation(DELETE_MEMORY_CATEGORY_MUTATION, { refetchQueries });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<{ name: string; description: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      await create({ variables: { input: { name: name.trim(), description } } });
      setName('');
      setDescription('');
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? SAVE_FAILED);
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    setFailure(null);
    try {
      await update({ variables: { input: editing } });
      setEditing(null);
    } catch (caught) {
      setFailure(graphqlErrorMessage(caught) ?? SAVE_FAILED);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setFailure(null);
    try {
      await remove({ variables: { name: deleting } });
      setDeleting(null);
    } catch (caught) {
      setDeleting(null);
      setFailure(graphqlErrorMessage(caught) ?? SAVE_FAILED);
    }
  };

  const categories = data?.customMemoryCategories ?? [];
  return (
    <Card data-testid="custom-categories-card">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Memory categories
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {`Your own categories beside Personal, Work, Preferences and Interests (up to ${CUSTOM_MEMORY_CATEGORIES_MAX}). ` +
            'Memories learnt from now on are filed under the one whose description fits them.'}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="custom-categories-error">
            {failure}
          </Alert>
        )}
        {loading && !data ? (
          <CircularProgress aria-label="Loading your categories" />
        ) : !data ? (
          <RetryAlert onRetry={() => refetch()}>
            {error ? "We couldn't load your categories." : 'No categories to show.'}
          </RetryAlert>
        ) : (
          <Stack spacing={1.5}>
            {categories.length === 0 && (
              <Typography variant="body2" color="textSecondary">
                No categories of your own yet.
              </Typography>
            )}
            {categories.map((category) =>
              editing?.name === category.name ? (
                <Stack key={category.name} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <TextField
                    size="small"
                    fullWidth
                    label={`Description of ${category.name}`}
                    value={editing.description}
                    onChange={(event) => setEditing({ name: category.name, description: event.target.value })}
                    slotProps={{ htmlInput: { maxLength: MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH } }}
                  />
                  <Button variant="contained" disabled={updating} onClick={() => void saveEdit()}>
                    Save
                  </Button>
                  <Button onClick={() => setEditing(null)}>Cancel</Button>
                </Stack>
              ) : (
                <Stack
                  key={category.name}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  data-testid="custom-category-row"
                >
                  <Stack sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {category.name}
                    </Typography>
                    <Typography variant="caption" color="textSecondary">
                      {category.description}
                    </Typography>
                  </Stack>
                  <Stack direction="row">
                    <IconButton
                      aria-label={`Edit ${category.name}`}
                      onClick={() => setEditing({ name: category.name, description: category.description })}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${category.name}`}
                      onClick={() => setDeleting(category.name)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                </Stack>
              ),
            )}
            <Stack
              component="form"
              noValidate
              onSubmit={(event) => void add(event)}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              aria-label="Add a category"
            >
              <TextField
                size="small"
                label="Name"
                placeholder="travel"
                value={name}
                onChange={(event) => setName(event.target.value)}
                slotProps={{ htmlInput: { maxLength: MEMORY_CATEGORY_NAME_MAX_LENGTH } }}
              />
              <TextField
                size="small"
                fullWidth
                label="Description"
                placeholder="Trips, flights and hotels"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                slotProps={{ htmlInput: { maxLength: MEMORY_CATEGORY_DESCRIPTION_MAX_LENGTH } }}
              />
              <Button type="submit" variant="outlined" disabled={creating}>
                Add
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        id="delete-memory-category"
        title="Delete category"
        confirmLabel="Delete"
        busyLabel="Deleting category"
        confirmMinWidth={90}
        busy={removing}
        error={null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        {`Delete the category ${deleting ?? ''}? Its memories are kept, without a category.`}
      </ConfirmDialog>
    </Card>
  );
}
