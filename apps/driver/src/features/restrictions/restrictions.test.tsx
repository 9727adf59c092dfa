import { screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { UserRestriction } from '@vm/domain/restrictions';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { driverApi, job, profile, renderApp, resetApp } from '../../test-app.tsx';

afterEach(() => resetApp());

// Issue 23 part 2: the driver sees the statement of reasons (banner on every page, the restriction
// page), contests it, and a bid refused because of it says so with the way to that page.

const statement = {
  restricted: 'Je kunt geen nieuwe zendingen boeken en geen nieuwe biedingen doen. Lopende opdrachten, betalingen en uitbetalingen lopen gewoon door.',
  period: 'Sinds zondag 22 november 2026, tot we de beslissing opheffen.',
  reason: 'Je gaf drie aanvaarde opdrachten terug in één week.',
  how_to_contest: 'Ben je het niet eens? Maak bezwaar in de app onder Account › Beperkingen en leg uit waarom.',
  legal_basis: 'Verordening (EU) 2019/1150 (platform-to-business), artikel 4, en onze gebruiksvoorwaarden.',
};
const restriction = (over: Partial<UserRestriction> = {}): UserRestriction => ({
  id: 5,
  kind: 'restrict',
  active: true,
  starts_at: 1_795_341_600,
  ends_at: null,
  lifted_at: null,
  lift_reason: null,
  locale: 'nl',
  statement,
  contests: [],
  may_contest: true,
  ...over,
});

describe('a restricted driver', () => {
  it('sees the banner, reads the statement of reasons with the lifted one, and contests it', async () => {
    driverApi(profile({ status: 'approved', missing_documents: [] }));
    const lifted = restriction({ id: 2, active: false, lifted_at: 1_795_000_000, lift_reason: 'Het voertuig was echt stuk: de beperking is opgeheven.', may_contest: false, statement: { ...statement, reason: 'Drie opdrachten teruggegeven in oktober.' } });
    let current = restriction();
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/driver/shipment/77', () => HttpResponse.json(job())),
      http.get('*/api/user/restrictions', () => HttpResponse.json({ standing: 'restricted', restrictions: [current, lifted] })),
      http.post('*/api/user/restrictions/5/contest', async ({ request }) => {
        const body = (await request.json()) as { text: string };
        bodies.push(body);
        current = restriction({ contests: [{ id: 9, text: body.text, created_at: 1_795_400_000 }] });
        return HttpResponse.json(current, { status: 201 });
      }),
    );
    const { user } = renderApp('/work/77');

    const banner = await screen.findByTestId('restriction-banner');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('Je account is beperkt. Je kunt geen nieuwe zendingen boeken en geen nieuwe biedingen doen.');
    await user.click(within(banner).getByRole('link', { name: 'Lees waarom en hoe je bezwaar maakt' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Beperking van je account' })).toBeVisible();
    const active = screen.getByRole('article', { name: 'Beperking (van kracht)' });
    expect(within(active).getByText(statement.reason)).toBeVisible();
    expect(within(active).getByText(statement.period)).toBeVisible();
    expect(within(active).getByText(statement.legal_basis)).toBeVisible();
    expect(within(active).getByText(statement.how_to_contest)).toBeVisible();
    const ended = screen.getByRole('article', { name: /Beperking \(opgeheven op/ });
    expect(within(ended).getByText('Het voertuig was echt stuk: de beperking is opgeheven.')).toBeVisible();
    expect(within(ended).queryByRole('button')).toBeNull();

    // Too short: the error at the field, nothing sent.
    await user.type(within(active).getByLabelText('Je bezwaar'), 'Nee');
    await user.click(within(active).getByRole('button', { name: 'Bezwaar versturen' }));
    expect(within(active).getByLabelText('Je bezwaar')).toHaveAccessibleDescription(/Leg in minstens 10 tekens uit waarom je het niet eens bent/);
    await user.type(within(active).getByLabelText('Je bezwaar'), ', mijn bestelwagen had pech: zie de factuur van de garage.');
    await user.click(within(active).getByRole('button', { name: 'Bezwaar versturen' }));
    expect(await within(active).findByText('Nee, mijn bestelwagen had pech: zie de factuur van de garage.')).toBeVisible();
    expect(bodies).toEqual([{ text: 'Nee, mijn bestelwagen had pech: zie de factuur van de garage.' }]);
  });

  it('a refused bid shows the server’s message and the way to the restriction page', async () => {
    driverApi(profile({ status: 'approved', missing_documents: [] }));
    const message = 'Je account is beperkt: je kunt geen nieuwe zendingen boeken of biedingen doen. Je leest waarom onder Account › Beperkingen, waar je ook bezwaar kunt maken.';
    let standing = 'none';
    server.use(
      http.get('*/api/driver/shipment/77', () => HttpResponse.json(job())),
      http.get('*/api/user/restrictions', () => HttpResponse.json(standing === 'none' ? { standing, restrictions: [] } : { standing, restrictions: [restriction()] })),
      http.post('*/api/driver/shipment/77/offer', () => ((standing = 'restricted'), HttpResponse.json({ error: 'account_restricted', error_description: message }, { status: 403 }))),
    );
    const { user } = renderApp('/work/77');
    await user.type(await screen.findByLabelText('Je prijs zonder btw (€)'), '100');
    await user.click(screen.getByRole('button', { name: 'Bod versturen' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Naar de beperking van je account' })).toBeVisible();
    // The standing is read again: the banner shows too.
    expect(await screen.findByTestId('restriction-banner')).toBeVisible();
  });

  it('a suspended driver lands on the restriction page from any page', async () => {
    driverApi();
    server.use(
      http.get('*/api/driver/board', () => HttpResponse.json({ error: 'account_suspended', error_description: 'Je account is geschorst.' }, { status: 403 })),
      http.get('*/api/user/restrictions', () =>
        HttpResponse.json({ standing: 'suspended', restrictions: [restriction({ kind: 'suspend', statement: { ...statement, restricted: 'Je account is geschorst: je kunt de app niet gebruiken, behalve om deze beslissing te lezen en er bezwaar tegen te maken.' } })] }),
      ),
    );
    const { router } = renderApp('/work');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beperking van je account' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/restrictions'));
    expect(screen.getByRole('article', { name: 'Schorsing (van kracht)' })).toHaveTextContent('je kunt de app niet gebruiken');
  });
});
