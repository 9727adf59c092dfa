import type { ProblemRead, SenderProblemRead } from '@vm/domain/problems';
import type { PackageRead } from '@vm/domain/shipment';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test-render.tsx';
import { shipmentRead } from '../../../../test-fixtures.ts';
import { nl } from '../../../../locales/nl.ts';
import { ProofAndProblem } from './problem-card.tsx';

// Issue 23 part 1: on the job page the sender reports a problem (from the proof card's "Probleem
// melden" or the problem card), sends it as multipart, and then reads where it stands: both
// statements with their photos, and staff's decision with its reason and amounts.

const delivered = Date.UTC(2026, 10, 23, 16, 5) / 1000;
const pkg = (id: number, description: string): PackageRead => ({ id, type: 'furniture', description, notes: '', width: 80, height: 200, length: 60, weight: 40, tags: [], pallet_type: null, must_be_traded: false, attachments: [] }) as unknown as PackageRead;
const job = (state: 'accepted' | 'delivered' | 'finalised') => shipmentRead({ current_state: { state } as never, packages: [pkg(5, 'Kast'), pkg(6, 'Stoel')] });

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1])], name, { type: 'image/jpeg' });
const problem = (over: Partial<ProblemRead> = {}): ProblemRead => ({
  id: 3,
  shipment_id: 77,
  reference: 'VM-77',
  kind: 'damage',
  status: 'open',
  reported_at: delivered + 600,
  packages: [5],
  statements: [{ id: 1, party: 'sender', text: 'De kast heeft een diepe kras op de zijkant.', created_at: delivered + 600, photos: [{ id: 11, package_id: 5, url: '/api/shipment/77/problem/photo/kras.jpg' }] }],
  decision: null,
  ...over,
});

const deliveryProof = {
  id: 2,
  kind: 'delivery',
  client_id: '7d0c3f5e-9a43-4b1e-8d0c-2f4f1b7e6a11',
  signer_name: 'Marie Dubois',
  condition: 'good',
  reservations: '',
  taken_at: delivered,
  lat: 50.9,
  lng: 5.3,
  accuracy_m: 10,
  signature_url: '/api/shipment/77/proof/file/delivery.png',
  packages: [],
  created_at: delivered,
};

/** The files by field name, with their size (jsdom's FormData does not carry a file's name through the mock). */
/** What axe finds against WCAG 2.2 AA (jsdom draws nothing: colour contrast is left to the browser checks). */
async function violations(el: Element) {
  const results = await axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Sent = { content: unknown; files: Record<string, number> };
/** The server: the problem read, the proof (delivery waiting for an answer), and the report's answers in turn. */
function problemServer(read: SenderProblemRead, answers: (() => Response)[] = []) {
  const sent: Sent[] = [];
  server.use(
    http.get('*/api/shipment/:id/problem', () => HttpResponse.json(read)),
    http.get('*/api/shipment/:id/proof', () => HttpResponse.json({ proofs: [deliveryProof], delivery: { status: 'waiting', answer_by: delivered + 86_400 }, note_url: null })),
    http.get('*/api/shipment/:id/proof/file/:file', () => new HttpResponse(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } })),
    http.get('*/api/shipment/:id/problem/photo/:file', () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })),
    http.post('*/api/shipment/:id/problem', async ({ request }) => {
      const form = await request.formData();
      const files: Record<string, number> = {};
      for (const [field, value] of form) if (typeof value !== 'string') files[field] = value.size;
      sent.push({ content: JSON.parse(String(form.get('content'))), files });
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected report');
      return answer();
    }),
  );
  return sent;
}

const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  writeToken(null);
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('reporting a problem', () => {
  it('from the proof card: damage needs the package; the report goes as multipart with the package’s photo; then the card shows it in progress', async () => {
    const sent = problemServer({ problem: null, may_report: ['damage', 'loss', 'lateness', 'no_show', 'other'], report_by: delivered + 86_400 }, [() => HttpResponse.json(problem(), { status: 201 })]);
    const { user } = renderWithProviders(<ProofAndProblem shipment={job('delivered')} />);
    // "Levering bevestigen" stays; "Probleem melden" beside it opens the report, and it is the page's
    // only way to report while the answer to the delivery is asked (no second card offering the same).
    const proof = await screen.findByRole('region', { name: nl.job.proof.title });
    expect(within(proof).getByRole('button', { name: nl.job.proof.answer.confirm })).toBeEnabled();
    await waitFor(() => expect(screen.getAllByRole('button', { name: new RegExp(`^(${nl.job.proof.answer.report}|${nl.job.problem.open})$`) })).toHaveLength(1));
    expect(screen.queryByRole('region', { name: nl.job.problem.title })).toBeNull();
    await user.click(within(proof).getByRole('button', { name: nl.job.proof.answer.report }));

    const dialog = await screen.findByRole('dialog', { name: nl.job.problem.dialogTitle });
    await user.click(within(dialog).getByRole('radio', { name: 'Schade' }));
    await user.type(within(dialog).getByLabelText(nl.job.problem.text), 'De kast heeft een diepe kras op de zijkant.');
    await user.click(within(dialog).getByRole('button', { name: nl.job.problem.send }));
    expect(await within(dialog).findByText(nl.validation.problem_package_required)).toBeVisible();
    expect(sent).toEqual([]);
    expect(await violations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Kast' }));
    await user.upload(within(dialog).getByLabelText('Foto’s van Kast'), jpeg('kras.jpg'));
    expect(await within(dialog).findByText('Gekozen: kras.jpg')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: nl.job.problem.send }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        content: { kind: 'damage', text: 'De kast heeft een diepe kras op de zijkant.', packages: [{ package_id: 5, photos: ['package_5_1'] }], photos: [] },
        files: { package_5_1: 12 },
      },
    ]);
    const shown = await screen.findByRole('region', { name: nl.job.problem.reported });
    expect(within(shown).getByTestId('problem-status')).toHaveTextContent('In behandeling');
    expect(within(shown).getByText('De kast heeft een diepe kras op de zijkant.')).toBeVisible();
    expect(within(shown).getByText(nl.job.problem.noAnswer)).toBeVisible();
    expect(await within(shown).findByRole('img', { name: 'Foto 1 van Kast' })).toBeVisible();
    // The proof card no longer asks: the problem is reported.
    expect(within(proof).getByText(nl.job.proof.answer.reported)).toBeVisible();
    expect(within(proof).queryByRole('button', { name: nl.job.proof.answer.report })).toBeNull();
  });

  it('keeps the report being written when the job moves on meanwhile (delivered to finalised)', async () => {
    problemServer({ problem: null, may_report: ['damage', 'loss', 'lateness', 'no_show', 'other'], report_by: delivered + 86_400 });
    let moveOn = () => {};
    function Live() {
      const [state, setState] = useState<'delivered' | 'finalised'>('delivered');
      moveOn = () => setState('finalised');
      return <ProofAndProblem shipment={job(state)} />;
    }
    const { user } = renderWithProviders(<Live />);
    const proof = await screen.findByRole('region', { name: nl.job.proof.title });
    await user.click(await within(proof).findByRole('button', { name: nl.job.proof.answer.report }));
    const dialog = await screen.findByRole('dialog', { name: nl.job.problem.dialogTitle });
    await user.click(within(dialog).getByRole('radio', { name: 'Schade' }));
    await user.type(within(dialog).getByLabelText(nl.job.problem.text), 'De kast is gebarsten.');
    act(() => moveOn());
    await waitFor(() => expect(screen.getByRole('dialog', { name: nl.job.problem.dialogTitle })).toBe(dialog));
    expect(within(dialog).getByRole('radio', { name: 'Schade' })).toBeChecked();
    expect(within(dialog).getByLabelText(nl.job.problem.text)).toHaveValue('De kast is gebarsten.');
  });

  it('a no-show before pickup: only that kind, no packages; a field error at the text, then a 409 said in words', async () => {
    const sent = problemServer({ problem: null, may_report: ['no_show'], report_by: null }, [
      () => HttpResponse.json([{ field: 'text', message: 'Beschrijf het in minstens 10 tekens.' }], { status: 400 }),
      () => HttpResponse.json({ error: 'conflict', error_description: nl.validation.problem_not_reportable }, { status: 409 }),
    ]);
    const { user } = renderWithProviders(<ProofAndProblem shipment={job('accepted')} />);
    const card = await screen.findByRole('region', { name: nl.job.problem.title });
    expect(card).toHaveTextContent(nl.job.problem.noShowOnly);
    await user.click(within(card).getByRole('button', { name: nl.job.problem.open }));

    const dialog = await screen.findByRole('dialog', { name: nl.job.problem.dialogTitle });
    expect(within(dialog).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['no_show']);
    expect(within(dialog).getByRole('radio', { name: 'Chauffeur niet gekomen' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.type(within(dialog).getByLabelText(nl.job.problem.text), 'Niemand kwam om 9 uur.');
    await user.click(within(dialog).getByRole('button', { name: nl.job.problem.send }));
    const text = within(dialog).getByLabelText(nl.job.problem.text);
    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Beschrijf het in minstens 10 tekens.')));
    expect(text).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: nl.job.problem.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(nl.validation.problem_not_reportable);
    expect(sent.map((s) => s.content)).toEqual([
      { kind: 'no_show', text: 'Niemand kwam om 9 uur.', packages: [], photos: [] },
      { kind: 'no_show', text: 'Niemand kwam om 9 uur.', packages: [], photos: [] },
    ]);
  });
});

describe('a reported problem', () => {
  it('shows both statements with their photos, and the decision with its reason and amounts', async () => {
    const decided = problem({
      status: 'decided',
      statements: [
        ...problem().statements,
        { id: 2, party: 'driver', text: 'Bij het laden was de kras er al, zie mijn foto.', created_at: delivered + 7200, photos: [{ id: 12, package_id: null, url: '/api/shipment/77/problem/photo/laden.jpg' }] },
      ],
      decision: { outcome: 'refund', refund: 60, released: 60, reason: 'Beide partijen hebben gelijk gedeeltelijk: de helft terug aan de verzender.', decided_at: delivered + 86_000, insurance_cover: null },
    });
    problemServer({ problem: decided, may_report: [], report_by: delivered + 86_400 });
    renderWithProviders(<ProofAndProblem shipment={job('delivered')} />);
    const card = await screen.findByRole('region', { name: nl.job.problem.reported });
    expect(within(card).getByTestId('problem-status')).toHaveTextContent('Beslist');
    expect(within(card).getByTestId('statement-sender')).toHaveTextContent('De kast heeft een diepe kras op de zijkant.');
    expect(within(card).getByTestId('statement-driver')).toHaveTextContent('Bij het laden was de kras er al, zie mijn foto.');
    expect(await within(card).findByRole('img', { name: 'Foto 1 van Kast' })).toBeVisible();
    expect(await within(card).findByRole('img', { name: 'Foto 1' })).toBeVisible();
    // The full photo opens in a new tab with the access token in the address.
    expect(within(card).getByRole('link', { name: 'Foto 1' })).toHaveAttribute('href', '/api/shipment/77/problem/photo/laden.jpg?access_token=access');
    const decision = within(card).getByTestId('problem-decision');
    expect(decision).toHaveTextContent('Terugbetaling aan jou');
    expect(decision).toHaveTextContent('Beide partijen hebben gelijk gedeeltelijk: de helft terug aan de verzender.');
    expect(decision).toHaveTextContent('Aan jou terugbetaald€ 60,00');
    expect(decision).toHaveTextContent('Naar de chauffeur€ 60,00');
    expect(within(card).queryByText(nl.job.problem.noAnswer)).toBeNull();
    expect(await violations(card)).toEqual([]);
  });
});
