import { type Company, type InvoiceRequestRead, isLocale, type User } from '@vm/domain';
import { imageVariants } from '../files/image-urls.ts';
import type { InvoiceRequestRow, UserRow } from './users.repository.ts';

// A user's row to its wire shape, in one place.

export function toUser(row: UserRow): User {
  const company: Company | null =
    row.companyUserId === null
      ? null
      : {
          name: row.companyName ?? '',
          vat: row.companyVat ?? '',
          address: row.companyAddress ?? '',
          email: row.companyEmail ?? '',
          invoice_approved: row.invoiceStatus ?? null,
        };
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    cellphone: row.cellphone,
    birthday: row.birthday,
    address: { country: row.country, formatted: row.addressFormatted },
    profile_picture: row.profileImageId ? imageVariants(row.profileImageId) : null,
    company,
    roles: [row.role],
    locale: isLocale(row.locale) ? row.locale : 'nl',
  };
}

/** Issue 23: a company's request to pay by invoice, as finance staff read it. */
export const toInvoiceRequestRead = (r: InvoiceRequestRow): InvoiceRequestRead => ({
  user_id: r.userId,
  name: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  company: { name: r.companyName, vat: r.companyVat, address: r.companyAddress, email: r.companyEmail },
  requested_at: r.requestedAt ? Math.floor(r.requestedAt.getTime() / 1000) : null,
});
