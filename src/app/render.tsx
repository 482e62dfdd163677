import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

/** Renders the app into the root element (called by main.tsx once the deployment setting is known). */
export function renderApp(root: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
