import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-render.tsx';
import { type ToastKind, useToast } from '@vm/ui/toast.tsx';

function Show({ items }: { items: [string, ToastKind][] }) {
  const toast = useToast();
  useEffect(() => {
    for (const [text, kind] of items) toast(text, kind);
  }, [items, toast]);
  return null;
}

describe('toasts', () => {
  it('keep the newest three live pushes, and never push out the outcome of the user’s own action', async () => {
    await act(async () => {
      renderWithProviders(<Show items={[['Het bod is aanvaard!', 'success'], ['push 1', 'info'], ['push 2', 'info'], ['push 3', 'info'], ['push 4', 'info'], ['push 5', 'info']]} />);
    });
    expect(screen.getByText('Het bod is aanvaard!')).toBeInTheDocument();
    expect(screen.queryByText('push 1')).toBeNull();
    expect(screen.queryByText('push 2')).toBeNull();
    for (const t of ['push 3', 'push 4', 'push 5']) expect(screen.getByText(t)).toBeInTheDocument();
  });
});
