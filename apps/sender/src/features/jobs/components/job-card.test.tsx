import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-render.tsx';
import { offerRead, shipmentRead } from '../../../test-fixtures.ts';
import { JobCard } from './job-card.tsx';

afterEach(cleanup);

const card = (over: Parameters<typeof shipmentRead>[0]) =>
  renderWithProviders(
    <MemoryRouter>
      <ul>
        <JobCard shipment={shipmentRead(over)} showOffers />
      </ul>
    </MemoryRouter>,
  );

describe('a job card', () => {
  it('shows the accepted price incl. VAT once an offer is accepted (issue 20: the price on the job cards)', () => {
    // 100 + 20 insurance + 25,20 VAT.
    card({ accepted_offer: { ...offerRead(11, 'Jan', 'Peeters', 'experienced', 100, 20), state: 'accepted' }, current_state: { state: 'accepted' } });
    expect(screen.getByTestId('job-card-price')).toHaveTextContent(/^Prijs: € 145,20 incl\. btw$/);
  });

  it('shows no price while no offer is accepted', () => {
    card({});
    expect(screen.queryByTestId('job-card-price')).toBeNull();
  });
});
