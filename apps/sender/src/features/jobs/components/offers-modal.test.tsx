import type { User } from '@vm/domain';
import type { CardRead } from '@vm/domain/marketplace';
import type { OfferRead } from '@vm/domain/offer';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { offerRead as offer, shipmentRead, sandboxConfig } from '../../../test-fixtures.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { nl } from '../../../locales/nl.ts';
import { refreshShipment, useShipment } from '../api/get-shipment.ts';
import { leaveFor } from './leave-for.ts';
import { OffersModal } from './offers-modal.tsx';

// The browser leaving for a payment page is recorded, not done (jsdom cannot navigate).
vi.mock('./leave-for.ts', () => ({ leaveFor: vi.fn() }));



// Totals: 100 + 20 + 25,20 = 145,20 and 1000 + 50 + 220,50 = 1270,50.
const cheap = offer(11, 'Jan', 'Peeters', 'experienced', 100, 20);
const dear = offer(12, 'Els', 'Janssens', 'newbie', 1000, 50);

const shipment = shipmentRead({ offers: [cheap, dear] });

const sender = (invoice: NonNullable<User['company']>['invoice_approved'] | 'none'): User => ({
  id: 5,
  first_name: 'Sofie',
  last_name: 'Maes',
  email: 'sofie@example.be',
  cellphone: '+32470000000',
  birthday: '1990-01-01',
  address: { country: 'BE', formatted: 'Meir 1, 2000 Antwerpen' },
  profile_picture: null,
  company: invoice === 'none' ? null : { name: 'Maes BV', vat: 'BE0123456789', address: 'Meir 1, 2000 Antwerpen', email: 'boekhouding@maes.be', invoice_approved: invoice },
  roles: ['sender'],
  locale: 'nl',
});

const visa: CardRead = { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2034 };

const config = sandboxConfig();

let userAnswered = false;
let accepted: { sid: string; oid: string }[] = [];
const handlers = [http.get('*/api/config', () => HttpResponse.json(config))];
beforeEach(() => server.use(...handlers));

/** The calls the pay buttons make on mount, with the user and the stored cards of the test. */
function answer(user: User, cards: CardRead[]) {
  server.use(
    http.get('*/api/user', () => {
      userAnswered = true;
      return HttpResponse.json(user);
    }),
    http.get('*/api/billing/cards', () => HttpResponse.json(cards)),
  );
}

function acceptAnswers(status: 200 | 402) {
  server.use(
    http.post('*/api/shipment/:sid/offer/:oid', ({ params }) => {
      accepted.push({ sid: String(params.sid), oid: String(params.oid) });
      return status === 200
        ? HttpResponse.json({ ...shipment, accepted_offer: dear, offers: [dear], current_state: { state: 'accepted' } })
        : HttpResponse.json({ error: 'card_error', error_description: 'Je kaart werd geweigerd. Probeer een andere kaart of neem contact op met je bank.', decline_code: 'generic_decline', provider_message: 'Your card was declined.' }, { status: 402 });
    }),
  );
}

beforeEach(() => {
  userAnswered = false;
  accepted = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

function renderModal() {
  const onClose = vi.fn();
  const { user } = renderWithProviders(<OffersModal shipment={shipment} open onClose={onClose} />);
  return { onClose, user };
}

const offersTable = () => screen.getByRole('table', { name: nl.job.offersCaption });
const offerRows = () => within(offersTable()).getAllByRole('row').slice(1);
const rowOf = (name: string) => within(offersTable()).getByRole('row', { name: new RegExp(name) });
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The confirmation's facts as label -> value. */
function facts(dialog: HTMLElement) {
  const list = within(dialog).getByTestId('confirm-accept');
  const labels = [...list.querySelectorAll('dt')].map((d) => text(d));
  const values = [...list.querySelectorAll('dd')].map((d) => text(d));
  return Object.fromEntries(labels.map((l, i) => [l, values[i]]));
}

/** The amount next to a label in the cost table of the selected offer. */
function cost(label: string) {
  const table = screen.getByRole('table', { name: nl.job.costCaption });
  return text(within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td'));
}

/**
 * The job with Els's offer 12, re-priced by her as offer 13: an accept of 12 answers 409 with the
 * new offer and total (with onOldAccept, the job shows the re-price from that accept on). Records each accept.
 */
function repricingServer({ onOldAccept }: { onOldAccept: boolean }) {
  const repriced: OfferRead = { ...offer(13, 'Els', 'Janssens', 'newbie', 1200, 50), driver: dear.driver };
  let current = shipment;
  const reprice = () => {
    current = { ...shipment, offers: [cheap, repriced] };
  };
  const sent: { oid: string; total: unknown }[] = [];
  server.use(
    http.get('*/api/shipment/:id', () => HttpResponse.json(current)),
    http.post('*/api/shipment/:sid/offer/:oid', async ({ params, request }) => {
      const body = (await request.json()) as { total?: number };
      sent.push({ oid: String(params.oid), total: body.total });
      if (params.oid === '12') {
        if (onOldAccept) reprice();
        return HttpResponse.json(
          { error: 'conflict', error_description: 'De chauffeur heeft de prijs van dit bod gewijzigd. Bekijk de nieuwe prijs en bevestig opnieuw.', offer_id: 13, price: 1200, total: repriced.cost_breakdown_sender.total.aftertaxes },
          { status: 409 },
        );
      }
      return HttpResponse.json({ ...current, accepted_offer: repriced, offers: [repriced], current_state: { state: 'accepted' } });
    }),
  );
  return { sent, reprice };
}

async function selectDearOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(rowOf('Els J\\.')).getByText(nl.job.levels.newbie));
  return screen.getByRole('button', { name: nl.job.acceptCardInvoice });
}

describe('OffersModal', () => {
  it('lists one row per offer with the short driver name, level and total incl. VAT in euros', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: nl.job.offersTitle })).toBeVisible();
    const rows = offerRows();
    expect(rows).toHaveLength(2);

    const [first, second] = rows;
    expect(within(first!).getByText('Jan P.')).toBeInTheDocument();
    expect(within(first!).getByText(nl.job.levels.experienced)).toBeInTheDocument();
    expect(text(first!.querySelector('.offer-price'))).toBe('€ 145,20');

    expect(within(second!).getByText('Els J.')).toBeInTheDocument();
    expect(within(second!).getByText(nl.job.levels.newbie)).toBeInTheDocument();
    expect(text(second!.querySelector('.offer-price'))).toBe('€ 1.270,50');

    // Nothing chosen yet: no cost table, no pay buttons.
    expect(rows.every((r) => r.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(screen.queryByRole('table', { name: nl.job.costCaption })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: nl.job.acceptCardInvoice })).not.toBeInTheDocument();
  });

  it('selects the clicked row and shows the cost table of that offer', async () => {
    answer(sender('none'), [visa]);
    const { user } = renderModal();

    await user.click(within(rowOf('Els J\\.')).getByText(nl.job.levels.newbie));
    expect(rowOf('Els J\\.')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('Jan P\\.')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('region', { name: 'Bod van Els J.' })).toBeInTheDocument();
    expect(cost(nl.job.transportCost)).toBe('€ 1.000,00');
    expect(cost(nl.job.insuranceCost)).toBe('€ 50,00');
    expect(cost('Btw 21 %')).toBe('€ 220,50');
    expect(cost('Totaal incl. 21 % btw')).toBe('€ 1.270,50');

    // Another click moves the selection and the table follows.
    await user.click(within(rowOf('Jan P\\.')).getByText(nl.job.levels.experienced));
    expect(rowOf('Jan P\\.')).toHaveAttribute('aria-selected', 'true');
    expect(rowOf('Els J\\.')).toHaveAttribute('aria-selected', 'false');
    expect(screen.queryByRole('region', { name: 'Bod van Els J.' })).not.toBeInTheDocument();
    expect(cost(nl.job.transportCost)).toBe('€ 100,00');
    expect(cost(nl.job.insuranceCost)).toBe('€ 20,00');
    expect(cost('Btw 21 %')).toBe('€ 25,20');
    expect(cost('Totaal incl. 21 % btw')).toBe('€ 145,20');
    await screen.findByText(nl.job.payByCard.replace('{{last4}}', '4242'));
  });

  it('asks for a card in place when there is none; adding it accepts nothing, the confirmation follows', async () => {
    answer(sender('requested'), []);
    acceptAnswers(200);
    server.use(
      http.post('*/api/billing/sandbox/token', () => HttpResponse.json({ id: 'tok_x' })),
      http.post('*/api/billing/addcard', () => HttpResponse.json([visa])),
    );
    const { user, onClose } = renderModal();
    const acceptButton = await selectDearOffer(user);
    await screen.findByText(nl.job.payNeedsCard);
    await waitFor(() => expect(userAnswered).toBe(true));
    await waitFor(() => expect(acceptButton).toBeEnabled());

    await user.click(acceptButton);
    // The form opens below the offers: its heading takes focus, so the click visibly did something.
    expect(await screen.findByRole('heading', { name: nl.job.addCardFirst })).toHaveFocus();
    // The sandbox card form is shown right there.
    // Pasted (typing is the card form's own test).
    await user.click(await screen.findByLabelText(nl.billing.number));
    await user.paste('4242424242424242');
    await user.click(screen.getByLabelText(nl.billing.expiry));
    await user.paste('1229');
    await user.click(screen.getByLabelText(nl.billing.cvc));
    await user.paste('123');
    await user.click(screen.getByRole('button', { name: nl.billing.addCard }));

    // The card is stored, nothing is accepted: the sender confirms with the new card first.
    const confirm = await screen.findByRole('dialog', { name: nl.job.confirm.title });
    expect(text(within(confirm).getByTestId('confirm-accept'))).toContain('Kredietkaart Visa •••• 4242');
    expect(accepted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.yes }));
    expect(await screen.findByText(nl.job.accepted)).toBeInTheDocument();
    expect(accepted).toEqual([{ sid: '77', oid: '12' }]);
  });

  it('accepts by invoice when the company is approved, even without a card', async () => {
    answer(sender('approved'), []);
    acceptAnswers(200);
    const { user, onClose } = renderModal();
    const acceptButton = await selectDearOffer(user);
    await screen.findByText(nl.job.payByInvoice);
    await waitFor(() => expect(acceptButton).toBeEnabled());

    await user.click(acceptButton);
    const confirm = await screen.findByRole('dialog', { name: nl.job.confirm.title });
    expect(facts(confirm)).toEqual({ Chauffeur: 'Els J.', 'Bedrag incl. 21 % btw': '€ 1.270,50', 'Waarvan btw 21 %': '€ 220,50', Betaalmethode: 'Op factuur' });
    expect(accepted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.yes }));
    expect(await screen.findByRole('status')).toHaveTextContent(nl.job.accepted);
    expect(screen.queryByRole('heading', { name: nl.job.addCardFirst })).not.toBeInTheDocument();
    expect(accepted).toEqual([{ sid: '77', oid: '12' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with a stored card, asks to confirm amount, driver and card, then accepts and toasts success', async () => {
    answer(sender('none'), [visa]);
    acceptAnswers(200);
    const { user, onClose } = renderModal();
    const acceptButton = await selectDearOffer(user);
    await screen.findByText(nl.job.payByCard.replace('{{last4}}', '4242'));
    await waitFor(() => expect(acceptButton).toBeEnabled());

    await user.click(acceptButton);
    const confirm = await screen.findByRole('dialog', { name: nl.job.confirm.title });
    expect(facts(confirm)).toEqual({ Chauffeur: 'Els J.', 'Bedrag incl. 21 % btw': '€ 1.270,50', 'Waarvan btw 21 %': '€ 220,50', Betaalmethode: 'Kredietkaart Visa •••• 4242' });
    // Going back accepts nothing.
    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.no }));
    expect(screen.queryByRole('dialog', { name: nl.job.confirm.title })).not.toBeInTheDocument();
    expect(accepted).toEqual([]);

    await user.click(acceptButton);
    await user.click(within(await screen.findByRole('dialog', { name: nl.job.confirm.title })).getByRole('button', { name: nl.job.confirm.yes }));
    expect(await screen.findByRole('status')).toHaveTextContent(nl.job.accepted);
    expect(accepted).toEqual([{ sid: '77', oid: '12' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a card whose bank asks for 3-D Secure: the browser goes to the challenge, to come back to this job', async () => {
    answer(sender('none'), [visa]);
    const sent: unknown[] = [];
    const challenge = 'http://localhost/sandbox/3ds/pi_sbx_3ds_abc';
    server.use(
      http.post('*/api/shipment/:sid/offer/:oid', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { error: 'authentication_required', error_description: 'Je bank vraagt je deze kaartbetaling te bevestigen. Je wordt naar de bevestigingspagina van je bank gebracht.', payment_id: 31, redirect_url: challenge },
          { status: 402 },
        );
      }),
    );
    vi.mocked(leaveFor).mockClear();
    const { user, onClose } = renderModal();
    const acceptButton = await selectDearOffer(user);
    await waitFor(() => expect(acceptButton).toBeEnabled());

    await user.click(acceptButton);
    await user.click(within(await screen.findByRole('dialog', { name: nl.job.confirm.title })).getByRole('button', { name: nl.job.confirm.yes }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(challenge));
    expect(leaveFor).toHaveBeenCalledTimes(1);
    // The return comes back to this job's page, where ?payment= is confirmed with the server.
    expect(sent).toEqual([{ total: 1270.5, return_path: '/jobs/77' }]);
    // Not a failure: the server's words as information, and the page stays busy while the browser leaves.
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Je bank vraagt je deze kaartbetaling te bevestigen.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(acceptButton).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the refusal of the card as a danger toast', async () => {
    answer(sender('none'), [visa]);
    acceptAnswers(402);
    const { user, onClose } = renderModal();
    const acceptButton = await selectDearOffer(user);
    await waitFor(() => expect(acceptButton).toBeEnabled());

    await user.click(acceptButton);
    await user.click(within(await screen.findByRole('dialog', { name: nl.job.confirm.title })).getByRole('button', { name: nl.job.confirm.yes }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('toast-danger');
    expect(alert).toHaveTextContent(/^Je kaart werd geweigerd\. Probeer een andere kaart of neem contact op met je bank\.×$/);
    expect(screen.queryByRole('dialog', { name: nl.job.confirm.title })).not.toBeInTheDocument();
    expect(screen.queryByText(nl.job.accepted)).not.toBeInTheDocument();
    expect(accepted).toEqual([{ sid: '77', oid: '12' }]);
    expect(onClose).not.toHaveBeenCalled();
    // The button can be used again.
    await waitFor(() => expect(acceptButton).toBeEnabled());
  });

  it('Bancontact also asks first, naming Bancontact, and starts nothing when the sender goes back', async () => {
    answer(sender('none'), [visa]);
    let started = 0;
    server.use(
      http.post('*/api/shipment/:sid/offer/:oid/bancontact', () => {
        started++;
        return HttpResponse.json({ error: 'conflict', error_description: 'Er loopt al een betaling voor deze opdracht.' }, { status: 409 });
      }),
    );
    const { user } = renderModal();
    await selectDearOffer(user);
    await user.click(screen.getByRole('button', { name: nl.job.payBancontact }));
    const confirm = await screen.findByRole('dialog', { name: nl.job.confirm.title });
    expect(facts(confirm)).toMatchObject({ Chauffeur: 'Els J.', 'Bedrag incl. 21 % btw': '€ 1.270,50', Betaalmethode: 'Bancontact' });
    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.no }));
    expect(started).toBe(0);

    await user.click(screen.getByRole('button', { name: nl.job.payBancontact }));
    await user.click(within(await screen.findByRole('dialog', { name: nl.job.confirm.title })).getByRole('button', { name: nl.job.confirm.toBancontact }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Er loopt al een betaling voor deze opdracht.');
    expect(started).toBe(1);
  });

  it('a price changed by the driver after the sender looked: the confirmation shows the new price and the server’s word, and confirming again accepts the new offer', async () => {
    answer(sender('none'), [visa]);
    // The driver re-priced Els's offer: a new offer (13) took the place of 12, seen on the accept.
    const { sent } = repricingServer({ onOldAccept: true });
    const onClose = vi.fn();
    // As on the job page: the modal shows the job as the query holds it.
    function LiveModal() {
      const s = useShipment(shipment.id).data;
      return s ? <OffersModal shipment={s} open onClose={onClose} /> : null;
    }
    const { user } = renderWithProviders(<LiveModal />);
    await screen.findByRole('table', { name: nl.job.offersCaption });
    const acceptButton = await selectDearOffer(user);
    await waitFor(() => expect(acceptButton).toBeEnabled());
    await user.click(acceptButton);
    await user.click(within(await screen.findByRole('dialog', { name: nl.job.confirm.title })).getByRole('button', { name: nl.job.confirm.yes }));

    // Nothing accepted; the confirmation stays, now with the new price and why.
    const warning = await screen.findByTestId('price-changed');
    expect(warning).toHaveTextContent('De chauffeur heeft de prijs van dit bod gewijzigd.');
    const confirm = screen.getByRole('dialog', { name: nl.job.confirm.title });
    expect(facts(confirm)).toMatchObject({ Chauffeur: 'Els J.', 'Bedrag incl. 21 % btw': '€ 1.512,50' });
    expect(screen.queryByText(nl.job.accepted)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.yes }));
    expect(await screen.findByRole('status')).toHaveTextContent(nl.job.accepted);
    // Each accept carried the total the sender had in front of them.
    expect(sent).toEqual([
      { oid: '12', total: 1270.5 },
      { oid: '13', total: 1512.5 },
    ]);
  });

  it('a re-price that arrives while the confirmation is open: the new price shows with the warning, and the click confirms only what was shown before', async () => {
    answer(sender('none'), [visa]);
    const { sent, reprice } = repricingServer({ onOldAccept: false });
    function LiveModal() {
      const s = useShipment(shipment.id).data;
      return s ? <OffersModal shipment={s} open onClose={() => undefined} /> : null;
    }
    const { user, client } = renderWithProviders(<LiveModal />);
    await screen.findByRole('table', { name: nl.job.offersCaption });
    const acceptButton = await selectDearOffer(user);
    await waitFor(() => expect(acceptButton).toBeEnabled());
    await user.click(acceptButton);
    const confirm = await screen.findByRole('dialog', { name: nl.job.confirm.title });
    expect(facts(confirm)).toMatchObject({ 'Bedrag incl. 21 % btw': '€ 1.270,50' });
    expect(screen.queryByTestId('price-changed')).not.toBeInTheDocument();

    // The driver re-prices; the event stream makes the job page read the job again.
    reprice();
    await refreshShipment(client, shipment.id);
    await waitFor(() => expect(facts(confirm)).toMatchObject({ 'Bedrag incl. 21 % btw': '€ 1.512,50' }));
    expect(screen.getByTestId('price-changed')).toHaveTextContent('De chauffeur heeft de prijs van dit bod gewijzigd.');

    // A click at that moment confirms the price the sender had seen: the server refuses it.
    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.yes }));
    await waitFor(() => expect(sent).toEqual([{ oid: '12', total: 1270.5 }]));
    expect(screen.queryByText(nl.job.accepted)).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: nl.job.confirm.yes }));
    expect(await screen.findByRole('status')).toHaveTextContent(nl.job.accepted);
    expect(sent).toEqual([
      { oid: '12', total: 1270.5 },
      { oid: '13', total: 1512.5 },
    ]);
  });
});

describe('the accept confirmation: what cancelling will cost (issue 22)', () => {
  // Pickup window opening Thursday 3 December 2026, 10:00 in Brussels (09:00 UTC).
  const thursday10 = Date.UTC(2026, 11, 3, 9, 0) / 1000;
  const upcoming = shipmentRead({ offers: [cheap, dear], pickup_date_from: thursday10, pickup_date_till: thursday10 + 4 * 3600 });
  afterEach(() => vi.useRealTimers());

  async function openConfirmation(at: Date) {
    // Only the clock is fixed: the ladder is read from "now"; timers stay real for the clicks.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    answer(sender('none'), [visa]);
    const { user } = renderWithProviders(<OffersModal shipment={upcoming} open onClose={vi.fn()} />);
    const acceptButton = await selectDearOffer(user);
    await screen.findByText(nl.job.payByCard.replace('{{last4}}', '4242'));
    await waitFor(() => expect(acceptButton).toBeEnabled());
    await user.click(acceptButton);
    return screen.findByRole('dialog', { name: nl.job.confirm.title });
  }

  it('shows the ladder for this pickup window under the price, on the Brussels clock', async () => {
    const confirm = await openConfirmation(new Date('2026-11-26T08:00:00Z'));
    expect(text(within(confirm).getByTestId('cancellation-ladder'))).toBe(
      'Gratis annuleren tot di 1 dec, 10:00; daarna 25 % tot wo 2 dec, 10:00, 50 % tot het ophaalvenster begint, 100 % tot het laden.',
    );
    expect(accepted).toEqual([]);
  });

  it('promises no free period that is already over: the day before the pickup it starts at 50 %', async () => {
    const confirm = await openConfirmation(new Date('2026-12-02T15:00:00Z'));
    expect(text(within(confirm).getByTestId('cancellation-ladder'))).toBe('Annuleren kost 50 % van de prijs tot het ophaalvenster begint; daarna 100 % tot het laden.');
  });
});
