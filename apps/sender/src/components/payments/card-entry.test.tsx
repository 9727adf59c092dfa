import { cleanup, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-render.tsx';
import { nl } from '../../locales/nl.ts';
import { CardEntry } from './card-entry.tsx';
import { cardErrorText, formatCardNumber, formatExpiry } from './card-format.ts';
import { ApiError } from '@vm/client/api-client.ts';
import { sandboxConfig } from '../../test-fixtures.ts';

// The config is a query: every test answers the same sandbox config.
const config = sandboxConfig();

/** Every request other than the config, as "METHOD pathname". */
let calls: string[] = [];
const handlers = [http.get('*/api/config', () => HttpResponse.json(config))];
beforeEach(() => server.use(...handlers));
server.events.on('request:start', ({ request }) => {
  const { pathname } = new URL(request.url);
  if (pathname !== '/api/config') calls.push(`${request.method} ${pathname}`);
});

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
});

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

  it('shows the provider refusal inline in Dutch, the provider’s own words as a detail, and no success toast', async () => {
    server.use(
      http.post('*/api/billing/sandbox/token', () => HttpResponse.json({ id: 'tok_x' })),
      http.post('*/api/billing/addcard', () =>
        HttpResponse.json({ error: 'card_error', error_description: 'Your card was declined.', decline_code: 'generic_decline', provider_message: 'Your card was declined.' }, { status: 402 }),
      ),
    );
    const { user, onAdded } = renderEntry();
    await fillCard(user, '4000 0000 0000 0002');

    const alert = await screen.findByRole('alert');
    // The text comes from the code, so it is Dutch even though the body's description is English.
    expect(alert.querySelector('.field-error')).toHaveTextContent(/^Je kaart werd geweigerd\. Probeer een andere kaart of neem contact op met je bank\.$/);
    expect(alert.querySelector('small')).toHaveTextContent(/^Melding van de betaalprovider: Your card was declined\.$/);
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

describe('typing a card', () => {
  it('groups the number in fours as it is typed, and pasting spaces or dashes gives the same', async () => {
    const { user } = renderEntry();
    const number = await screen.findByLabelText(nl.billing.number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.clear(number);
    await user.type(number, '4000-0000-0000-0002');
    expect(number).toHaveValue('4000 0000 0000 0002');
    // Deleting at the end removes digits, not just the space.
    await user.type(number, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(number).toHaveValue('4000 0000 0000');
    await user.type(number, '{Backspace}');
    expect(number).toHaveValue('4000 0000 000');
  });

  it('writes the expiry as MM/JJ while typing, and deletes back through the slash', async () => {
    const { user } = renderEntry();
    const expiry = await screen.findByLabelText(nl.billing.expiry);
    await user.type(expiry, '12');
    expect(expiry).toHaveValue('12');
    await user.type(expiry, '2');
    expect(expiry).toHaveValue('12/2');
    await user.type(expiry, '9');
    expect(expiry).toHaveValue('12/29');
    await user.type(expiry, '7');
    expect(expiry).toHaveValue('12/29');
    await user.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('12/2');
    await user.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('12');
    await user.type(expiry, '{Backspace}{Backspace}');
    expect(expiry).toHaveValue('');
    // A month that can only be one digit gets its zero; a typed slash is not doubled.
    await user.type(expiry, '4/31');
    expect(expiry).toHaveValue('04/31');
  });

  it('sends the typed 1229 as December 2029', async () => {
    let tokenBody: unknown = null;
    server.use(
      http.post('*/api/billing/sandbox/token', async ({ request }) => {
        tokenBody = await request.json();
        return HttpResponse.json({ id: 'tok_x' });
      }),
      http.post('*/api/billing/addcard', () => HttpResponse.json([{ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2029 }])),
    );
    const { user, onAdded } = renderEntry();
    await fillCard(user, '4242424242424242', '1229', '123');
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(tokenBody).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2029, cvc: '123' });
  });

  it('formats without a form: digits only, at most 19 and 4', () => {
    expect(formatCardNumber('4242 4242 4242 4242 1234 5')).toBe('4242 4242 4242 4242 123');
    expect(formatCardNumber('37828224631000 5')).toBe('3782 8224 6310 005');
    expect(formatCardNumber('abc')).toBe('');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('12/')).toBe('12');
    expect(formatExpiry('9')).toBe('09');
    expect(formatExpiry('122999')).toBe('12/29');
  });
});

describe('card refusals in Dutch', () => {
  const refusal = (decline_code: string, provider_message: string) =>
    new ApiError(402, { error: 'card_error', error_description: provider_message, decline_code, provider_message });

  it.each([
    ['insufficient_funds', 'Your card has insufficient funds.', 'Er staat onvoldoende saldo op je kaart.'],
    ['expired_card', 'Your card has expired.', 'Je kaart is vervallen. Gebruik een andere kaart.'],
    ['incorrect_cvc', "Your card's security code is incorrect.", 'De beveiligingscode (CVC) van je kaart klopt niet.'],
    ['processing_error', 'An error occurred while processing your card.', 'Er ging iets mis bij het verwerken van je kaart. Probeer het opnieuw.'],
    ['authentication_required', 'Your card was declined. This transaction requires authentication.', 'Je bank vraagt een extra bevestiging die hier niet kan. Gebruik een andere kaart of betaal met Bancontact.'],
    ['card_declined', 'Your card was declined.', 'Je kaart werd geweigerd. Probeer een andere kaart of neem contact op met je bank.'],
    ['do_not_honor', 'Your card was declined.', 'Je kaart werd geweigerd. Probeer een andere kaart of neem contact op met je bank.'],
  ])('%s from the server reads as the catalogue text, with the provider’s words as the detail', (code, english, dutch) => {
    expect(cardErrorText(refusal(code, english))).toEqual({ message: dutch, detail: english });
  });

  it('maps Stripe.js’s own browser errors by their code too', () => {
    expect(cardErrorText({ code: 'incomplete_number', message: 'Your card number is incomplete.' })).toEqual({ message: 'Dit kaartnummer is ongeldig.', detail: 'Your card number is incomplete.' });
    expect(cardErrorText({ code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." })).toEqual({ message: 'De vervaldatum is ongeldig.', detail: "Your card's expiration year is in the past." });
    expect(cardErrorText({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }).message).toBe('Er staat onvoldoende saldo op je kaart.');
  });

  it('leaves our own server messages (already Dutch) as they are', () => {
    expect(cardErrorText(new ApiError(429, { error: 'too_many_requests', error_description: 'Te veel pogingen.' }))).toEqual({ message: 'Te veel pogingen.', detail: null });
  });
});
