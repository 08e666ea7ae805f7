import { createBrowserRouter, Navigate } from 'react-router';
import { AdminPage } from '../features/admin/AdminPage';
import { ApplicationDetailsPage } from '../features/applications/details/ApplicationDetailsPage';
import { ApplicationsPage } from '../features/applications/ApplicationsPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireAuth } from '../features/auth/RequireAuth';
import { HomePage } from '../features/home/HomePage';
import { ItemDetailsPage } from '../features/items/ItemDetailsPage';
import { AppLayout } from '../features/layout/AppLayout';
import { BaselinesPage } from '../features/baselines/BaselinesPage';
import { CalendarFeedsPage } from '../features/calendar-feeds/CalendarFeedsPage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { ProjectDetailsPage } from '../features/projects/details/ProjectDetailsPage';
import { ReadinessGate } from '../features/readiness/ReadinessGate';
import { SharesPage } from '../features/shares/SharesPage';
import { ComparePage } from '../features/scenarios/ComparePage';
import { ScenariosPage } from '../features/scenarios/ScenariosPage';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        // after a start the server answers queries once its read models have caught up
        element: <ReadinessGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/', element: <HomePage /> },
              { path: '/applications', element: <ApplicationsPage /> },
              { path: '/application-details/:id', element: <ApplicationDetailsPage /> },
              { path: '/projects', element: <ProjectsPage /> },
              { path: '/project-details/:id', element: <ProjectDetailsPage /> },
              { path: '/task-details/:id', element: <ItemDetailsPage /> },
              { path: '/admin', element: <AdminPage /> },
              { path: '/admin/:tab', element: <AdminPage /> },
              { path: '/shares', element: <SharesPage /> },
              { path: '/baselines', element: <BaselinesPage /> },
              { path: '/calendar-feeds', element: <CalendarFeedsPage /> },
              { path: '/scenarios', element: <ScenariosPage /> },
              { path: '/scenarios/compare', element: <ComparePage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
