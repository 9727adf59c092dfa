import { type Company, isLocale, type Locale, type User, type VehicleType } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { imageVariants } from '../files/image-urls.ts';

export type NewUser = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  cellphone: string;
  birthday: string;
  country: string;
  /** The language of the user's mails ('nl' when not given). */
  locale?: string;
};

export type ProfileChanges = {
  firstName: string;
  lastName: string;
  cellphone: string;
  birthday: string;
  country: string;
  addressFormatted: string;
  company?: { name: string; vat: string; address: string; email: string } | null;
};


export function usersRepository(db: Db) {
  return {
    async emailExists(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return Boolean(row);
    },

    async insert(trx: Db, u: NewUser, now: Date, role: 'sender' | 'driver' = 'sender'): Promise<number> {
      const row = await trx
        .insertInto('users')
        .values({ ...u, addressFormatted: '', role, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async idByEmail(email: string): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async setVehicle(trx: Db, driverId: number, vehicle: { type: VehicleType; name: string }): Promise<void> {
      await trx
        .insertInto('vehicles')
        .values({ driverId, ...vehicle })
        .onConflict((oc) => oc.column('driverId').doUpdateSet(vehicle))
        .execute();
    },

    async find(id: number): Promise<User | null> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.userId', 'u.id')
        .select([
          'u.id',
          'u.email',
          'u.firstName',
          'u.lastName',
          'u.cellphone',
          'u.birthday',
          'u.country',
          'u.addressFormatted',
          'u.role',
          'u.profileImageId',
          'u.locale',
          'c.userId as companyUserId',
          'c.name as companyName',
          'c.vat as companyVat',
          'c.address as companyAddress',
          'c.email as companyEmail',
          'c.invoiceStatus',
        ])
        .where('u.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
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
    },

    async setLocale(id: number, locale: Locale, now: Date): Promise<void> {
      await db.updateTable('users').set({ locale, updatedAt: now }).where('id', '=', id).execute();
    },

    async update(trx: Db, id: number, c: ProfileChanges, now: Date): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          firstName: c.firstName,
          lastName: c.lastName,
          cellphone: c.cellphone,
          birthday: c.birthday,
          country: c.country,
          addressFormatted: c.addressFormatted,
          updatedAt: now,
        })
        .where('id', '=', id)
        .execute();
      if (c.company) {
        // invoice_status is not in the values: only the invoice workflow and admins change it.
        await trx
          .insertInto('companies')
          .values({ userId: id, ...c.company, updatedAt: now })
          .onConflict((oc) => oc.column('userId').doUpdateSet({ ...c.company!, updatedAt: now }))
          .execute();
      }
    },

    /** Only the invoice workflow and the admin command change this. */
    async setInvoiceStatus(userId: number, status: 'requested' | 'approved' | 'rejected' | null, now: Date, trx: Db = db): Promise<boolean> {
      const res = await trx.updateTable('companies').set({ invoiceStatus: status, updatedAt: now }).where('userId', '=', userId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Swaps the profile picture; answers the previous image id so its files can be removed. */
    async setProfileImage(trx: Db, userId: number, imageId: string): Promise<string | null> {
      const before = await trx.selectFrom('users').select('profileImageId').where('id', '=', userId).forUpdate().executeTakeFirst();
      await trx.updateTable('users').set({ profileImageId: imageId }).where('id', '=', userId).execute();
      return before?.profileImageId ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
