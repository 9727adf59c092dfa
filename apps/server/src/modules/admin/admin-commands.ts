import { VEHICLE_TYPES } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';

// `npm run admin -- …`: back-office actions that have no screen yet. Each command checks its
// arguments and answers one line for a person to read; the exit code tells a script.

export const ADMIN_USAGE = `Usage:
  npm run admin -- invoice approve <email>     approve invoice payment for the user's company
  npm run admin -- invoice reject <email>      reject it
  npm run admin -- driver create <email> <password> <first name> <last name> <vehicle type> <vehicle name>
                                               vehicle type: ${VEHICLE_TYPES.join(', ')}`;

export async function runAdmin(db: Db, args: string[], now: Date): Promise<{ ok: boolean; message: string }> {
  const [area, action, ...rest] = args;
  if (area === 'invoice' && (action === 'approve' || action === 'reject') && rest.length === 1) {
    const email = rest[0]!.toLowerCase();
    const user = await db.selectFrom('users').select(['id', 'role']).where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
    if (!user) return { ok: false, message: `No user with e-mail ${email}.` };
    const res = await db
      .updateTable('companies')
      .set({ invoiceStatus: action === 'approve' ? 'approved' : 'rejected', updatedAt: now })
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return { ok: false, message: `${email} has no company yet: they fill it in on their account page first.` };
    return { ok: true, message: `Invoice payment ${action === 'approve' ? 'approved' : 'rejected'} for ${email}.` };
  }
  if (area === 'driver' && action === 'create' && rest.length >= 6) {
    const [email, password, firstName, lastName, type, ...name] = rest as [string, string, string, string, string, ...string[]];
    if (!(VEHICLE_TYPES as readonly string[]).includes(type)) return { ok: false, message: `Vehicle type must be one of ${VEHICLE_TYPES.join(', ')}.` };
    if (password.length < 6) return { ok: false, message: 'The password must be at least 6 characters long.' };
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          email: email.toLowerCase(),
          passwordHash: await hashPassword(password),
          firstName,
          lastName,
          cellphone: '',
          birthday: '1970-01-01',
          country: 'BE',
          addressFormatted: '',
          role: 'driver',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('vehicles').values({ driverId: row.id, type, name: name.join(' ') }).execute();
      return row.id;
    }).catch((err: { code?: string }) => {
      if (err.code === '23505') return null;
      throw err;
    });
    if (id === null) return { ok: false, message: `A user with e-mail ${email} already exists.` };
    return { ok: true, message: `Driver ${firstName} ${lastName} created (id ${id}).` };
  }
  return { ok: false, message: ADMIN_USAGE };
}
