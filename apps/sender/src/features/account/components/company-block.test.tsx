import type { User } from '@vm/domain/user';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nl } from '../../../locales/nl.ts';
import { messages } from '@vm/domain/messages';
import { renderWithProviders } from '../../../test-render.tsx';
import { CompanyBlock } from './company-block.tsx';

const user = (company: User['company']): User => ({
  id: 7,
  first_name: 'An',
  last_name: 'Peeters',
  email: 'an@example.be',
  cellphone: '+32470123456',
  birthday: '1990-05-17',
  address: { country: 'BE', formatted: '' },
  profile_picture: null,
  company,
  roles: ['sender'],
  locale: 'nl',
});

const puts: { company: Record<string, string> }[] = [];
const handlers = [
  http.get('*/api/geo/autocomplete', () => HttpResponse.json([])),
  http.put('*/api/user', async ({ request }) => {
    const body = (await request.json()) as { company: Record<string, string> };
    puts.push(body);
    return HttpResponse.json({ ...user(null), company: { ...body.company, invoice_approved: null } });
  }),
];
beforeEach(() => server.use(...handlers));
afterEach(() => {
  cleanup();
  puts.length = 0;
});

type U = ReturnType<typeof renderWithProviders>['user'];
/** Pastes a value as a person would paste a copied number (typing key by key is slow on CI). */
async function fill(u: U, el: HTMLElement, value: string) {
  await u.click(el);
  await u.paste(value);
}

const vatField = () => screen.getByRole('textbox', { name: nl.account.vat });
/** The text a field's aria-describedby points at: its hint and its error. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('CompanyBlock: VAT number and address (SPEC section 5)', { timeout: 30_000 }, () => {
  it('says at the field what is wrong with a VAT number when leaving it, and does not save', async () => {
    const u = renderWithProviders(<CompanyBlock user={user(null)} />).user;
    await fill(u, vatField(), 'BE0403170702');
    await u.tab();
    expect(await screen.findByText(messages.nl.vat_checksum)).toBeInTheDocument();
    expect(vatField()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(vatField())).toContain(messages.nl.vat_checksum);

    await u.clear(vatField());
    await fill(u, vatField(), '0403170701');
    await u.click(screen.getByRole('button', { name: nl.account.update }));
    expect(await screen.findByText(messages.nl.vat_country)).toBeInTheDocument();
    expect(puts).toEqual([]);
    expect(vatField()).not.toHaveAttribute('readonly');
  });

  it('requires the company address with street and number', async () => {
    const u = renderWithProviders(<CompanyBlock user={user(null)} />).user;
    await fill(u, screen.getByRole('textbox', { name: nl.account.companyName }), 'Peeters BV');
    await fill(u, vatField(), 'be 0403.170.701');
    await fill(u, screen.getByRole('textbox', { name: nl.account.invoiceEmail }), 'facturen@peeters.be');
    await u.click(screen.getByRole('button', { name: nl.account.update }));
    const address = screen.getByRole('combobox', { name: nl.account.companyAddress });
    expect(describedBy(address)).toContain(messages.nl.required);

    await fill(u, address, 'Markt, 3500 Hasselt');
    await u.click(screen.getByRole('button', { name: nl.account.update }));
    expect(await screen.findByText(messages.nl.address_incomplete)).toBeInTheDocument();
    expect(puts).toEqual([]);

    await u.clear(address);
    await fill(u, address, 'Markt 1, 3500 Hasselt');
    await u.click(screen.getByRole('button', { name: nl.account.update }));
    expect(await screen.findByText(nl.account.companySaved)).toBeInTheDocument();
    expect(puts.map((p) => p.company)).toEqual([{ name: 'Peeters BV', vat: 'BE0403170701', address: 'Markt 1, 3500 Hasselt', email: 'facturen@peeters.be' }]);
    // Saved: the field now shows the stored number (the account page then passes the saved user: locked).
    expect(vatField()).toHaveValue('BE0403170701');
  });

  it('shows a saved valid VAT number locked, with the explanation and a way to reach us', () => {
    renderWithProviders(
      <MemoryRouter>
        <CompanyBlock user={user({ name: 'Peeters BV', vat: 'BE0403170701', address: 'Markt 1, 3500 Hasselt', email: 'f@p.be', invoice_approved: null })} />
      </MemoryRouter>,
    );
    expect(vatField()).toHaveAttribute('readonly');
    expect(vatField()).toHaveClass('input-locked');
    expect(describedBy(vatField())).toBe(`${nl.account.vatLocked} ${nl.help.contactUs}`);
    // Issue 20, defect 12: "contact us" leads to the help page and its contact form.
    expect(screen.getByRole('link', { name: nl.help.contactUs })).toHaveAttribute('href', '/help');
  });

  it('never locks a saved number that is not valid, so it can be corrected', () => {
    renderWithProviders(<CompanyBlock user={user({ name: 'Oud BV', vat: 'BE0123456789', address: 'Markt 1, 3500 Hasselt', email: 'f@p.be', invoice_approved: null })} />);
    expect(vatField()).not.toHaveAttribute('readonly');
    expect(vatField()).not.toHaveClass('input-locked');
    expect(describedBy(vatField())).toBe(nl.account.vatHint);
  });
});
