import { cleanup, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-render.tsx';
import { nl } from '../../locales/nl.ts';
import { CardEntry } from './card-entry.tsx';

// The config is a query: every test answers the same sandbox config.
const sandboxConfig = {
  facebook_app_id: null,
  captcha: { provider: 'none', site_key: null },
  map: { tile_url: null, attribution: '' },
  payments: { provider: 'sandbox', test_mode: true, publishable_key: null },
  street_view: null,
};

/** Every request other than the config, as "METHOD pathname". */
let calls: string[] = [];
const server = setupServer(http.get('*/api/config', () => HttpResponse.json(sandboxConfig)));
server.events.on('request:start', ({ request }) => {
  const { pathname } = new URL(request.url);
  if (pathname !== '/api/config') calls.push(`${request.method} ${pathname}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderEntry(onAdded = vi.fn()) {
  const { user } = renderWithProviders(<CardEntry onAdded={onAdded} />);
  return { onAdded, user };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '12/34', cvc = '123') {
  await user.type(await screen.findByLabelText(nl.billing.number), number);
  await user.type(screen.getByLabelText(nl.billing.expiry), expiry);
  await user.type(screen.getByLabelText(nl.billing.cvc), cvc);
  await user.click(screen.getByRole('button', { name: nl.billing.addCard }));
}

describe('CardEntry (sandbox)', () => {
  it('shows the test-mode notice', async () => {
    renderEntry();
    const notice = await screen.findByText(nl.billing.testMode);
    expect(notice.closest('p')).toHaveTextContent(nl.billing.testModeHint);
    // The card number field is tied to the notice through the form's description.
    expect(notice.closest('form')).toHaveAttribute('aria-describedby', notice.closest('p')?.id);
  });

  it('shows a mistyped card number under Kaartnummer and asks nothing of the server', async () => {
    const { user, onAdded } = renderEntry();
    await fillCard(user, '4242 4242 4242 4241');

    const number = screen.getByLabelText(nl.billing.number);
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Dit kaartnummer is ongeldig.');
    // The other fields were fine.
    expect(screen.getByLabelText(nl.billing.expiry)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(nl.billing.cvc)).not.toHaveAttribute('aria-invalid');

    // Give any stray request the chance to start before checking none did.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('shows the provider refusal inline and no success toast', async () => {
    server.use(
      http.post('*/api/billing/sandbox/token', () => HttpResponse.json({ id: 'tok_x' })),
      http.post('*/api/billing/addcard', () => HttpResponse.json({ error: 'card_error', error_description: 'Your card was declined.' }, { status: 402 })),
    );
    const { user, onAdded } = renderEntry();
    await fillCard(user, '4000 0000 0000 0002');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Your card was declined\.$/);
    expect(alert.closest('form')).not.toBeNull();
    expect(calls).toEqual(['POST /api/billing/sandbox/token', 'POST /api/billing/addcard']);
    expect(screen.queryByText(nl.billing.cardAdded)).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
    // The button is usable again for a second try.
    expect(screen.getByRole('button', { name: nl.billing.addCard })).toBeEnabled();
  });

  it('adds the card: sends the parsed expiry, toasts success and calls onAdded', async () => {
    let tokenBody: unknown = null;
    let addBody: unknown = null;
    server.use(
      http.post('*/api/billing/sandbox/token', async ({ request }) => {
        tokenBody = await request.json();
        return HttpResponse.json({ id: 'tok_x' });
      }),
      http.post('*/api/billing/addcard', async ({ request }) => {
        addBody = await request.json();
        return HttpResponse.json([{ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 }]);
      }),
    );
    const { user, onAdded } = renderEntry();
    await fillCard(user, '4242 4242 4242 4242', '12/34', '123');

    expect(await screen.findByRole('status')).toHaveTextContent(nl.billing.cardAdded);
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(tokenBody).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
    expect(addBody).toEqual({ stripeToken: 'tok_x' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The form is emptied after success.
    expect(screen.getByLabelText(nl.billing.number)).toHaveValue('');
  });
});
