import type { LocationRead, PackageRead } from '@vm/domain/shipment';
import { zonedInstant } from '@vm/domain/zoned-time';
import { describe, expect, it } from 'vitest';
import { shipmentRead } from '../../test-fixtures.ts';
import { addressBook, matchingPlaces } from './address-book.ts';
import { bookAgainDraft, changeDraft } from './from-shipment.ts';
import { keepsBookedWindow, stepErrors, toChange } from './to-shipment.ts';

const at = (date: string, time: string) => zonedInstant(date, time, 'Europe/Brussels').getTime() / 1000;
const place = (street: string, zip: string, city: string, name = '', notes = 'Bel aan'): LocationRead => ({
  lat: 51,
  lng: 4,
  notes,
  address: { name, street, number: '1', box: '', zip, city, country: 'BE', formatted: `${street} 1, ${zip} ${city}` },
});
const sofa: PackageRead = { id: 5, type: 'medium', description: 'Zetel', notes: '', width: 100, height: 100, length: 200, weight: 500, tags: [], pallet_type: null, must_be_traded: false, attachments: [] };

describe('a job back in the wizard', () => {
  const job = shipmentRead({
    pickup_date_from: at('2026-11-30', '08:00'),
    pickup_date_till: at('2026-11-30', '17:00'),
    delivery_date_from: at('2026-11-30', '17:00'),
    delivery_date_till: at('2026-11-30', '22:00'),
    pickup_location: place('Kerkstraat', '3500', 'Hasselt', 'Peeters BV', 'Laadkade 3'),
    packages: [sofa],
  });

  it('to change: the windows as booked, and saved unchanged they are the same seconds even after their start has passed', () => {
    const draft = changeDraft(job);
    expect(draft.pickup).toMatchObject({ day: 'custom', dateFrom: '2026-11-30', timeFrom: '08:00', timeTill: '17:00', isBusiness: '1', companyName: 'Peeters BV', instructions: 'Laadkade 3' });
    const later = new Date(at('2026-11-30', '10:00') * 1000);
    expect(keepsBookedWindow(draft, 'pickup', later)).toBe(true);
    expect(stepErrors(draft, 3, later)).toEqual({});
    const body = toChange(draft, later);
    expect([body.pickup.date_from, body.pickup.date_till, body.delivery.date_till]).toEqual([job.pickup_date_from, job.pickup_date_till, job.delivery_date_till]);
    expect(body.packages).toEqual([{ id: 5, description: 'Zetel' }]);
  });

  it('to change: a moved window is judged by the booking rules again', () => {
    const draft = changeDraft(job);
    const moved = { ...draft, pickup: { ...draft.pickup, timeFrom: '07:00', timeTill: '09:00' } };
    const later = new Date(at('2026-11-30', '10:00') * 1000);
    expect(keepsBookedWindow(moved, 'pickup', later)).toBe(false);
    expect(Object.values(stepErrors(moved, 3, later))).toContain('time_in_past');
  });

  it('book again: the same places and goods, no dates, on the pickup step', () => {
    const draft = bookAgainDraft(job);
    expect(draft).toMatchObject({ step: 3, type: 'medium', description: 'Zetel', editing: null });
    expect(draft.pickup).toMatchObject({ day: null, time: null, addressText: 'Kerkstraat 1, 3500 Hasselt', instructions: 'Laadkade 3' });
  });
});

describe('the address book', () => {
  const older = shipmentRead({ id: 1, created_at: 100, pickup_location: place('Kerkstraat', '3500', 'Hasselt', '', 'Oud'), delivery_location: place('Meir', '2000', 'Antwerpen') });
  const newer = shipmentRead({ id: 2, created_at: 200, pickup_location: place('Kerkstraat', '3500', 'Hasselt', '', 'Nieuw'), delivery_location: place('Veldstraat', '9000', 'Gent', 'Winkel NV') });

  it('has each place once, with what was said there last, the most recent first', () => {
    const book = addressBook([older, newer]);
    expect(book.map((p) => [p.address.formatted, p.instructions])).toEqual([
      ['Kerkstraat 1, 3500 Hasselt', 'Nieuw'],
      ['Veldstraat 1, 9000 Gent', 'Bel aan'],
      ['Meir 1, 2000 Antwerpen', 'Bel aan'],
    ]);
  });

  it('offers the places whose address or company holds every word typed, accents and case aside', () => {
    const book = addressBook([older, newer]);
    expect(matchingPlaces(book, 'winkel gent').map((p) => p.companyName)).toEqual(['Winkel NV']);
    expect(matchingPlaces(book, 'KERK').map((p) => p.address.city)).toEqual(['Hasselt']);
    expect(matchingPlaces(book, '')).toHaveLength(3);
    expect(matchingPlaces(book, 'Brugge')).toEqual([]);
  });
});
