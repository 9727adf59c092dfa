import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-render.tsx';
import { nl } from '../../locales/nl.ts';
import { CardWidget } from './card-widget.tsx';

let deletes = 0;
const handlers = [
  http.post('*/api/billing/deletecards', () => {
    deletes++;
    return HttpResponse.json([]);
  }),
];
beforeEach(() => server.use(...handlers));
afterEach(() => {
  cleanup();
  deletes = 0;
});

describe('CardWidget', () => {
  it('asks before removing the card: No keeps it, Yes removes it', async () => {
    const { user } = renderWithProviders(<CardWidget card={{ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2029 }} />);
    await user.click(screen.getByRole('button', { name: nl.billing.removeCard }));
    const ask = screen.getByRole('dialog', { name: nl.billing.removeTitle });
    expect(ask).toHaveTextContent('Wil je je kaart Visa •••• 4242 verwijderen?');
    await user.click(within(ask).getByRole('button', { name: nl.billing.removeNo }));
    expect(screen.queryByRole('dialog', { name: nl.billing.removeTitle })).not.toBeInTheDocument();
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: nl.billing.removeCard }));
    await user.click(within(screen.getByRole('dialog', { name: nl.billing.removeTitle })).getByRole('button', { name: nl.billing.removeYes }));
    expect(await screen.findByText(nl.billing.cardRemoved)).toBeInTheDocument();
    expect(deletes).toBe(1);
  });
});
