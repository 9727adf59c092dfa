import type { OfferRead } from '@vm/domain/offer';
import type { ShipmentRead } from '@vm/domain/shipment';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { shipmentRead } from '../../../test-fixtures.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { nl } from '../../../locales/nl.ts';
import { ShareTracking } from './share-tracking.tsx';

const shipment = (state: ShipmentRead['current_state']['state'], accepted: boolean): ShipmentRead =>
  shipmentRead({ current_state: { state }, accepted_offer: accepted ? ({ id: 1 } as OfferRead) : null });

const URL_ = 'http://localhost:8080/#/track/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
let link: { active: boolean; created_at: number | null };
let calls: string[];
const handlers = [
  http.get('*/api/shipment/77/tracking', () => HttpResponse.json(link)),
  http.post('*/api/shipment/77/tracking', () => {
    calls.push('POST');
    link = { active: true, created_at: 1_700_000_000 };
    return HttpResponse.json({ url: URL_, token: URL_.slice(-43), created_at: 1_700_000_000 }, { status: 201 });
  }),
  http.delete('*/api/shipment/77/tracking', () => {
    calls.push('DELETE');
    link = { active: false, created_at: null };
    return new HttpResponse(null, { status: 204 });
  }),
];
beforeEach(() => server.use(...handlers));

beforeEach(() => {
  link = { active: false, created_at: null };
  calls = [];
  writeToken({ access_token: 'access', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

function renderShare(s: ShipmentRead) {
  return renderWithProviders(<ShareTracking shipment={s} />).user;
}

const t = nl.tracking.share;

describe('Deel tracking', () => {
  it('is offered only once an offer is accepted, and never for a cancelled job', () => {
    renderShare(shipment('new', false));
    expect(screen.queryByRole('button', { name: t.button })).toBeNull();
    cleanup();
    renderShare(shipment('cancelled', true));
    expect(screen.queryByRole('button', { name: t.button })).toBeNull();
    cleanup();
    renderShare(shipment('onwaytopickup', true));
    expect(screen.getByRole('button', { name: t.button })).toBeVisible();
  });

  it('creates a link, shows it read-only to copy, and revokes it', async () => {
    const user = renderShare(shipment('accepted', true));
    await user.click(screen.getByRole('button', { name: t.button }));
    await user.click(await screen.findByRole('button', { name: t.create }));
    const input = await screen.findByLabelText(t.link);
    expect(input).toHaveValue(URL_);
    expect(input).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: t.copy }));
    expect(await navigator.clipboard.readText()).toBe(URL_);
    expect(await screen.findByText(t.copied)).toBeVisible();

    await user.click(screen.getByRole('button', { name: t.revoke }));
    expect(await screen.findByText(t.revoked)).toBeVisible();
    expect(await screen.findByRole('button', { name: t.create })).toBeVisible();
    expect(screen.queryByLabelText(t.link)).toBeNull();
    expect(calls).toEqual(['POST', 'DELETE']);
  });

  it('says when a link is active but can no longer be shown, and offers a new one', async () => {
    link = { active: true, created_at: 1_700_000_000 }; // 14/11/2023 23:13 in Brussels
    const user = renderShare(shipment('loaded', true));
    await user.click(screen.getByRole('button', { name: t.button }));
    expect(await screen.findByText('Er is een actieve trackinglink (aangemaakt op 14/11 om 23:13). Maak een nieuwe om hem opnieuw te kopiëren.')).toBeVisible();
    expect(screen.getByRole('button', { name: t.createNew })).toBeVisible();
    expect(screen.getByRole('button', { name: t.revoke })).toBeVisible();
  });
});
