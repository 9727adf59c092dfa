import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test-render.tsx';
import { shipmentRead } from '../../../../test-fixtures.ts';
import { nl } from '../../../../locales/nl.ts';
import { ProofCard } from './proof-card.tsx';

// Issue 21 part 3: the sender's job page shows the proof and asks to confirm the delivery.

const delivered = Date.UTC(2026, 10, 23, 16, 5) / 1000;
const proof = (kind: 'pickup' | 'delivery', over: Record<string, unknown> = {}) => ({
  id: kind === 'pickup' ? 1 : 2,
  kind,
  client_id: '7d0c3f5e-9a43-4b1e-8d0c-2f4f1b7e6a11',
  signer_name: kind === 'pickup' ? 'Jan Peeters' : 'Marie Dubois',
  condition: 'good',
  reservations: '',
  taken_at: delivered - 3600,
  lat: 50.9,
  lng: 5.3,
  accuracy_m: 10,
  signature_url: `/api/shipment/77/proof/file/${kind}.png`,
  packages: [{ package_id: 5, photo_urls: [`/api/shipment/77/proof/file/${kind}-photo.jpg`] }],
  created_at: delivered - 3600,
  ...over,
});

let answers: unknown[] = [];
beforeEach(() => {
  answers = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
  server.use(
    http.get('*/api/shipment/:id/proof', () =>
      HttpResponse.json({
        proofs: [proof('pickup', { condition: 'reservations', reservations: 'Deuk in de koffer' }), proof('delivery')],
        delivery: { status: 'waiting', answer_by: delivered + 86400 },
        note_url: '/api/shipment/77/consignment-note.pdf',
      }),
    ),
    http.post('*/api/shipment/:id/delivery', async ({ request }) => {
      const body = await request.json();
      answers.push(body);
      return HttpResponse.json({ proofs: [proof('pickup'), proof('delivery')], delivery: { status: 'confirmed', answered_at: delivered + 60 }, note_url: '/api/shipment/77/consignment-note.pdf' });
    }),
  );
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

describe('ProofCard', () => {
  it('shows both proofs with their reservations and signers, the note, and confirms the delivery once', async () => {
    renderWithProviders(<ProofCard shipment={shipmentRead({ current_state: { state: 'delivered' } as never })} />);
    const card = await screen.findByRole('region', { name: nl.job.proof.title });
    expect(within(card).getByText('Deuk in de koffer')).toBeInTheDocument();
    expect(within(card).getByText('Jan Peeters')).toBeInTheDocument();
    expect(within(card).getByText('Marie Dubois')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: nl.job.proof.note })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: nl.job.proof.answer.confirm }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Je bevestigde de levering');
    expect(answers).toEqual([{ outcome: 'confirmed' }]);
    expect(within(card).queryByRole('button', { name: nl.job.proof.answer.confirm })).toBeNull();
  });
});
