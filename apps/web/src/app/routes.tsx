import type { RouteObject } from 'react-router';
import { LandingPage } from '../modules/landing/LandingPage';
import { AppLayout } from '../modules/layout/AppLayout';
import { NotFoundPage } from '../modules/not-found/NotFoundPage';

export const APP_ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
