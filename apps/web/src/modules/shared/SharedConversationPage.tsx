import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { GraphqlErrorCode, PRODUCT_NAME } from '@membolt/contracts/rules';
import { graphqlErrorCode } from '../auth/utils/graphql-error.util';
import { MarkdownText } from '../chat/components/MarkdownText';
import { MessageBubble } from '../chat/components/MessageBubble';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { RetryAlert } from '../ui/components/RetryAlert';
import { SHARED_CONVERSATION_QUERY } from './graphql/shared-conversation.query';

const LOAD_FAILED = 'Failed to load the shared conversation. Please try again.';

/**
 * On a shared page the reader cannot tell which memories an answer used, so only the product's own links are
 * clickable; any other shows as text with its address (decision 083).
 */
function isProductLink(href: string): boolean {
  try {
    return new URL(href, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * /shared/{token}: a conversation its owner shares, read-only and without signing in: the messages only
 * (no memories, no input). A link never shared or revoked is the 404 screen (decision 090).
 */
export function SharedConversationPage() {
  const { token = '' } = useParams();
  const { data, error, loading, refetch } = useQuery(SHARED_CONVERSATION_QUERY, {
    variables: { token },
    fetchPolicy: 'network-only',
  });

  if (error && graphqlErrorCode(error) === GraphqlErrorCode.NotFound)
    return <NotFoundPage message="This conversation is not shared, or its link was revoked." />;
  if (loading && !data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading the conversation" />
      </Box>
    );
  if (!data)
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <RetryAlert onRetry={() => refetch()}>{LOAD_FAILED}</RetryAlert>
      </Container>
    );

  const conversation = data.sharedConversation;
  return (
    <Container maxWidth="md" sx={{ py: 4 }} data-testid="shared-conversation">
      <title>{`${conversation.title} - ${PRODUCT_NAME}`}</title>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {conversation.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
        {`A conversation shared read-only on ${new Date(conversation.sharedAt).toLocaleDateString()}`}
      </Typography>
      <Stack spacing={2} component="ol" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {conversation.messages.map((message, index) => (
          <MessageBubble
            key={index}
            component="li"
            role={message.role}
            createdAt={message.createdAt}
            testId="shared-message"
          >
            {message.role === 'user' ? (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.content}
              </Typography>
            ) : (
              <MarkdownText text={message.content} isLinkClickable={isProductLink} />
            )}
          </MessageBubble>
        ))}
      </Stack>
    </Container>
  );
}
