import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import type { DriverProblemRead, ProblemRead } from '@vm/domain/problems';
import imageCompression from 'browser-image-compression';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../../lib/offline-actions.ts';
import { driverApi, job, profile, renderApp, resetApp } from '../../test-app.tsx';

// Issue 23 part 1: on an accepted job's page the driver reads the problem the sender reported (kind,
// words, photos), answers once with words and photos (multipart), and later reads staff's decision.

// jsdom draws no canvas: the compressor stands in, so the test sees that the smaller file is the one sent.
vi.mock('browser-image-compression', () => ({ default: vi.fn(async () => new File(['small jpeg'], 'blob', { type: 'image/jpeg' })) }));

const delivered = Date.UTC(2026, 10, 23, 16, 5) / 1000;
const senderStatement = { id: 1, party: 'sender' as const, text: 'Twee dozen waren nat en gescheurd.', created_at: delivered + 600, photos: [{ id: 11, package_id: 1, url: '/api/driver/shipment/301/problem/photo/nat.jpg' }] };
const problem = (over: Partial<ProblemRead> = {}): ProblemRead => ({ id: 3, shipment_id: 301, reference: 'VM-301', kind: 'damage', status: 'open', reported_at: delivered + 600, packages: [1], statements: [senderStatement], decision: null, ...over });

const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  await offlineQueue().flush();
  resetApp();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.mocked(imageCompression).mockClear();
});

/** A delivered job 301 of this driver with its problem; the answer's multipart content and file sizes are recorded. */
function problemServer(read: DriverProblemRead) {
  let current = read;
  const sent: { content: unknown; files: Record<string, number> }[] = [];
  driverApi(profile({ status: 'approved' }));
  server.use(
    http.get('*/api/driver/shipment/301', () => HttpResponse.json(job({ id: 301, current_state: { state: 'delivered' }, my_offer: { id: 1, price: 100, state: 'accepted' } }))),
    http.get('*/api/driver/shipment/301/proof', () => HttpResponse.json({ proofs: [], delivery: { status: 'waiting', answer_by: delivered + 86_400 }, note_url: null })),
    http.get('*/api/driver/shipment/301/problem', () => HttpResponse.json(current)),
    http.get('*/api/driver/shipment/301/problem/photo/:file', () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })),
    http.post('*/api/driver/shipment/301/problem', async ({ request }) => {
      const form = await request.formData();
      const files: Record<string, number> = {};
      for (const [field, value] of form) if (typeof value !== 'string') files[field] = value.size;
      const content = JSON.parse(String(form.get('content'))) as { text: string };
      sent.push({ content, files });
      const answered = problem({ statements: [senderStatement, { id: 2, party: 'driver', text: content.text, created_at: delivered + 3600, photos: [{ id: 12, package_id: 1, url: '/api/driver/shipment/301/problem/photo/laden.jpg' }] }] });
      current = { problem: answered, may_answer: false };
      return HttpResponse.json(answered, { status: 201 });
    }),
  );
  return sent;
}

describe('a problem on the job page', () => {
  it('shows the sender’s report with its photo, and sends the driver’s answer with a shrunk photo of the package', async () => {
    const sent = problemServer({ problem: problem(), may_answer: true });
    const { user } = renderApp('/my-jobs/301');
    const card = await screen.findByRole('region', { name: 'De verzender meldde een probleem' });
    expect(card).toHaveTextContent('SoortSchade');
    expect(within(card).getByTestId('run-problem-status')).toHaveTextContent('In behandeling');
    expect(within(card).getByTestId('run-statement-sender')).toHaveTextContent('Twee dozen waren nat en gescheurd.');
    expect(await within(card).findByRole('img', { name: 'Foto 1 van Dozen boeken' })).toBeVisible();

    const text = within(card).getByLabelText('Wat is er gebeurd?');
    await user.type(text, 'Nat?');
    await user.click(within(card).getByRole('button', { name: 'Antwoord versturen' }));
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Beschrijf het in minstens 10 tekens.')));
    expect(sent).toEqual([]);

    await user.clear(text);
    await user.type(text, 'Dozen waren al nat.');
    await user.upload(within(card).getByLabelText('Foto’s van Dozen boeken'), new File([new Uint8Array(5000)], 'laden.jpg', { type: 'image/jpeg' }));
    expect(await within(card).findByText('Gekozen: laden.jpg')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Antwoord versturen' }));

    expect(await within(card).findByTestId('run-statement-driver')).toHaveTextContent('Dozen waren al nat.');
    expect(sent).toEqual([{ content: { text: 'Dozen waren al nat.', packages: [{ package_id: 1, photos: ['package_1_1'] }], photos: [] }, files: { package_1_1: 'small jpeg'.length } }]);
    expect(within(card).queryByRole('button', { name: 'Antwoord versturen' })).toBeNull();
    expect(within(card).getByText('Ons team beslist na het lezen van beide kanten.')).toBeVisible();
  });

  it('once decided: the decision with its reason and amounts, and no answer form', async () => {
    problemServer({
      problem: problem({ status: 'decided', decision: { outcome: 'release', refund: 0, released: 121, reason: 'De foto’s bij het laden tonen dat de dozen al nat waren.', decided_at: delivered + 86_000, insurance_cover: null } }),
      may_answer: false,
    });
    renderApp('/my-jobs/301');
    const card = await screen.findByRole('region', { name: 'De verzender meldde een probleem' });
    expect(within(card).getByTestId('run-problem-status')).toHaveTextContent('Beslist');
    const decision = within(card).getByTestId('run-problem-decision');
    expect(decision).toHaveTextContent('Het bedrag gaat naar jou');
    expect(decision).toHaveTextContent('De foto’s bij het laden tonen dat de dozen al nat waren.');
    expect(decision).toHaveTextContent('Naar jouw kant (loon, commissie en btw)€ 121,00');
    expect(within(card).queryByRole('button', { name: 'Antwoord versturen' })).toBeNull();
  });
});
