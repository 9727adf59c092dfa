import '@vm/client/zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@vm/client/query-client.ts';
import { SignedInPlaceholder } from '@vm/ui/signed-in-placeholder.tsx';
import '@vm/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { textsReady } from './i18n.ts';

// A French or English first paint waits for its small chunk of texts (Dutch is in this one).
void textsReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <main id="main">
          <SignedInPlaceholder />
        </main>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
