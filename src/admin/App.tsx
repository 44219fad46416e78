import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import Notifications from '../ui/Notifications.tsx';
import { ApiError } from './api-client.ts';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { SettingsProvider } from './settings/SettingsProvider.tsx';
import './admin.css';
import './admin-components.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will answer the same again; a network failure or 5xx gets one more try.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      staleTime: 30_000,
    },
  },
});

/** The staff admin area (design.md, "Admin"): one client-only React app; /login is a page of its own. */
export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SettingsProvider>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
          <Notifications />
        </SettingsProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
