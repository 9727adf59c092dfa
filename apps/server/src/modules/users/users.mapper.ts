import { type Company, isLocale, type User } from '@vm/domain';
import { imageVariants } from '../files/image-urls.ts';
import type { UserRow } from './users.repository.ts';

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
