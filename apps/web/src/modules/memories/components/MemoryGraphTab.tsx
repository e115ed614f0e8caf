import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MEMORY_GRAPH_MAX_NODES, MemoryScreenLimits } from '@membolt/contracts/rules';
import { CONCEPT_MEMORIES_QUERY, MEMORY_GRAPH_QUERY } from '../graphql/queries/memory-graph.query';
import { conceptLabel, GRAPH_LEGEND, matchConcepts, toGraphData } from '../utils/graph-data.util';
import { ConceptGraphCanvas, type ConceptGraphHandle } from './ConceptGraphCanvas';
import { ImportanceChip } from './ImportanceChip';

const GRAPH_HEIGHT = 560;
/** Concepts listed beside the canvas (the rest are found by searching). */
const LISTED_CONCEPTS = 30;
const GRAPH_FAILED = 'Failed to load the memory graph. Please try again later.';
const CONCEPT_MEMORIES_FAILED = 'Failed to load the memories of this concept.';

/**
 * The width available to the canvas, following the layout (one render per resize, never per frame). A
 * callback ref: the box appears only once the graph has loaded.
 */
function useWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

/** The Memory Graph tab: the concept graph, a concept search and list, and the memories of the chosen concept. */
export default function MemoryGraphTab() {
  const theme = useTheme();
  const { data, loading, error } = useQuery(MEMORY_GRAPH_QUERY, {
    variables: { maxNodes: MEMORY_GRAPH_MAX_NODES },
    fetchPolicy: 'cache-and-network',
  });
  const concepts = useMemo(() => data?.memoryGraph.concepts ?? [], [data]);
  const graphData = useMemo(() => toGraphData(concepts, data?.memoryGraph.relations ?? []), [concepts, data]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const selectedRef = useRef<string | null>(null);
  const handle = useRef<ConceptGraphHandle | null>(null);
  const [canvasBox, width] = useWidth();

  const select = useCallback((conceptId: string) => {
    selectedRef.current = conceptId;
    setSelected(conceptId);
  }, []);
  const selectAndFocus = (conceptId: string) => {
    select(conceptId);
    handle.current?.focus(conceptId);
  };

  const matches = useMemo(() => matchConcepts(concepts, search, LISTED_CONCEPTS), [concepts, search]);
  const selectedConcept = concepts.find((concept) => concept.id === selected);

  if (loading && !data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the memory graph" />
      </Box>
    );
  if (error && !data) return <Alert severity="error">{GRAPH_FAILED}</Alert>;
  if (concepts.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 6 }} data-testid="memory-graph-empty">
        <Typography variant="h6">No concepts yet</Typography>
        <Typography color="textSecondary">
          Concepts (people, places, topics) appear here as you add memories.
        </Typography>
      </Box>
    );

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Card sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box ref={canvasBox} sx={{ width: '100%', height: GRAPH_HEIGHT, position: 'relative' }}>
          {width > 0 && (
            <ConceptGraphCanvas
              data={graphData}
              width={width}
              height={GRAPH_HEIGHT}
              selectedId={selectedRef}
              onSelect={select}
              handle={handle}
              textColor={theme.palette.text.primary}
            />
          )}
        </Box>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 2, px: 2, py: 1 }}
          aria-label="Colours by category"
        >
          {GRAPH_LEGEND.map((entry) => (
            <Stack key={entry.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: entry.color }} />
              <Typography variant="caption">{entry.label}</Typography>
            </Stack>
          ))}
          <Typography variant="caption" color="textSecondary" sx={{ ml: 'auto' }}>
            {`${concepts.length} concepts · ${graphData.links.length} relations`}
            {data?.memoryGraph.truncated && ' (the strongest shown)'}
            {' · scroll to zoom, drag to pan'}
          </Typography>
        </Stack>
      </Card>

      <Card sx={{ width: { md: 320 }, flexShrink: 0 }}>
        <CardContent>
          <TextField
            label="Search concepts"
            size="small"
            fullWidth
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && matches[0]) {
                event.preventDefault();
                selectAndFocus(matches[0].id);
              }
            }}
          />
          <List dense sx={{ maxHeight: 220, overflow: 'auto', mt: 1 }} aria-label="Concepts">
            {matches.map((concept) => (
              <ListItemButton
                key={concept.id}
                selected={concept.id === selected}
                aria-current={concept.id === selected ? 'true' : undefined}
                data-concept-id={concept.id}
                onClick={() => selectAndFocus(concept.id)}
              >
                <ListItemText
                  primary={conceptLabel(concept.name)}
                  secondary={`${concept.kind} · ${concept.memoryCount} memories`}
                />
              </ListItemButton>
            ))}
            {matches.length === 0 && (
              <Typography variant="body2" color="textSecondary" sx={{ p: 1 }}>
                No concept matches.
              </Typography>
            )}
          </List>
          {selectedConcept && (
            <ConceptMemories conceptId={selectedConcept.id} name={conceptLabel(selectedConcept.name)} />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

function ConceptMemories({ conceptId, name }: { readonly conceptId: string; readonly name: string }) {
  const { data, loading, error } = useQuery(CONCEPT_MEMORIES_QUERY, {
    variables: { conceptId, limit: MemoryScreenLimits.memoriesPage },
  });
  return (
    <Box sx={{ mt: 2 }} data-testid="concept-memories" data-concept-id={conceptId}>
      <Typography variant="subtitle2" component="h3">{`Memories about ${name}`}</Typography>
      {loading && !data && <CircularProgress size={20} aria-label="Loading memories" />}
      {error && <Alert severity="error">{CONCEPT_MEMORIES_FAILED}</Alert>}
      {data && (
        <List dense disablePadding sx={{ maxHeight: 260, overflow: 'auto' }}>
          {data.conceptMemories.memories.map((memory) => (
            <Stack key={memory.id} direction="row" spacing={1} sx={{ py: 0.75, alignItems: 'flex-start' }}>
              <ImportanceChip importance={memory.importance} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="concept-memory-text">
                {memory.text}
              </Typography>
            </Stack>
          ))}
        </List>
      )}
    </Box>
  );
}
