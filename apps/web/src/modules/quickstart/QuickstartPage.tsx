import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@membolt/contracts/rules';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/auth.context';
import { ApiKeyCreatedDialog } from '../settings/components/ApiKeyCreatedDialog';
import { CreateApiKeyDialog } from '../settings/components/CreateApiKeyDialog';
import { CopyableText } from '../ui/components/CopyableText';
import { API_KEY_PLACEHOLDER, quickstartSnippets, type Snippet } from './utils/quickstart-snippets';

function Step({
  number,
  title,
  children,
}: {
  readonly number: number;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`quickstart-step-${number}`}>
      <CardContent sx={{ p: 3 }}>
        <Typography
          id={`quickstart-step-${number}`}
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, mb: 1.5 }}
        >
          {`${number}. ${title}`}
        </Typography>
        <Stack spacing={1.5}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** One block of snippets as tabs: the developer picks their tool, copies its text. */
function SnippetTabs({ snippets, name }: { readonly snippets: readonly Snippet[]; readonly name: string }) {
  const [selected, setSelected] = useState(snippets[0]!.id);
  const snippet = snippets.find((entry) => entry.id === selected) ?? snippets[0]!;
  return (
    <Box>
      <Tabs
        value={snippet.id}
        onChange={(_event, next: Snippet['id']) => setSelected(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={name}
      >
        {snippets.map((entry) => (
          <Tab
            key={entry.id}
            value={entry.id}
            label={entry.label}
            id={`snippet-tab-${entry.id}`}
            aria-controls={`snippet-panel-${entry.id}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`snippet-panel-${snippet.id}`}
        aria-labelledby={`snippet-tab-${snippet.id}`}
        sx={{ pt: 1.5 }}
      >
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {snippet.where}
        </Typography>
        <CopyableText
          text={snippet.text}
          label={`${snippet.label} snippet`}
          multiline
          testId={`snippet-${snippet.id}`}
        />
      </Box>
    </Box>
  );
}

/**
 * The first five minutes of a developer: their user id, a key, and text to paste for curl, the SDK, an OpenAI
 * client and each MCP client, all pointing at the server this page was loaded from. A key created here is put
 * into the snippets until the page is left (it is never stored in the browser).
 */
export function QuickstartPage() {
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const origin = window.location.origin;
  const userId = user?.id ?? '';
  const { api, mcp } = quickstartSnippets({ origin, userId, apiKey: apiKey ?? API_KEY_PLACEHOLDER });

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <title>{`Quickstart - ${PRODUCT_NAME}`}</title>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Quickstart
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5 }}>
          Give your own app, Claude Desktop, Cursor or VS Code a memory in a few minutes.
        </Typography>
      </Box>

      <Step number={1} title="Your user id">
        <Typography variant="body2" color="textSecondary">
          REST paths name it (<code>/api/user/&#123;userId&#125;/…</code>); the SDK finds it from the key.
        </Typography>
        <CopyableText text={userId} label="user id" testId="quickstart-user-id" />
      </Step>

      <Step number={2} title="An API key">
        {apiKey ? (
          <Alert severity="success" data-testid="quickstart-key-in-use">
            Your new key is in the snippets below. It is shown on this page only until you leave it: store it
            somewhere safe now.
          </Alert>
        ) : (
          <Typography variant="body2" color="textSecondary">
            Create a key for this app; it goes into the snippets below. Your keys are listed in{' '}
            <Link component={RouterLink} to="/settings">
              Settings → API Keys
            </Link>
            .
          </Typography>
        )}
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create API Key
          </Button>
        </Box>
      </Step>

      <Step number={3} title="Call the API">
        <Typography variant="body2" color="textSecondary">
          Every route, with examples, is in the <Link href="/api/docs">API reference</Link>. OpenAI-compatible
          base URL:
        </Typography>
        <CopyableText text={`${origin}/v1`} label="OpenAI base URL" testId="quickstart-openai-base-url" />
        <SnippetTabs snippets={api} name="API snippets" />
      </Step>

      <Step number={4} title="Connect an assistant (MCP)">
        <Typography variant="body2" color="textSecondary">
          {`The assistant remembers across conversations through ${PRODUCT_NAME}'s MCP server at `}
          <code>{`${origin}/mcp`}</code>.
        </Typography>
        <SnippetTabs snippets={mcp} name="MCP client configurations" />
      </Step>

      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret) => {
          setCreating(false);
          setRevealed(secret);
          setApiKey(secret);
        }}
      />
      <ApiKeyCreatedDialog secret={revealed} onDone={() => setRevealed(null)} />
    </Stack>
  );
}
