import { useQuery } from '@apollo/client/react';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import {
  DEFAULT_MEMORY_SORT,
  type MemorySort,
  MemoryMessages,
  MemoryScreenLimits,
  PRODUCT_NAME,
} from '@membolt/contracts/rules';
import type { MemoryFieldsFragment } from '../../gql/graphql';
import { RetentionNote } from '../billing/components/RetentionNote';
import { RetryAlert } from '../ui/components/RetryAlert';
import { DeleteMemoryDialog } from './components/DeleteMemoryDialog';
import { EditMemoryDialog } from './components/EditMemoryDialog';
import { MemoryCard, type SearchExplanation } from './components/MemoryCard';
import { MemoryDetailsDialog } from './components/MemoryDetailsDialog';
import { ExportViewButton } from './components/ExportViewButton';
import { MEMORIES_QUERY } from './graphql/queries/memories.query';
import { MEMORY_SEARCH_QUERY } from './graphql/queries/memory-search.query';
import { useCustomCategoryNames } from './hooks/use-custom-categories';
import {
  ALL_CATEGORIES,
  categoryFilterOptions,
  type CategoryFilter,
  groupByCategory,
  SORT_OPTIONS,
} from './utils/memory-display.util';

// The graph library is large: loaded only when its tab opens.
const MemoryGraphTab = lazy(() => import('./components/MemoryGraphTab'));
const FilesTab = lazy(() => import('../uploads/FilesTab'));

type MemoriesTab = 'all' | 'categories' | 'graph' | 'files';
const PAGE_SIZE = MemoryScreenLimits.memoriesPage;

interface ShownMemory {
  readonly memory: MemoryFieldsFragment;
  readonly explanation?: SearchExplanation;
}

/** The Memories screen (/memories): browse, search, sort, filter and curate memories, and their concept graph. */
export function MemoriesPage() {
  const [tab, setTab] = useState<MemoriesTab>('all');
  const [searchText, setSearchText] = useState('');
  const [activeQuery, setActiveQuery] = useState('');
  const [sort, setSort] = useState<MemorySort>(DEFAULT_MEMORY_SORT);
  const [category, setCategory] = useState<CategoryFilter>(ALL_CATEGORIES);
  const customCategories = useCustomCategoryNames();
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<MemoryFieldsFragment | null>(null);
  const [deleting, setDeleting] = useState<MemoryFieldsFragment | null>(null);
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);

  const categoryVariable = category === ALL_CATEGORIES ? null : category;
  const searching = activeQuery !== '';
  const list = useQuery(MEMORIES_QUERY, {
    variables: { limit: PAGE_SIZE, offset: 0, sort, category: categoryVariable },
    skip: searching,
    fetchPolicy: 'cache-and-network',
  });
  const search = useQuery(MEMORY_SEARCH_QUERY, {
    variables: {
      query: activeQuery,
      limit: PAGE_SIZE,
      filters: categoryVariable ? { category: categoryVariable } : null,
    },
    skip: !searching,
    fetchPolicy: 'network-only',
  });

  const shown: ShownMemory[] = searching
    ? (search.data?.memorySearch.results ?? []).map((result) => ({
        memory: result.memory,
        explanation: result.scores,
      }))
    : (list.data?.memories.memories ?? []).map((memory) => ({ memory }));
  const visible = shown.filter((item) => !deletedIds.has(item.memory.id));
  const active = searching ? search : list;
  const loading = active.loading && !active.data;
  const totalCount = list.data?.memories.totalCount ?? 0;
  const hasMore = !searching && visible.length < totalCount;

  const submitSearch = (event?: FormEvent) => {
    event?.preventDefault();
    setActiveQuery(searchText.trim());
  };
  const changeSearchText = (text: string) => {
    setSearchText(text);
    // Clearing the box goes back to the full list, reloaded: the list query resumes and, being
    // cache-and-network, asks the server again.
    if (text === '' && activeQuery !== '') setActiveQuery('');
  };

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await list.fetchMore({
        variables: { offset: list.data?.memories.memories.length ?? 0 },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...previous,
          memories: {
            ...fetchMoreResult.memories,
            offset: 0,
            memories: [...previous.memories.memories, ...fetchMoreResult.memories.memories],
            count: previous.memories.memories.length + fetchMoreResult.memories.memories.length,
          },
        }),
      });
    } catch {
      // The list keeps what it has; the error state below offers a retry.
    } finally {
      setLoadingMore(false);
    }
  };

  const card = (item: ShownMemory) => (
    <MemoryCard
      key={item.memory.id}
      memory={item.memory}
      {...(item.explanation ? { explanation: item.explanation } : {})}
      onView={(memory) => setViewing(memory.id)}
      onEdit={setEditing}
      onDelete={setDeleting}
    />
  );
  const cardGrid = (items: readonly ShownMemory[]) => (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map(card)}
    </Box>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <title>{`Memories - ${PRODUCT_NAME}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        Memory Graph
      </Typography>
      <RetentionNote />

      {tab !== 'graph' && tab !== 'files' && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ flexGrow: 1 }}
            onSubmit={submitSearch}
            role="search"
          >
            <TextField
              label="Search memories"
              size="small"
              fullWidth
              value={searchText}
              onChange={(event) => changeSearchText(event.target.value)}
              slotProps={{ htmlInput: { 'aria-label': 'Search memories' } }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              Search
            </Button>
          </Stack>
          <FormControl size="small" sx={{ minWidth: 170 }}>
            <InputLabel id="memories-sort-label">Sort By</InputLabel>
            <Select
              labelId="memories-sort-label"
              label="Sort By"
              value={sort}
              onChange={(event) => setSort(event.target.value)}
            >
              {SORT_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 170 }}>
            <InputLabel id="memories-category-label">Category</InputLabel>
            <Select
              labelId="memories-category-label"
              label="Category"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            >
              {categoryFilterOptions(customCategories).map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ExportViewButton
            rows={visible.map((item) => ({
              memory: item.memory,
              relevance: item.explanation?.final ?? null,
            }))}
            view={{
              query: searching ? activeQuery : null,
              sort,
              category: category === ALL_CATEGORIES ? null : category,
            }}
          />
        </Stack>
      )}

      <Tabs
        value={tab}
        onChange={(_event, value: MemoriesTab) => setTab(value)}
        aria-label="Memory views"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="all" label="All Memories" />
        <Tab value="categories" label="By Category" />
        <Tab value="graph" label="Memory Graph" />
        <Tab value="files" label="Files" />
      </Tabs>

      {tab === 'files' ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading files" />
            </Box>
          }
        >
          <FilesTab />
        </Suspense>
      ) : tab === 'graph' ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading the memory graph" />
            </Box>
          }
        >
          <MemoryGraphTab />
        </Suspense>
      ) : (
        <>
          {searching && search.data && (
            <Typography variant="body2" color="textSecondary" data-testid="memories-search-summary">
              {`Results for "${activeQuery}", ranked by relevance`}
            </Typography>
          )}
          {active.error && !loading ? (
            searching ? (
              <Alert severity="error">{MemoryMessages.searchFailed}</Alert>
            ) : (
              <RetryAlert onRetry={() => list.refetch()}>{MemoryMessages.loadFailed}</RetryAlert>
            )
          ) : loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading memories" />
            </Box>
          ) : visible.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6 }} data-testid="memories-empty">
              <Typography variant="h6">{MemoryMessages.emptyTitle}</Typography>
              <Typography color="textSecondary">{MemoryMessages.emptyHint}</Typography>
            </Box>
          ) : tab === 'all' ? (
            cardGrid(visible)
          ) : (
            <Stack spacing={3}>
              {groupByCategory(
                visible.map((item) => ({ ...item, category: item.memory.category })),
                customCategories,
              ).map((group) => (
                <Box
                  key={group.label}
                  component="section"
                  aria-label={group.label}
                  data-testid="memory-category-group"
                >
                  <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                    {`${group.label} (${group.memories.length})`}
                  </Typography>
                  {cardGrid(group.memories)}
                </Box>
              ))}
            </Stack>
          )}
          {!searching && !loading && visible.length > 0 && (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="textSecondary" data-testid="memories-count">
                {`Showing ${visible.length} of ${totalCount} memories`}
              </Typography>
              {hasMore && (
                <Button variant="outlined" onClick={() => void loadMore()} disabled={loadingMore}>
                  {loadingMore ? 'Loading…' : 'Load More'}
                </Button>
              )}
            </Stack>
          )}
        </>
      )}

      <MemoryDetailsDialog memoryId={viewing} onClose={() => setViewing(null)} />
      <EditMemoryDialog memory={editing} onClose={() => setEditing(null)} />
      <DeleteMemoryDialog
        memory={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => setDeletedIds((ids) => new Set([...ids, id]))}
      />
    </Stack>
  );
}
