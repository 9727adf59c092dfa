import { VEHICLE_TYPES } from '@vm/domain';
import { z } from 'zod';
import { ValidationFailed } from '../../lib/errors.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { UsersService } from '../users/users.service.ts';

// `npm run admin -- …`: back-office actions that have no screen yet. Each command checks its
// arguments and answers one line for a person to read; the exit code tells a script.

export const ADMIN_USAGE = `Usage:
  npm run admin -- invoice approve <email>     approve invoice payment for the user's company
  npm run admin -- invoice reject <email>      reject it
  npm run admin -- driver create <email> <password> <first name> <last name> <vehicle type> <vehicle name>
                                               vehicle type: ${VEHICLE_TYPES.join(', ')}
  npm run admin -- notes check <shipment id>   verify a consignment note's hash chain and seals
  npm run admin -- backup <file>               copy the embedded database to a file (server stopped)
  npm run admin -- restore <file> [--force]    put a backup into DATA_DIR (--force replaces its database)`;

export async function runAdmin({ users, proofs }: { users: UsersService; proofs: Pick<ProofsService, 'checkNote'> }, args: string[]): Promise<{ ok: boolean; message: string }> {
  const [area, action, ...rest] = args;
  // Issue 21 part 3: the consignment note's check (hash chain and JWS seals).
  if (area === 'notes' && action === 'check' && rest.length === 1) {
    const id = Number(rest[0]);
    if (!Number.isSafeInteger(id) || id < 1) return { ok: false, message: 'The shipment id is a whole number.' };
    const c = await proofs.checkNote(id);
    if (c.entries === 0) return { ok: false, message: `Shipment ${id} has no consignment note entries.` };
    return c.ok
      ? { ok: true, message: `Consignment note of shipment ${id}: ${c.entries} entries, chain and seals intact.` }
      : { ok: false, message: `Consignment note of shipment ${id} is BROKEN: ${c.problems.join('; ')}` };
  }
  if (area === 'invoice' && (action === 'approve' || action === 'reject') && rest.length === 1) {
    const email = rest[0]!.toLowerCase();
    const id = await users.idByEmail(email);
    if (id === null) return { ok: false, message: `No user with e-mail ${email}.` };
    if (!(await users.setInvoiceStatus(id, action === 'approve' ? 'approved' : 'rejected'))) {
      return { ok: false, message: `${email} has no company yet: they fill it in on their account page first.` };
    }
    return { ok: true, message: `Invoice payment ${action === 'approve' ? 'approved' : 'rejected'} for ${email}.` };
  }
  if (area === 'driver' && action === 'create' && rest.length >= 6) {
    const [email, password, firstName, lastName, type, ...name] = rest as [string, string, string, string, string, ...string[]];
    const vehicleType = z.enum(VEHICLE_TYPES).safeParse(type);
    if (!vehicleType.success) return { ok: false, message: `Vehicle type must be one of ${VEHICLE_TYPES.join(', ')}.` };
    if (password.length < 6) return { ok: false, message: 'The password must be at least 6 characters long.' };
    try {
      const id = await users.createDriver({ email, password, firstName, lastName, vehicle: { type: vehicleType.data, name: name.join(' ') } });
      return { ok: true, message: `Driver ${firstName} ${lastName} created (id ${id}).` };
    } catch (err) {
      if (err instanceof ValidationFailed) return { ok: false, message: `A user with e-mail ${email} already exists.` };
      throw err;
    }
  }
  return { ok: false, message: ADMIN_USAGE };
}
