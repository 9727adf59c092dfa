import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '@vm/ui/toast.tsx';
import { i18next } from './lib/i18n.ts';

/** Renders with the providers the app puts around every screen (i18n, a fresh query cache, toasts). */
export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, client, user: userEvent.setup() };
}
