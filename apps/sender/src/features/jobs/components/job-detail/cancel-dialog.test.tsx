import type { CancellationQuote } from '@vm/domain/cancellation';
import type { ShipmentRead } from '@vm/domain/shipment';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offerRead, shipmentRead } from '../../../../test-fixtures.ts';
import { renderWithProviders } from '../../../../test-render.tsx';
import { nl } from '../../../../locales/nl.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { StatesCard } from './states-card.tsx';

// Cancelling (SPEC section 4, extended by issue 22): a new job is cancelled for free with the
// SPEC's plain yes and no; after acceptance the dialog shows what it costs now and the request
// names that fee; a fee that changed meanwhile is shown and asked again.

// Pickup window opening Thursday 3 December 2026, 10:00 in Brussels: free until Tuesday 10:00,
// 25 % until Wednesday 10:00, 50 % until Thursday 10:00.
const thursday10 = Date.UTC(2026, 11, 3, 9, 0) / 1000;
const boundaries = { fee_25: thursday10 - 2 * 86_400, fee_50: thursday10 - 86_400, fee_100: thursday10 };
const accepted = offerRead(12, 'Els', 'Janssens', 'newbie', 1000, 50);
const acceptedJob = shipmentRead({ current_state: { state: 'accepted' }, accepted_offer: { ...accepted, state: 'accepted' }, offers: [], pickup_date_from: thursday10, pickup_date_till: thursday10 + 4 * 3600 });
const newJob = shipmentRead({ pickup_date_from: thursday10, pickup_date_till: thursday10 + 4 * 3600 });

const quote = (over: Partial<CancellationQuote>): CancellationQuote => ({ allowed: true, charged: 1270.5, fee: 0, refund: 1270.5, step: 'free', next_step_at: boundaries.fee_25, refusal: null, boundaries, ...over });
const in25 = quote({ fee: 317.63, refund: 952.87, step: 'fee_25', next_step_at: boundaries.fee_50 });

type Sent = Record<string, unknown>;

/** The confirm button's name as the app writes the amount (a no-break space after the euro sign). */
const payButton = (amount: string) => nl.job.cancelPaid.pay.replace('{{fee}}', `€\u00a0${amount}`);

/** The server: the quote it answers, and the cancel's answers in turn (each body recorded). */
function cancelServer(q: CancellationQuote | null, answers: ((body: Sent) => Response)[]) {
  const sent: Sent[] = [];
  let quotes = 0;
  server.use(
    http.get('*/api/shipment/:id/cancellation', () => {
      quotes += 1;
      return q ? HttpResponse.json(q) : HttpResponse.json({ error: 'server_error', error_description: 'Er ging iets mis.' }, { status: 500 });
    }),
    http.post('*/api/shipment/:id/status', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected cancel');
      return answer(body);
    }),
  );
  return { sent, quotes: () => quotes };
}

const cancelled = (s: ShipmentRead) => () => HttpResponse.json({ ...s, current_state: { state: 'cancelled' } });
/** A 409 naming the fee now, as the server's error handler writes it (the extra fields beside error and error_description). */
const feeConflict = (code: string, fee: number, refund: number, description: string) => () => HttpResponse.json({ error: 'conflict', error_description: description, code, fee, refund }, { status: 409 });

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
function facts(dialog: HTMLElement) {
  const list = within(dialog).getByTestId('cancel-fee');
  const values = [...list.querySelectorAll('dd')].map((d) => text(d));
  return Object.fromEntries([...list.querySelectorAll('dt')].map((d, i) => [text(d), values[i]]));
}

beforeEach(() => writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 }));
afterEach(() => {
  cleanup();
  writeToken(null);
});

function renderDialog(s: ShipmentRead) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<CancelDialog shipment={s} open onClose={onClose} />);
  return { ...rendered, onClose, dialog: screen.getByRole('dialog', { name: nl.job.cancelTitle }) };
}

describe('the Cancel shipment button', () => {
  it('is offered while new and after acceptance until loading, not once the goods are on board', () => {
    for (const [state, shown] of [
      ['new', true],
      ['accepted', true],
      ['onwaytopickup', true],
      ['nearpickup', true],
      ['arrivedpickup', true],
      ['loading', false],
      ['delivered', false],
      ['cancelled', false],
    ] as const) {
      renderWithProviders(<StatesCard shipment={shipmentRead({ current_state: { state } })} onCancel={vi.fn()} />);
      expect(screen.queryByRole('button', { name: nl.job.cancel }) !== null, state).toBe(shown);
      cleanup();
    }
  });
});

describe('cancelling a new job (SPEC)', () => {
  it('stays the plain yes and no: no fee asked, the body is only the state', async () => {
    const { sent, quotes } = cancelServer(in25, [cancelled(newJob)]);
    const { user, onClose, dialog } = renderDialog(newJob);
    expect(within(dialog).getByText(nl.job.cancelQuestion)).toBeVisible();
    expect(within(dialog).queryByTestId('cancel-fee')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: nl.job.cancelYes }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ state: 'cancelled' }]);
    expect(quotes()).toBe(0);
  });

  it('a job accepted meanwhile answers with the fee: the dialog shows it and asks again', async () => {
    const { sent } = cancelServer(in25, [
      feeConflict('cancellation_fee_required', 317.63, 952.87, 'Deze opdracht is al aanvaard: annuleren kost nu € 317,63.'),
      cancelled(acceptedJob),
    ]);
    const { user, onClose, dialog } = renderDialog(newJob);
    await user.click(within(dialog).getByRole('button', { name: nl.job.cancelYes }));
    const pay = await within(dialog).findByRole('button', { name: payButton('317,63') });
    expect(within(dialog).getByTestId('fee-changed')).toHaveTextContent('De kost is veranderd sinds je keek: hij is nu € 317,63.');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(pay);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ state: 'cancelled' }, { state: 'cancelled', fee: 317.63 }]);
  });
});

describe('cancelling after acceptance (issue 22)', () => {
  it('shows the fee, the refund and when the fee goes up, and the request names the fee shown', async () => {
    const { sent } = cancelServer(in25, [cancelled(acceptedJob)]);
    const { user, onClose, dialog } = renderDialog(acceptedJob);
    expect(within(dialog).getByRole('status')).toHaveTextContent(nl.job.cancelPaid.loading);
    const pay = await within(dialog).findByRole('button', { name: payButton('317,63') });
    expect(facts(dialog)).toEqual({ 'Betaald bij aanvaarding': '€ 1.270,50', Annuleringskost: '€ 317,63', 'Terugbetaald aan jou': '€ 952,87' });
    expect(within(dialog).getByText('De kost stijgt op wo 2 dec, 10:00.')).toBeVisible();
    // The ladder from the step the server named on.
    expect(text(within(dialog).getByTestId('cancellation-ladder'))).toBe('Annuleren kost 25 % van de prijs tot wo 2 dec, 10:00; daarna 50 % tot het ophaalvenster begint, 100 % tot het laden.');
    expect(sent).toEqual([]);

    await user.click(pay);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ state: 'cancelled', fee: 317.63 }]);
    expect(await screen.findByRole('status')).toHaveTextContent('De opdracht is geannuleerd; € 952,87 wordt aan jou terugbetaald.');
  });

  it('in the free period says until when it is free and cancels for free, naming a fee of 0', async () => {
    const { sent } = cancelServer(quote({}), [cancelled(acceptedJob)]);
    const { user, dialog } = renderDialog(acceptedJob);
    const free = await within(dialog).findByRole('button', { name: nl.job.cancelPaid.free });
    expect(within(dialog).getByText('Annuleren is gratis tot di 1 dec, 10:00.')).toBeVisible();
    expect(text(within(dialog).getByTestId('cancellation-ladder'))).toBe('Gratis annuleren tot di 1 dec, 10:00; daarna 25 % tot wo 2 dec, 10:00, 50 % tot het ophaalvenster begint, 100 % tot het laden.');
    expect(facts(dialog)).toMatchObject({ Annuleringskost: '€ 0,00', 'Terugbetaald aan jou': '€ 1.270,50' });
    await user.click(free);
    await waitFor(() => expect(sent).toEqual([{ state: 'cancelled', fee: 0 }]));
  });

  it('when the fee went up meanwhile, shows the new fee and sends that one only when confirmed again', async () => {
    const { sent, quotes } = cancelServer(in25, [feeConflict('cancellation_fee_changed', 635.25, 635.25, 'De annuleringskost is nu € 635,25.'), cancelled(acceptedJob)]);
    const { user, onClose, dialog } = renderDialog(acceptedJob);
    await user.click(await within(dialog).findByRole('button', { name: payButton('317,63') }));

    const again = await within(dialog).findByRole('button', { name: payButton('635,25') });
    expect(within(dialog).getByTestId('fee-changed')).toHaveTextContent('hij is nu € 635,25');
    expect(facts(dialog)).toMatchObject({ Annuleringskost: '€ 635,25', 'Terugbetaald aan jou': '€ 635,25' });
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toEqual([{ state: 'cancelled', fee: 317.63 }]);
    await waitFor(() => expect(quotes()).toBe(2));

    await user.click(again);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      { state: 'cancelled', fee: 317.63 },
      { state: 'cancelled', fee: 635.25 },
    ]);
  });

  it('reads the fee from the details of the 409 as well', async () => {
    const { sent } = cancelServer(in25, [
      () => HttpResponse.json({ error: 'conflict', error_description: 'De annuleringskost is nu € 635,25.', details: { code: 'cancellation_fee_changed', fee: 635.25, refund: 635.25 } }, { status: 409 }),
      cancelled(acceptedJob),
    ]);
    const { user, dialog } = renderDialog(acceptedJob);
    await user.click(await within(dialog).findByRole('button', { name: payButton('317,63') }));
    await user.click(await within(dialog).findByRole('button', { name: payButton('635,25') }));
    await waitFor(() => expect(sent).toEqual([{ state: 'cancelled', fee: 317.63 }, { state: 'cancelled', fee: 635.25 }]));
  });

  it('once the goods are on board says so and offers no cancel', async () => {
    const { sent } = cancelServer(quote({ allowed: false, fee: 0, refund: 0, step: 'goods_on_board', next_step_at: null, refusal: 'goods_on_board' }), []);
    const { dialog } = renderDialog(acceptedJob);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(nl.job.cancelPaid.refused.goods_on_board);
    expect(within(dialog).queryByRole('button', { name: /Annuleren/ })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('when the fee cannot be read, cancels nothing and offers to try again', async () => {
    cancelServer(null, []);
    const { user, dialog } = renderDialog(acceptedJob);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(nl.job.cancelPaid.loadFailed);
    server.use(http.get('*/api/shipment/:id/cancellation', () => HttpResponse.json(in25)));
    await user.click(within(dialog).getByRole('button', { name: nl.job.cancelPaid.retry }));
    expect(await within(dialog).findByRole('button', { name: payButton('317,63') })).toBeVisible();
  });

  it('keeps focus inside, is labelled by its title, and gives focus back to the button that opened it', async () => {
    cancelServer(in25, []);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            {nl.job.cancel}
          </button>
          {open && <CancelDialog shipment={acceptedJob} open onClose={() => setOpen(false)} />}
        </>
      );
    }
    const { user } = renderWithProviders(<Page />);
    const opener = screen.getByRole('button', { name: nl.job.cancel });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: nl.job.cancelTitle });
    const pay = await within(dialog).findByRole('button', { name: payButton('317,63') });
    const keep = within(dialog).getByRole('button', { name: nl.job.cancelNo });
    keep.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(pay).toBeEnabled();
    await user.click(keep);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
