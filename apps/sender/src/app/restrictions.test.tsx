import { cleanup, screen, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import type { UserRestriction } from '@vm/domain/restrictions';
import { zonedInstant } from '@vm/domain/zoned-time';
import { RestrictionBanner, RestrictionPage } from '@vm/ui/restrictions.tsx';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WizardPage } from '../features/wizard/components/wizard-page.tsx';
import { changeDraft } from '../features/wizard/from-shipment.ts';
import { openDraft, resetWizard } from '../features/wizard/wizard-state.ts';
import { locationIn, sandboxConfig, shipmentRead } from '../test-fixtures.ts';
import { renderWithProviders } from '../test-render.tsx';

// Issue 23 part 2: a restricted sender sees the banner on a signed-in page, reads the statement of
// reasons on the restriction page and contests it; a booking refused because of it says so.

afterEach(() => {
  cleanup();
  writeToken(null);
  resetWizard();
});

const statement = {
  restricted: 'Je kunt geen nieuwe zendingen boeken en geen nieuwe biedingen doen. Lopende opdrachten, betalingen en uitbetalingen lopen gewoon door.',
  period: 'Van zondag 22 november 2026 tot zondag 6 december 2026.',
  reason: 'Drie betalingen werden teruggeboekt; we onderzoeken ze.',
  how_to_contest: 'Ben je het niet eens? Maak bezwaar in de app onder Account › Beperkingen en leg uit waarom.',
  legal_basis: 'De regels van onze gebruiksvoorwaarden.',
};
const restriction = (over: Partial<UserRestriction> = {}): UserRestriction => ({
  id: 8,
  kind: 'restrict',
  active: true,
  starts_at: 1_795_341_600,
  ends_at: 1_796_551_200,
  lifted_at: null,
  lift_reason: null,
  locale: 'nl',
  statement,
  contests: [],
  may_contest: true,
  ...over,
});

const mount = (path: string) => {
  const router = createMemoryRouter(
    [
      { path: '/jobs/status/active', element: <RestrictionBanner /> },
      { path: '/account/restrictions', element: <RestrictionPage /> },
      { path: '/jobs/create', element: <WizardPage /> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
};

describe('a restricted sender', () => {
  it('sees the banner, reads the statement of reasons and contests it', async () => {
    let current = restriction({ contests: [{ id: 1, text: 'Die betalingen waren van mijn bedrijf.', created_at: 1_795_350_000 }] });
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/user/restrictions', () => HttpResponse.json({ standing: 'restricted', restrictions: [current] })),
      http.post('*/api/user/restrictions/8/contest', async ({ request }) => {
        const body = (await request.json()) as { text: string };
        bodies.push(body);
        current = { ...current, contests: [...current.contests, { id: 2, text: body.text, created_at: 1_795_400_000 }] };
        return HttpResponse.json(current, { status: 201 });
      }),
    );
    const { user } = mount('/jobs/status/active');
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Je account is beperkt. Je kunt geen nieuwe zendingen boeken');
    await user.click(within(banner).getByRole('link', { name: 'Lees waarom en hoe je bezwaar maakt' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Beperking van je account' })).toBeVisible();
    const article = screen.getByRole('article', { name: 'Beperking (van kracht)' });
    for (const text of Object.values(statement)) expect(within(article).getByText(text)).toBeVisible();
    expect(within(article).getByText('Die betalingen waren van mijn bedrijf.')).toBeVisible();

    await user.click(within(article).getByRole('button', { name: 'Bezwaar versturen' }));
    expect(within(article).getByLabelText('Je bezwaar')).toHaveAccessibleDescription(/Leg in minstens 10 tekens uit waarom je het niet eens bent/);
    await user.type(within(article).getByLabelText('Je bezwaar'), 'De klant heeft de terugboeking ingetrokken.');
    await user.click(within(article).getByRole('button', { name: 'Bezwaar versturen' }));
    expect(await within(article).findByText('De klant heeft de terugboeking ingetrokken.')).toBeVisible();
    expect(bodies).toEqual([{ text: 'De klant heeft de terugboeking ingetrokken.' }]);
  });

  it('a booking refused with account_restricted shows the server’s message and the link to the restriction page', async () => {
    writeToken({ access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 900_000 });
    const message = 'Je account is beperkt: je kunt geen nieuwe zendingen boeken of biedingen doen. Je leest waarom onder Account › Beperkingen, waar je ook bezwaar kunt maken.';
    const at = (date: string, time: string) => zonedInstant(date, time, 'Europe/Brussels').getTime() / 1000;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const draft = changeDraft(
      shipmentRead({
        pickup_date_from: at(tomorrow, '08:00'),
        pickup_date_till: at(tomorrow, '17:00'),
        delivery_date_from: at(tomorrow, '17:00'),
        delivery_date_till: at(tomorrow, '22:00'),
        pickup_location: { ...locationIn('Antwerpen'), notes: 'Bel aan' },
        delivery_location: { ...locationIn('Gent'), notes: 'Bel aan' },
        packages: [{ id: 5, type: 'medium', description: 'Zetel', notes: '', width: 100, height: 100, length: 200, weight: 50, tags: [], pallet_type: null, must_be_traded: false, attachments: [] }],
      }),
    );
    // The job's windows and goods as a new booking on its last step.
    openDraft({ ...draft, editing: null, step: 6 });
    server.use(
      http.get('*/api/config', () => HttpResponse.json(sandboxConfig())),
      http.get('*/api/geo/basemap', () => HttpResponse.json({ attribution: '', countries: { type: 'FeatureCollection', features: [] }, towns: [] })),
      http.get('*/api/geo/autocomplete', () => HttpResponse.json([])),
      http.get('*/api/user/restrictions', () => HttpResponse.json({ standing: 'restricted', restrictions: [restriction()] })),
      http.post('*/api/shipment', () => HttpResponse.json({ error: 'account_restricted', error_description: message }, { status: 403 })),
    );
    const { user } = mount('/jobs/create');
    await user.click(await screen.findByRole('button', { name: 'Opdracht plaatsen' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(message);
    await user.click(within(notice).getByRole('link', { name: 'Naar de beperking van je account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beperking van je account' })).toBeVisible();
  });
});
