import type { ShipmentRead } from '@vm/domain/shipment';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { shipmentRead } from '../../../test-fixtures.ts';
import { RunningLate } from './running-late.tsx';

const eta = Date.UTC(2026, 10, 23, 8, 40) / 1000; // 09:40 in Brussels
const shipment = (state: ShipmentStateName, running_late: ShipmentRead['running_late']) => shipmentRead({ current_state: { state }, running_late });

describe('RunningLate', () => {
  // Today is Monday 23 November 2026, 09:00 in Brussels.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 23, 8, 0) }));
  afterEach(() => vi.useRealTimers());

  it('says the driver is late for a leg still ahead, with the expected time on the local clock, until dismissed', async () => {
    render(<RunningLate shipment={shipment('onwaytopickup', [{ leg: 'pickup', eta }])} />);
    expect(screen.getByText('De chauffeur is laat')).toBeVisible();
    expect(screen.getByText('Verwacht aan het ophaaladres om 09:40, na het geboekte venster.')).toBeVisible();
    await userEvent.click(screen.getByRole('button'));
    expect(screen.queryByText('De chauffeur is laat')).toBeNull();
  });

  it('names the day when the driver is expected on another day than today', () => {
    const nextDay = Date.UTC(2026, 10, 24, 8, 40) / 1000;
    render(<RunningLate shipment={shipment('onwaytodelivery', [{ leg: 'delivery', eta: nextDay }])} />);
    expect(screen.getByText('Verwacht aan het leveradres op di 24 nov om 09:40, na het geboekte venster.')).toBeVisible();
  });

  it('says nothing once that leg is done, or when nobody is late', () => {
    const { container, rerender } = render(<RunningLate shipment={shipment('loaded', [{ leg: 'pickup', eta }])} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<RunningLate shipment={shipment('onwaytopickup', [])} />);
    expect(container).toBeEmptyDOMElement();
  });
});
