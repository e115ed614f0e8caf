import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './apollo-client';
import { APP_ROUTES } from './routes';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

export function App() {
  const [apolloClient] = useState(createApolloClient);
  const [router] = useState(() => createBrowserRouter(APP_ROUTES));

  return (
    <ApolloProvider client={apolloClient}>
      <ThemeModeProvider>
        <RouterProvider router={router} />
      </ThemeModeProvider>
    </ApolloProvider>
  );
}
