import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChatMessages } from '@membolt/contracts/rules';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../auth/auth.context';
import { MemoryDetailsDialog, useLatestMemories } from '../memories';
import type { ChatMode } from './chat.types';
import { ChatAttachButton } from './components/ChatAttachButton';
import { ChatDropOverlay } from './components/ChatDropOverlay';
import { ChatHeader } from './components/ChatHeader';
import { ChatInput } from './components/ChatInput';
import { ChatMemorySide } from './components/ChatMemorySide';
import { ConversationList } from './components/ConversationList';
import { MessageList } from './components/MessageList';
import { ShareConversationDialog } from './components/ShareConversationDialog';
import { CHAT_MODELS_QUERY } from './graphql/queries/chat-models.query';
import { CONVERSATIONS_QUERY } from './graphql/queries/conversations.query';
import { CONVERSATION_LIST_LIMIT, useChatStream } from './hooks/use-chat-stream';
import { useChatUploads } from './hooks/use-chat-uploads';
import { pickerModelsOf } from './utils/chat-screen.util';

/** Extraction runs after the answer, asynchronously: the panel looks again once it has had time. */
const MEMORY_PANEL_RELOAD_DELAY_MS = 2_000;
const SAVED_NOTICE = 'Conversation saved. Find it in your conversation list.';

/** /chat and /chat/{id}: the memory-enabled assistant, streamed, with the memories it used. */
export function ChatPage() {
  const [input, setInput] = useState('');
  const [mode, setMode] = useState<ChatMode>('chat');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Beside the thread on a wide screen (open at first); over it, as a drawer, on a phone or tablet (closed
  // at first, so the thread has the whole width).
  const widePanel = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [panelOpen, setPanelOpen] = useState(widePanel);
  useEffect(() => setPanelOpen(widePanel), [widePanel]);
  const [openMemoryId, setOpenMemoryId] = useState<string | null>(null);
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);

  const catalogue = useQuery(CHAT_MODELS_QUERY, { fetchPolicy: 'cache-and-network' });
  const conversations = useQuery(CONVERSATIONS_QUERY, {
    variables: { limit: CONVERSATION_LIST_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  const latest = useLatestMemories();
  const reloadLatest = () => {
    latest.reload().catch(() => undefined);
  };

  const savedDefault = useAuth().user?.settings.defaultModel ?? null;
  const { models, initial } = useMemo(
    () => pickerModelsOf(catalogue.data?.chatModels, savedDefault),
    [catalogue.data, savedDefault],
  );
  const model = chosenModel ?? initial ?? '';
  const offline = catalogue.data?.chatModels.offline ?? false;

  const chat = useChatStream({
    model,
    onAnswered: () => {
      reloadLatest();
      setTimeout(reloadLatest, MEMORY_PANEL_RELOAD_DELAY_MS);
    },
  });
  const { banner, setBanner } = chat;
  const uploads = useChatUploads({
    busy,
    setBusy,
    setMessages: chat.setMessages,
    setBanner,
    onUploaded: reloadLatest,
  });

  const send = () => {
    const text = input.trim();
    if (!text || busy) return;
    setInput('');
    setBanner(null);
    setBusy(true);
    const run = mode === 'search' ? chat.sendSearch(text) : chat.sendChat(text);
    run.finally(() => setBusy(false)).catch(() => undefined);
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
        activeId={chat.conversationId}
        onSelect={chat.open}
        onNew={chat.startNew}
        busy={busy}
      />
      <Box
        sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, position: 'relative' }}
        data-testid="chat-drop-zone"
        {...uploads.dropZone}
      >
        {uploads.dragging && <ChatDropOverlay />}
        <ChatHeader
          title={chat.title}
          models={models}
          model={model}
          onModelChange={setChosenModel}
          busy={busy}
          memoryPanelOpen={panelOpen}
          onToggleMemoryPanel={() => {
            // Opening the panel shows the newest memories (extraction may have added some since).
            if (!panelOpen) reloadLatest();
            setPanelOpen(!panelOpen);
          }}
          onClear={chat.clear}
          onSave={() => setNotice(SAVED_NOTICE)}
          onShare={chat.conversationId ? () => setSharing(chat.conversationId) : undefined}
        />
        {offline && (
          <Alert severity="info" sx={{ mx: 2, mt: 1 }} data-testid="offline-notice">
            {ChatMessages.offlineNotice}
          </Alert>
        )}
        <MessageList messages={chat.messages} onMemoryClick={setOpenMemoryId} />
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
          attachment={<ChatAttachButton busy={busy} onFile={(file) => void uploads.uploadFile(file)} />}
        />
      </Box>
      <ChatMemorySide
        wide={widePanel}
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        latest={latest}
        onMemoryClick={setOpenMemoryId}
      />
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
