import '@vm/client/zod-config.ts';
import './session-key.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@vm/client/query-client.ts';
import { ToastProvider } from '@vm/ui/toast.tsx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { textsReady } from './i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import '@vm/ui/styles.css';
import './driver.css';

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
registerServiceWorker();
