import type { Locale } from '@vm/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

type UserColumns = Selectable<UsersTable>;
type ProfileColumns = 'firstName' | 'lastName' | 'cellphone' | 'birthday' | 'country' | 'addressFormatted';

export type ProfileChanges = Pick<UserColumns, ProfileColumns> & {
  company?: { name: string; vat: string; address: string; email: string } | null;
};

/** A user with their company, as read (users.mapper.ts makes the wire shape). */
export type UserRow = Pick<UserColumns, 'id' | 'email' | 'role' | 'profileImageId' | 'locale' | ProfileColumns> & {
  companyUserId: number | null;
  companyName: string | null;
  companyVat: string | null;
  companyAddress: string | null;
  companyEmail: string | null;
  invoiceStatus: 'requested' | 'approved' | 'rejected' | null;
};

// Every function takes the executor first (`db`, or the service's `trx`); rows become wire shapes in users.mapper.ts.
export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insert(db: Executor, u: Insertable<UsersTable>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values(u)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function idByEmail(db: Executor, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function find(db: Executor, id: number): Promise<UserRow | null> {
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
  return row ?? null;
}

export async function setLocale(db: Executor, id: number, locale: Locale, now: Date): Promise<void> {
  await db.updateTable('users').set({ locale, updatedAt: now }).where('id', '=', id).execute();
}

export async function update(db: Executor, id: number, c: ProfileChanges, now: Date): Promise<void> {
  await db
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
    await db
      .insertInto('companies')
      .values({ userId: id, ...c.company, updatedAt: now })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...c.company!, updatedAt: now }))
      .execute();
  }
}

/** Only the invoice workflow and the admin command change this. */
export async function setInvoiceStatus(db: Executor, userId: number, status: 'requested' | 'approved' | 'rejected' | null, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('companies')
    .set({ invoiceStatus: status, updatedAt: now, ...(status === 'requested' ? { invoiceRequestedAt: now } : {}) })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Issue 23: the company's invoice payment status, its row locked for staff's decision; null without a company. */
export async function lockInvoiceStatus(trx: Executor, userId: number): Promise<{ status: 'requested' | 'approved' | 'rejected' | null } | null> {
  const row = await trx.selectFrom('companies').select('invoiceStatus').where('userId', '=', userId).forUpdate().executeTakeFirst();
  return row ? { status: row.invoiceStatus } : null;
}

export type InvoiceRequestRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  companyVat: string;
  companyAddress: string;
  companyEmail: string;
  requestedAt: Date | null;
};

/** Issue 23: companies asking to pay by invoice, oldest request first. */
export async function invoiceRequests(db: Executor, limit: number): Promise<InvoiceRequestRow[]> {
  return db
    .selectFrom('companies as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .select(['c.userId', 'u.firstName', 'u.lastName', 'u.email', 'c.name as companyName', 'c.vat as companyVat', 'c.address as companyAddress', 'c.email as companyEmail', 'c.invoiceRequestedAt as requestedAt'])
    .where('c.invoiceStatus', '=', 'requested')
    .orderBy('c.invoiceRequestedAt')
    .orderBy('c.userId')
    .limit(limit)
    .execute();
}

/** Swaps the profile picture; answers the previous image id so its files can be removed. */
export async function setProfileImage(db: Executor, userId: number, imageId: string): Promise<string | null> {
  const before = await db.selectFrom('users').select('profileImageId').where('id', '=', userId).forUpdate().executeTakeFirst();
  await db.updateTable('users').set({ profileImageId: imageId }).where('id', '=', userId).execute();
  return before?.profileImageId ?? null;
}
