import '@vm/client/zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { ToastProvider } from '@vm/ui/toast.tsx';
import { textsReady } from './lib/i18n.ts';
import { queryClient } from '@vm/client/query-client.ts';
import '@vm/ui/styles.css';

// A French or English first paint waits for its small chunk of texts (Dutch is in this one).
void textsReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
