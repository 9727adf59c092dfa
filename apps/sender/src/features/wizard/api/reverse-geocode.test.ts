import type { Address } from '@vm/domain/address';
import { http, HttpResponse } from 'msw';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressAtPoint } from './reverse-geocode.ts';

// The geocoder's answer at the point asked (GET /api/geo/reverse?lat=&lng=).
const answer = { value: null as Address | null, asked: '' };

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
    server.use(
      http.get('*/api/geo/reverse', ({ request }) => {
        answer.asked = new URL(request.url).search;
        return HttpResponse.json(answer.value);
      }),
    );
  });

  it('keeps the street, number and box; only the postcode, town and point change', async () => {
    const before = place({ street: 'Kerkstraat', number: '12', box: '3', zip: '9000', city: 'Gent', formatted: 'Kerkstraat 12 bus 3, 9000 Gent' });
    const moved = await addressAtPoint(before, before.formatted, 51.041, 3.751);
    expect(moved).toMatchObject({ street: 'Kerkstraat', number: '12', box: '3', zip: '9050', city: 'Gentbrugge', lat: 51.041, lng: 3.751 });
    expect(moved?.formatted).toBe('Kerkstraat 12 bus 3, 9050 Gentbrugge');
    expect(answer.asked).toBe('?lat=51.041&lng=3.751');
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
