import { useApolloClient, useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  ChatMessages,
  GraphqlErrorCode,
  UPLOAD_ACCEPTED_EXTENSIONS,
  UploadMessages,
  WEB_SEARCH_DEFAULT_RESULTS,
} from '@membolt/contracts/rules';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../auth/auth.context';
import { useRefreshSession } from '../auth/hooks/use-refresh-session';
import { graphqlErrorMessage } from '../auth/utils/graphql-error.util';
import { useSubscriptionRefusals } from '../billing';
import { MemoryDetailsDialog, useLatestMemories } from '../memories';
import { useFileUpload } from '../uploads/hooks/use-file-upload';
import type { ChatMode, ScreenMessage, SearchState } from './chat.types';
import { ChatHeader } from './components/ChatHeader';
import { ChatInput } from './components/ChatInput';
import { ShareConversationDialog } from './components/ShareConversationDialog';
import { ConversationList } from './components/ConversationList';
import { MemoryPanel } from './components/MemoryPanel';
import { MessageList } from './components/MessageList';
import { WEB_SEARCH_MUTATION } from './graphql/mutations/web-search.mutation';
import { CHAT_MODELS_QUERY } from './graphql/queries/chat-models.query';
import { CONVERSATION_QUERY } from './graphql/queries/conversation.query';
import { CONVERSATIONS_QUERY } from './graphql/queries/conversations.query';
import { ChatStreamError, streamChatTurn } from './utils/chat-stream';
import {
  localMessageId,
  pickerModelsOf,
  screenMessage,
  searchSummaryInstruction,
  toScreenMessages,
  usedMemories,
  withConversationFirst,
} from './utils/chat-screen.util';

const CONVERSATION_LIST_LIMIT = 30;
/** Extraction runs after the answer, asynchronously: the panel looks again once it has had time. */
const MEMORY_PANEL_RELOAD_DELAY_MS = 2_000;
const SAVED_NOTICE = 'Conversation saved. Find it in your conversation list.';
const LOAD_FAILED = 'Failed to load this conversation. Please try again.';

const welcome = (): ScreenMessage => screenMessage('assistant', ChatMessages.welcome);

/** /chat and /chat/{id}: the memory-enabled assistant, streamed, with the memories it used. */
export function ChatPage() {
  const { conversationId: routeId } = useParams();
  const navigate = useNavigate();
  const subscriptionRefusals = useSubscriptionRefusals();
  const [messages, setMessages] = useState<readonly ScreenMessage[]>(() => [welcome()]);
  const [title, setTitle] = useState('New conversation');
  const [input, setInput] = useState('');
  const [mode, setMode] = useState<ChatMode>('chat');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Beside the thread on a wide screen (open at first); over it, as a drawer, on a phone or tablet (closed
  // at first, so the thread has the whole width).
  const widePanel = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [panelOpen, setPanelOpen] = useState(widePanel);
  useEffect(() => setPanelOpen(widePanel), [widePanel]);
  const [openMemoryId, setOpenMemoryId] = useState<string | null>(null);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  // The conversation this screen is in; a ref too, so the route change a new conversation causes is not
  // taken for a switch to another one.
  const conversationRef = useRef<string | null>(null);
  const [conversationId, setConversationIdState] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);

  const client = useApolloClient();
  const catalogue = useQuery(CHAT_MODELS_QUERY, { fetchPolicy: 'cache-and-network' });
  const conversations = useQuery(CONVERSATIONS_QUERY, {
    variables: { limit: CONVERSATION_LIST_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  const [loadConversation] = useLazyQuery(CONVERSATION_QUERY, { fetchPolicy: 'network-only' });
  const [webSearch] = useMutation(WEB_SEARCH_MUTATION);
  const latest = useLatestMemories();
  const fileUpload = useFileUpload();
  const fileMessageId = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const savedDefault = useAuth().user?.settings.defaultModel ?? null;
  const { models, initial } = useMemo(
    () => pickerModelsOf(catalogue.data?.chatModels, savedDefault),
    [catalogue.data, savedDefault],
  );
  const model = chosenModel ?? initial ?? '';
  const offline = catalogue.data?.chatModels.offline ?? false;

  const setConversationId = (id: string | null) => {
    conversationRef.current = id;
    setConversationIdState(id);
  };

  // The route names the conversation to show: a stored one, or none (a new one).
  useEffect(() => {
    const wanted = routeId ?? null;
    if (wanted === conversationRef.current) return;
    aborter.current?.abort();
    setConversationId(wanted);
    setBanner(null);
    if (!wanted) {
      setMessages([welcome()]);
      setTitle('New conversation');
      return;
    }
    setMessages([]);
    loadConversation({ variables: { id: wanted } })
      .then(({ data }) => {
        if (conversationRef.current !== wanted || !data) return;
        setTitle(data.conversation.title);
        setMessages(toScreenMessages(data.conversation.messages));
      })
      .catch((error: unknown) => {
        if (conversationRef.current !== wanted) return;
        setBanner(graphqlErrorMessage(error) ?? LOAD_FAILED);
      });
  }, [routeId, loadConversation]);

  useEffect(() => () => aborter.current?.abort(), []);

  const replace = (id: string, change: (message: ScreenMessage) => ScreenMessage) =>
    setMessages((current) => current.map((message) => (message.id === id ? change(message) : message)));

  const refreshSession = useRefreshSession();

  // Every conversation list on screen (this one, the dashboard's) asks again: a new or moved conversation.
  const refreshConversationLists = () => {
    client.refetchQueries({ include: [CONVERSATIONS_QUERY] }).catch(() => undefined);
  };

  const afterTurn = (turn: {
    conversationId: string;
    conversationTitle: string;
    text: string;
    createdAt: string;
  }) => {
    // The list beside the chat shows the turn's conversation at once, from the turn itself; the lists are
    // then asked again (memory counts, other tabs' changes).
    client.cache.updateQuery(
      { query: CONVERSATIONS_QUERY, variables: { limit: CONVERSATION_LIST_LIMIT } },
      (data) => {
        const page = withConversationFirst(data?.conversations, turn, CONVERSATION_LIST_LIMIT);
        const written = {
          conversations: {
            __typename: 'ConversationPage' as const,
            totalCount: page.totalCount,
            conversations: page.conversations.map((conversation) => ({
              __typename: 'ConversationSummary' as const,
              ...conversation,
            })),
          },
        };
        return written;
      },
    );
    refreshConversationLists();
    latest.reload().catch(() => undefined);
    setTimeout(() => latest.reload().catch(() => undefined), MEMORY_PANEL_RELOAD_DELAY_MS);
  };

  /** Streams one turn into the message `answerId`; resolves false when it failed. */
  const streamInto = async (
    answerId: string,
    message: string,
    search?: { readonly system: string },
  ): Promise<boolean> => {
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const turn = await streamChatTurn(
        {
          message,
          model: model || undefined,
          conversationId: conversationRef.current ?? undefined,
          ...(search ? { system: search.system, mode: 'search' as const } : {}),
        },
        {
          signal: controller.signal,
          refreshSession,
          onStart: (start) => {
            if (!conversationRef.current) {
              setConversationId(start.conversationId);
              void navigate(`/chat/${start.conversationId}`, { replace: true });
            }
            setTitle(start.conversationTitle);
          },
          onToken: (text) => replace(answerId, (answer) => ({ ...answer, content: answer.content + text })),
        },
      );
      replace(answerId, (answer) => ({
        ...answer,
        id: turn.assistantMessageId,
        content: turn.text,
        createdAt: turn.createdAt,
        streaming: false,
        memories: usedMemories(turn.memoriesRetrieved),
      }));
      setTitle(turn.conversationTitle);
      afterTurn(turn);
      return true;
    } catch (error) {
      if (controller.signal.aborted) return false;
      throw error;
    } finally {
      if (aborter.current === controller) aborter.current = null;
    }
  };

  const sendChat = async (text: string) => {
    const answer = screenMessage('assistant', '', { streaming: true });
    setMessages((current) => [...current, screenMessage('user', text), answer]);
    try {
      await streamInto(answer.id, text);
    } catch (error) {
      // A turn that failed after it started may still have made its conversation.
      refreshConversationLists();
      setBanner(ChatMessages.sendFailed);
      const detail = error instanceof ChatStreamError ? error.message : null;
      // Refused by the subscription check: the Subscription problem dialog says why, as on every screen.
      if (error instanceof ChatStreamError && error.code === GraphqlErrorCode.SubscriptionInvalid)
        subscriptionRefusals.emit(error.reason ?? 'validation_error');
      setMessages((current) => [
        ...current.filter((message) => message.id !== answer.id),
        screenMessage('error', ChatMessages.errorMessage, { detail }),
      ]);
    }
  };

  const sendSearch = async (query: string) => {
    const searchId = localMessageId('search');
    const state = (search: SearchState, extra: Partial<ScreenMessage> = {}) =>
      replace(searchId, (message) => ({ ...message, search, ...extra }));
    setMessages((current) => [
      ...current,
      screenMessage('user', query),
      {
        ...screenMessage('assistant', '', { streaming: true }),
        id: searchId,
        search: { query, status: 'searching', results: [], error: null },
      },
    ]);
    let found;
    try {
      const { data } = await webSearch({ variables: { query, numResults: WEB_SEARCH_DEFAULT_RESULTS } });
      if (!data) throw new Error(ChatMessages.searchFailed);
      found = data.webSearch;
    } catch (error) {
      setBanner(ChatMessages.searchFailed);
      const message = graphqlErrorMessage(error) ?? (error instanceof Error ? error.message : '');
      state(
        { query, status: 'error', results: [], error: ChatMessages.searchFailedFor(query, message) },
        { streaming: false },
      );
      return;
    }
    const results = found.results.map((result) => ({ title: result.title, url: result.url }));
    state({ query, status: 'processing', results, error: null });
    let summarised = false;
    try {
      summarised = await streamInto(searchId, query, {
        system: searchSummaryInstruction(query, found.formattedResults),
      });
    } catch {
      summarised = false;
    }
    // The summary failed: the raw formatted results are the answer (docs/requirements/web-app.md, Error texts).
    setMessages((current) =>
      current.map((message) =>
        message.search?.query === query && message.search.status === 'processing'
          ? {
              ...message,
              streaming: false,
              content: summarised ? message.content : found.formattedResults,
              search: { query, status: 'completed', results, error: null },
            }
          : message,
      ),
    );
  };

  // The file message follows its upload: progress, then the summary (or the failure).
  useEffect(() => {
    const id = fileMessageId.current;
    const state = fileUpload.state;
    if (!id || state.phase === 'idle') return;
    // The banner under the messages says it too, as for a failed message or search (docs/requirements/web-app.md, Error texts).
    if (state.phase === 'failed') setBanner(UploadMessages.failedGeneric);
    setMessages((current) =>
      current.map((message) => {
        if (message.id !== id || !message.file) return message;
        const file = message.file;
        switch (state.phase) {
          case 'uploading':
            return { ...message, file: { ...file, percent: state.percent, stage: state.stage } };
          case 'uploaded':
            return {
              ...message,
              file: {
                ...file,
                status: 'uploaded',
                percent: 100,
                summary: state.upload.summary ?? null,
                memoryId: state.upload.summaryMemoryId ?? null,
              },
            };
          case 'failed':
            return {
              ...message,
              file: {
                ...file,
                status: 'failed',
                error:
                  state.message === UploadMessages.failedGeneric
                    ? UploadMessages.failedGeneric
                    : UploadMessages.failedToUpload(file.name, state.message),
              },
            };
        }
      }),
    );
  }, [fileUpload.state]);

  const uploadFile = async (file: File) => {
    if (busy) return;
    const message: ScreenMessage = {
      ...screenMessage('user', file.name),
      file: {
        name: file.name,
        size: file.size,
        status: 'uploading',
        percent: 0,
        stage: 'uploading',
        summary: null,
        memoryId: null,
        error: null,
      },
    };
    fileMessageId.current = message.id;
    setMessages((current) => [...current, message]);
    setBanner(null);
    setBusy(true);
    try {
      await fileUpload.upload(file);
    } finally {
      setBusy(false);
      latest.reload().catch(() => undefined);
    }
  };

  const dropFile = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void uploadFile(file);
  };

  const send = () => {
    const text = input.trim();
    if (!text || busy) return;
    setInput('');
    setBanner(null);
    setBusy(true);
    const run = mode === 'search' ? sendSearch(text) : sendChat(text);
    run.finally(() => setBusy(false)).catch(() => undefined);
  };

  const startNew = () => {
    aborter.current?.abort();
    setConversationId(null);
    setMessages([welcome()]);
    setTitle('New conversation');
    setBanner(null);
    void navigate('/chat');
  };

  const clear = () => {
    startNew();
    setMessages([screenMessage('assistant', ChatMessages.cleared)]);
  };

  const open = (id: string) => {
    if (id !== conversationRef.current) void navigate(`/chat/${id}`);
  };

  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        // The page fills the screen below the top bar; the thread scrolls inside it.
        height: { xs: 'calc(100vh - 88px)', sm: 'calc(100vh - 112px)' },
        minHeight: 480,
        overflow: 'hidden',
      }}
    >
      <ConversationList
        conversations={conversations.data?.conversations.conversations ?? []}
        activeId={conversationId}
        onSelect={open}
        onNew={startNew}
        busy={busy}
      />
      <Box
        sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, position: 'relative' }}
        data-testid="chat-drop-zone"
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files') || busy) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={dropFile}
      >
        {dragging && (
          <Box
            data-testid="chat-drop-target"
            sx={{
              position: 'absolute',
              inset: 8,
              zIndex: 2,
              border: 2,
              borderStyle: 'dashed',
              borderColor: 'primary.main',
              borderRadius: 2,
              bgcolor: 'action.hover',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              pointerEvents: 'none',
            }}
          >
            <Typography variant="h6">Drop a file to upload it</Typography>
          </Box>
        )}
        <ChatHeader
          title={title}
          models={models}
          model={model}
          onModelChange={setChosenModel}
          busy={busy}
          memoryPanelOpen={panelOpen}
          onToggleMemoryPanel={() => {
            // Opening the panel shows the newest memories (extraction may have added some since).
            if (!panelOpen) latest.reload().catch(() => undefined);
            setPanelOpen(!panelOpen);
          }}
          onClear={clear}
          onSave={() => setNotice(SAVED_NOTICE)}
          onShare={conversationId ? () => setSharing(conversationId) : undefined}
        />
        {offline && (
          <Alert severity="info" sx={{ mx: 2, mt: 1 }} data-testid="offline-notice">
            {ChatMessages.offlineNotice}
          </Alert>
        )}
        <MessageList messages={messages} onMemoryClick={setOpenMemoryId} />
        {banner && (
          <Alert
            severity="error"
            sx={{ mx: 2, mb: 1 }}
            onClose={() => setBanner(null)}
            data-testid="chat-error"
          >
            {banner}
          </Alert>
        )}
        <ChatInput
          value={input}
          onChange={(value) => {
            setInput(value);
            // The banner clears when the user types (docs/requirements/web-app.md, Screens).
            if (banner) setBanner(null);
          }}
          onSend={send}
          mode={mode}
          onModeChange={setMode}
          busy={busy}
          attachment={
            <>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={UPLOAD_ACCEPTED_EXTENSIONS.join(',')}
                data-testid="chat-file-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void uploadFile(file);
                }}
              />
              <Tooltip title="Upload a file">
                <span>
                  <IconButton
                    aria-label="Upload a file"
                    disabled={busy}
                    onClick={() => fileInput.current?.click()}
                  >
                    <AttachFileIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          }
        />
      </Box>
      {widePanel ? (
        panelOpen && <MemoryPanel latest={latest} onMemoryClick={setOpenMemoryId} />
      ) : (
        <Drawer
          anchor="right"
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
          // Over the top bar (which sits above the navigation drawer), like any dialog.
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <MemoryPanel
            latest={latest}
            onMemoryClick={(id) => {
              setPanelOpen(false);
              setOpenMemoryId(id);
            }}
          />
        </Drawer>
      )}
      <MemoryDetailsDialog memoryId={openMemoryId} onClose={() => setOpenMemoryId(null)} />
      <ShareConversationDialog conversationId={sharing} onClose={() => setSharing(null)} />
      <Snackbar
        open={notice !== null}
        autoHideDuration={3_000}
        onClose={() => setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Paper>
  );
}
