import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from '../modules/auth/AuthProvider';
import { SessionEndedSignal } from '../modules/auth/session-ended.signal';
import { SubscriptionRefusalContext } from '../modules/billing/subscription-refusal.context';
import { SubscriptionRefusalSignal } from '../modules/billing/links/subscription-refusal.link';
import { createApolloClient } from './apollo-client';
import { APP_ROUTES } from './routes';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

export function App() {
  const [sessionEnded] = useState(() => new SessionEndedSignal());
  const [subscriptionRefusals] = useState(() => new SubscriptionRefusalSignal());
  const [apolloClient] = useState(() =>
    createApolloClient({ onSessionEnded: () => sessionEnded.emit(), subscriptionRefusals }),
  );
  const [router] = useState(() => createBrowserRouter(APP_ROUTES));

  return (
    <ApolloProvider client={apolloClient}>
      <SubscriptionRefusalContext value={subscriptionRefusals}>
        <ThemeModeProvider>
          <AuthProvider sessionEnded={sessionEnded}>
            <RouterProvider router={router} />
          </AuthProvider>
        </ThemeModeProvider>
      </SubscriptionRefusalContext>
    </ApolloProvider>
  );
}
