import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { driverApi, job, profile, renderApp, resetApp } from '../../test-app.tsx';
import { nl } from '../../locales/nl.ts';
import { runTexts } from './run-texts.ts';

// Issue 22: a driver gives an accepted job back before loading (a reason, a confirmation that says
// the sender is refunded in full and the job is open again), and my jobs follow the sender's
// cancelling live.

afterEach(() => {
  resetApp();
  vi.unstubAllGlobals();
});

const accepted = (id: number, state: ShipmentStateName): DriverJobRead => job({ id, reference_id: `VM-${id}`, current_state: { state }, my_offer: { id: 1, price: 100, state: 'accepted' } });

/** The driver's jobs on the server, the job pages, and the give-back route (each body recorded). */
function runServer(jobs: DriverJobRead[], giveBack: (id: number) => Response = () => HttpResponse.json({ state: 'new', refund: 145.2 })) {
  let mine = jobs;
  const sent: { id: number; body: unknown }[] = [];
  server.use(
    http.get('*/api/driver/shipments', () => HttpResponse.json(mine)),
    http.get('*/api/driver/shipment/:id', ({ params }) => {
      const found = mine.find((j) => j.id === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ error: 'not_found', error_description: 'Niet gevonden.' }, { status: 404 });
    }),
    http.get('*/api/driver/shipment/:id/proof', () => HttpResponse.json({ proofs: [], delivery: { status: 'not_delivered' }, note_url: null })),
    http.post('*/api/driver/shipment/:id/cancel', async ({ params, request }) => {
      const id = Number(params.id);
      sent.push({ id, body: await request.json() });
      const answer = giveBack(id);
      if (answer.ok) mine = mine.filter((j) => j.id !== id);
      return answer;
    }),
  );
  return { sent, setJobs: (next: DriverJobRead[]) => (mine = next) };
}

const t = runTexts.nl.giveBack;

describe('giving a job back', () => {
  it('asks a reason of 3 to 500 characters, says the sender is refunded in full, sends it, and the job leaves my jobs', async () => {
    driverApi(profile({ status: 'approved' }));
    const { sent } = runServer([accepted(401, 'accepted'), accepted(402, 'onwaytopickup')]);
    const { user, router } = renderApp('/my-jobs/401');
    await user.click(await screen.findByRole('button', { name: t.open }));
    const dialog = screen.getByRole('dialog', { name: t.title });
    expect(within(dialog).getByTestId('give-back-effect')).toHaveTextContent(t.effect);
    expect(t.effect).toContain('alles terugbetaald');

    // No reason, then a reason too short: nothing is sent, the field says why and takes focus.
    const reason = within(dialog).getByRole('textbox', { name: t.reason });
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(within(dialog).getByText(t.tooShort)).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await user.type(reason, '  a ');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(within(dialog).getByText(t.tooShort)).toBeVisible();
    // Too long.
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(within(dialog).getByText(t.tooLong)).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(reason);
    await user.type(reason, ' Bestelwagen in panne ');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-jobs'));
    expect(sent).toEqual([{ id: 401, body: { reason: 'Bestelwagen in panne' } }]);
    expect(await screen.findByText(t.done)).toBeInTheDocument();
    // My jobs: only the other job is left.
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Rit openen/ })).toHaveLength(1));
    expect(screen.getByRole('link', { name: /Rit openen/ })).toHaveAttribute('href', '/my-jobs/402');
  });

  it('is offered until the driver arrives at pickup, not once loading starts', async () => {
    driverApi(profile({ status: 'approved' }));
    runServer([accepted(403, 'arrivedpickup'), accepted(404, 'loading')]);
    renderApp('/my-jobs/403');
    expect(await screen.findByRole('button', { name: t.open })).toBeVisible();
    resetApp();
    renderApp('/my-jobs/404');
    // Loading: the next step is the pickup proof, and no giving back any more.
    expect(await screen.findByRole('button', { name: nl.myJobs.proofFirst.pickup })).toBeVisible();
    expect(screen.queryByRole('button', { name: t.open })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the job', async () => {
    driverApi(profile({ status: 'approved' }));
    const { sent } = runServer([accepted(405, 'nearpickup')], () => HttpResponse.json({ error: 'conflict', error_description: 'De goederen zijn al geladen.' }, { status: 409 }));
    const { user, router } = renderApp('/my-jobs/405');
    await user.click(await screen.findByRole('button', { name: t.open }));
    const dialog = screen.getByRole('dialog', { name: t.title });
    await user.type(within(dialog).getByRole('textbox', { name: t.reason }), 'Ziek');
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('De opdracht is niet teruggegeven: De goederen zijn al geladen.');
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/my-jobs/405');
    // Keeping the job closes the dialog and gives focus back to the button.
    await user.click(within(dialog).getByRole('button', { name: t.keep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.open })).toHaveFocus();
  });
});

/** A stand-in for the browser's EventSource: the test delivers the server's messages. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {}
}

describe('my jobs, live', () => {
  it('a job the sender cancels leaves my jobs when its event arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    driverApi(profile({ status: 'approved' }));
    server.use(http.post('*/api/firebase_token', () => HttpResponse.json({ token: 'stream-1', expires_in: 60, stream_url: '/api/events', pushes: [] })));
    const { setJobs } = runServer([accepted(406, 'accepted'), accepted(407, 'accepted')]);
    renderApp('/my-jobs');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Rit openen/ })).toHaveLength(2));
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());

    setJobs([{ ...accepted(406, 'cancelled') }, accepted(407, 'accepted')]);
    const push = { id: 9, type: 'shipment.cancelled', shipment_id: 406, created_at: 1_800_000_000, read_at: null, json_message: { nl: 'De verzender annuleerde VM-406', fr: '', en: '' }, payload: { reference: 'VM-406', fee_share: 0 } };
    FakeEventSource.last!.onmessage!(new MessageEvent('message', { data: JSON.stringify(push), lastEventId: '9' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Rit openen/ })).toHaveLength(1));
    expect(screen.getByRole('link', { name: /Rit openen/ })).toHaveAttribute('href', '/my-jobs/407');
  });
});
