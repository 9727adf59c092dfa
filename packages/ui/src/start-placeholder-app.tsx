import '@vm/client/zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@vm/client/query-client.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignedInPlaceholder } from './signed-in-placeholder.tsx';
import './styles.css';

/** The entry of an app that has no screens yet (driver, ops): its texts first, then the placeholder page. */
export function startPlaceholderApp(textsReady: Promise<unknown>): void {
  // A French or English first paint waits for its small chunk of texts (Dutch is in the entry).
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
}
