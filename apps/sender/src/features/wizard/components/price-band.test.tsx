import type { Address } from '@vm/domain/address';
import type { PriceBandRead } from '@vm/domain/price-band';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { nl } from '../../../locales/nl.ts';
import { priceBandQueryFor } from '../api/get-price-band.ts';
import { initialWizard, type WizardState } from '../wizard-state.ts';
import { PriceBand } from './price-band.tsx';

const place = (city: string, lat: number, lng: number): Address => ({
  street: 'Kerkstraat', number: '1', box: '', zip: '1000', city, country: 'BE', lat, lng, formatted: `Kerkstraat 1, ${city}`, precision: 'house', attribution: 'test',
});
/** A small package from Hasselt to Brussel. */
const draft = (): WizardState => {
  const s = initialWizard();
  return { ...s, type: 'small', pickup: { ...s.pickup, address: place('Hasselt', 50.93106, 5.33781) }, delivery: { ...s.delivery, address: place('Brussel', 50.85045, 4.34878) } };
};

// The server's answer, and what the page asked with.
const answer = { value: null as PriceBandRead | null, status: 200 };
let asked: { search: string; authorization: string | null }[] = [];

beforeEach(() => {
  asked = [];
  answer.status = 200;
  server.use(
    http.post('*/oauth/access_token', () => HttpResponse.json({ access_token: 'guest-token', expires_in: 3600 })),
    http.get('*/api/price-band', ({ request }) => {
      asked.push({ search: new URL(request.url).search, authorization: request.headers.get('authorization') });
      return answer.status === 200 ? HttpResponse.json(answer.value) : HttpResponse.json({ error: 'server_error', message: 'x' }, { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  writeToken(null);
});

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the fair-price band on step 5', () => {
  it('shows the range others paid with its basis, labelled as no promise', async () => {
    answer.value = { kind: 'band', low: 133, high: 169, basis: 6, vehicle: 'car' };
    renderWithProviders(<PriceBand query={priceBandQueryFor(draft())} />);
    const block = await screen.findByRole('region', { name: nl.priceBand.title });
    expect(block).toHaveAttribute('data-testid', 'price-band');
    expect(text(block)).toContain('€ 133 – € 169 incl. btw voor het transport, op basis van 6 vergelijkbare opdrachten');
    expect(text(block)).toContain(nl.priceBand.noPromise);
    // The estimate's road distance and the small package's size; a guest asks with a client token.
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(asked[0]!.search))).toEqual({ distance_km: String(priceBandQueryFor(draft())!.distance_km), volume_m3: '0.25', weight_kg: '50' });
    expect(asked[0]!.authorization).toBe('Bearer guest-token');
  });

  it('says honestly when there are too few comparable jobs, and shows no range', async () => {
    answer.value = { kind: 'too_few', basis: 2, vehicle: 'car' };
    writeToken({ access_token: 'sender-token', refresh_token: 'refresh', expires_at: Date.now() + 3_600_000 });
    renderWithProviders(<PriceBand query={priceBandQueryFor(draft())} />);
    const block = await screen.findByRole('region', { name: nl.priceBand.title });
    expect(block.querySelector('p')?.textContent).toBe(nl.priceBand.tooFew);
    expect(text(block)).not.toContain('€');
    // A signed-in sender asks with their own token.
    expect(asked[0]!.authorization).toBe('Bearer sender-token');
  });

  it('stays away when the call fails, and asks nothing before both addresses are known', async () => {
    answer.status = 500;
    renderWithProviders(<PriceBand query={priceBandQueryFor(draft())} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByTestId('price-band')).toBeNull();
    cleanup();
    asked = [];
    const noDelivery = draft();
    noDelivery.delivery.address = null;
    expect(priceBandQueryFor(noDelivery)).toBeNull();
    renderWithProviders(<PriceBand query={null} />);
    expect(screen.queryByTestId('price-band')).toBeNull();
    expect(asked).toEqual([]);
  });
});
