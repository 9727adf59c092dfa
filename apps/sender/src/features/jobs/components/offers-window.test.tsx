import { zonedInstant } from '@vm/domain/zoned-time';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { shipmentRead } from '../../../test-fixtures.ts';
import { OffersModal } from './offers-modal.tsx';

afterEach(cleanup);

const s = (date: string, time: string) => zonedInstant(date, time, 'Europe/Brussels').getTime() / 1000;

describe('the offers list', () => {
  it('shows what the drivers bid on: the booked windows, a range of dates for "this week, evening"', () => {
    const shipment = shipmentRead({
      pickup_date_from: s('2026-11-23', '17:00'),
      pickup_date_till: s('2026-11-29', '22:00'),
      delivery_date_from: s('2026-11-24', '08:00'),
      delivery_date_till: s('2026-11-24', '17:00'),
    });
    renderWithProviders(<OffersModal shipment={shipment} open onClose={() => {}} />);
    expect(screen.getByTestId('offers-when')).toHaveTextContent('Ophalen: ma 23 nov 17:00 – zo 29 nov 22:00Leveren: di 24 nov, 08:00 – 17:00');
  });
});
