import type { Address } from '@vm/domain/address';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const answer = vi.hoisted(() => ({ value: null as unknown }));
vi.mock('@vm/client/api-client.ts', () => ({ api: vi.fn(async () => answer.value) }));
const { addressAtPoint } = await import('./geo-api.ts');

const place = (over: Partial<Address>): Address => ({
  street: '',
  number: '',
  box: '',
  zip: '9050',
  city: 'Gentbrugge',
  country: 'BE',
  lat: 51.04,
  lng: 3.75,
  formatted: '9050 Gentbrugge',
  precision: 'locality',
  attribution: 'GeoNames',
  ...over,
});

describe('moving the pin (addressAtPoint)', () => {
  beforeEach(() => {
    answer.value = place({});
  });

  it('keeps the street, number and box; only the postcode, town and point change', async () => {
    const before = place({ street: 'Kerkstraat', number: '12', box: '3', zip: '9000', city: 'Gent', formatted: 'Kerkstraat 12 bus 3, 9000 Gent' });
    const moved = await addressAtPoint(before, before.formatted, 51.041, 3.751);
    expect(moved).toMatchObject({ street: 'Kerkstraat', number: '12', box: '3', zip: '9050', city: 'Gentbrugge', lat: 51.041, lng: 3.751 });
    expect(moved?.formatted).toBe('Kerkstraat 12 bus 3, 9050 Gentbrugge');
  });

  it('keeps what was typed when no suggestion was picked yet', async () => {
    const moved = await addressAtPoint(null, 'Meir 1 Antwerpen', 51.041, 3.751);
    expect(moved?.formatted).toBe('Meir 1, 9050 Gentbrugge');
  });

  it('takes the street a street-level geocoder found there', async () => {
    answer.value = place({ street: 'Korenmarkt', number: '1', zip: '9000', city: 'Gent', precision: 'house', formatted: 'Korenmarkt 1, 9000 Gent' });
    const moved = await addressAtPoint(place({ street: 'Kerkstraat', number: '12' }), '', 51.05, 3.72);
    expect(moved?.formatted).toBe('Korenmarkt 1, 9000 Gent');
  });

  it('answers null for a point with no address (the sea, abroad)', async () => {
    answer.value = null;
    expect(await addressAtPoint(place({ street: 'Kerkstraat', number: '12' }), '', 51.3, 2.7)).toBeNull();
  });
});
