import type { RouteObject } from 'react-router';
import { GuestOnly } from '../modules/auth/guards/GuestOnly';
import { RequireAuth } from '../modules/auth/guards/RequireAuth';
import { ForgotPasswordPage } from '../modules/auth/pages/ForgotPasswordPage';
import { LoginPage } from '../modules/auth/pages/LoginPage';
import { RegisterPage } from '../modules/auth/pages/RegisterPage';
import { ResetPasswordPage } from '../modules/auth/pages/ResetPasswordPage';
import { ChatPage } from '../modules/chat/ChatPage';
import { DashboardPage } from '../modules/dashboard/DashboardPage';
import { LandingPage } from '../modules/landing/LandingPage';
import { MemoriesPage } from '../modules/memories/MemoriesPage';
import { AppLayout } from '../modules/layout/AppLayout';
import { SignedInLayout } from '../modules/layout/SignedInLayout';
import { NotFoundPage } from '../modules/not-found/NotFoundPage';
import { QuickstartPage } from '../modules/quickstart/QuickstartPage';
import { SettingsPage } from '../modules/settings/SettingsPage';
import { SharedConversationPage } from '../modules/shared/SharedConversationPage';

export const APP_ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // Public: the link's token is the permission, signed in or not.
      { path: 'shared/:token', element: <SharedConversationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <SignedInLayout />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          // One element for both: starting a conversation moves /chat to /chat/{id} without a remount.
          { path: 'chat/:conversationId?', element: <ChatPage /> },
          { path: 'memories', element: <MemoriesPage /> },
          { path: 'quickstart', element: <QuickstartPage /> },
          // Keyed apart: moving between the two URLs opens the page again on the right tab.
          { path: 'settings', element: <SettingsPage key="settings" /> },
          {
            path: 'settings/subscription',
            element: <SettingsPage key="subscription" initialTab="subscription" />,
          },
        ],
      },
    ],
  },
];
