import { useApolloClient, useLazyQuery, useMutation } from '@apollo/client/react';
import { ChatMessages, GraphqlErrorCode, WEB_SEARCH_DEFAULT_RESULTS } from '@membolt/contracts/rules';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRefreshSession } from '../../auth/hooks/use-refresh-session';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { useSubscriptionRefusals } from '../../billing';
import type { ScreenMessage, SearchState } from '../chat.types';
import { WEB_SEARCH_MUTATION } from '../graphql/mutations/web-search.mutation';
import { CONVERSATION_QUERY } from '../graphql/queries/conversation.query';
import { CONVERSATIONS_QUERY } from '../graphql/queries/conversations.query';
import { searchSummaryInstruction } from '../prompts';
import { ChatStreamError, streamChatTurn } from '../utils/chat-stream';
import {
  localMessageId,
  screenMessage,
  toScreenMessages,
  usedMemories,
  withConversationFirst,
} from '../utils/chat-screen.util';

/** Conversations the list beside the chat shows. */
export const CONVERSATION_LIST_LIMIT = 30;
const LOAD_FAILED = 'Failed to load this conversation. Please try again.';
const NEW_CONVERSATION = 'New conversation';

const welcome = (): ScreenMessage => screenMessage('assistant', ChatMessages.welcome);

export interface ChatStream {
  readonly messages: readonly ScreenMessage[];
  readonly setMessages: Dispatch<SetStateAction<readonly ScreenMessage[]>>;
  readonly title: string;
  /** The conversation on screen; null for a new one (made by its first turn). */
  readonly conversationId: string | null;
  /** The error under the messages, if any. */
  readonly banner: string | null;
  readonly setBanner: (banner: string | null) => void;
  /** One chat turn: the user's message, then the answer streamed in. */
  readonly sendChat: (text: string) => Promise<void>;
  /** A web search, then its summary streamed in (the raw results when the summary fails). */
  readonly sendSearch: (query: string) => Promise<void>;
  /** Leaves the conversation for a new one. */
  readonly startNew: () => void;
  /** A new conversation that says the screen was cleared. */
  readonly clear: () => void;
  /** Shows a stored conversation. */
  readonly open: (id: string) => void;
}

/**
 * The thread of the Chat screen: the conversation the route names (loaded, or a new one), its turns
 * streamed from the chat endpoint, and web searches summarised by the model. `onAnswered` runs after
 * each finished turn (the memory panel looks again).
 */
export function useChatStream({
  model,
  onAnswered,
}: {
  readonly model: string;
  readonly onAnswered: () => void;
}): ChatStream {
  const { conversationId: routeId } = useParams();
  const navigate = useNavigate();
  const subscriptionRefusals = useSubscriptionRefusals();
  const [messages, setMessages] = useState<readonly ScreenMessage[]>(() => [welcome()]);
  const [title, setTitle] = useState(NEW_CONVERSATION);
  const [banner, setBanner] = useState<string | null>(null);
  // The conversation this screen is in; a ref too, so the route change a new conversation causes is not
  // taken for a switch to another one.
  const conversationRef = useRef<string | null>(null);
  const [conversationId, setConversationIdState] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);

  const client = useApolloClient();
  const [loadConversation] = useLazyQuery(CONVERSATION_QUERY, { fetchPolicy: 'network-only' });
  const [webSearch] = useMutation(WEB_SEARCH_MUTATION);
  const refreshSession = useRefreshSession();

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
      setTitle(NEW_CONVERSATION);
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
    onAnswered();
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

  const startNew = () => {
    aborter.current?.abort();
    setConversationId(null);
    setMessages([welcome()]);
    setTitle(NEW_CONVERSATION);
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

  return {
    messages,
    setMessages,
    title,
    conversationId,
    banner,
    setBanner,
    sendChat,
    sendSearch,
    startNew,
    clear,
    open,
  };
}
