import { screen, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { readToken } from '@vm/client/token-store.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, renderApp, resetApp } from '../../test-app.tsx';

afterEach(() => resetApp());

// Issue 23 part 4: the driver's "Je gegevens" on Account (texts loaded with the account route).

describe('Je gegevens on the driver’s account page', () => {
  it('shows why the account cannot go yet (money still to be paid out), then deletes it and signs out', async () => {
    driverApi();
    const bodies: unknown[] = [];
    const refusal = 'Je account kan nog niet weg: er staat nog een bedrag open (een onbetaalde factuur of een uitbetaling). Neem contact op met de klantendienst.';
    const answers = [HttpResponse.json({ error: 'conflict', error_description: refusal }, { status: 409 }), new HttpResponse(null, { status: 204 })];
    server.use(http.post('*/api/user/delete', async ({ request }) => (bodies.push(await request.json()), answers.shift()!)));
    const { user } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Mijn account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Je account verwijderen?' });
    expect(within(dialog).getByText(/uitbetalingen, onze boekhouding en de vrachtbrieven van je ritten bewaren we 10 jaar/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Je wachtwoord'), 'rijden123{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);

    await user.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    expect(await screen.findByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
    expect(bodies).toEqual([{ password: 'rijden123' }, { password: 'rijden123' }]);
    expect(readToken()).toBeNull();
  });
});
