import { emailSchema, isStaffRole, STAFF_ROLES, staffNameSchema, VEHICLE_TYPES } from '@vm/domain';
import { z } from 'zod';
import { ValidationFailed } from '../../lib/errors.ts';
import type { DriverAccountsService } from '../driver-accounts/driver-accounts.service.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import { type LedgerService, reportHolds } from '../ledger/ledger.service.ts';
import type { ReconciliationService } from '../reconciliation/reconciliation.service.ts';
import type { CancellationsService } from '../cancellations/cancellations.service.ts';
import type { PayoutsService } from '../payouts/payouts.service.ts';
import type { SettlementService } from '../settlement/settlement.service.ts';
import type { OpsFinanceService } from '../ops-finance/ops-finance.service.ts';

// `npm run admin -- …`: back-office actions that have no screen yet. Each command checks its
// arguments and answers one line for a person to read; the exit code tells a script.

export const ADMIN_USAGE = `Usage:
  npm run admin -- invoice approve <email>     approve invoice payment for the user's company
  npm run admin -- invoice reject <email> [reason]
                                               reject it (the reason is mailed to them); also in apps/ops
  npm run admin -- driver create <email> <password> <first name> <last name> <vehicle type> <vehicle name>
                                               a verified driver (approved, documents valid for a year)
                                               vehicle type: ${VEHICLE_TYPES.join(', ')}
  npm run admin -- staff create <email> [--role ${STAFF_ROLES.join('|')}] [--name "..."]
                                               a staff member, with a one-time set-up link (24 h); role: support by default
  npm run admin -- staff setup-link <email>    a new set-up link (the older ones stop working)
  npm run admin -- audit check                 verify the audit log's hash chain
  npm run admin -- notes check <shipment id>   verify a consignment note's hash chain and seals
  npm run admin -- ledger check [--days N]     verify the ledger's invariants (balanced, held money, drivers' payables) and compare it
                                               with the payment and payout providers over the last N days (7 by default): a charge
                                               the ledger lacks is refunded; every difference is named
  npm run admin -- money release <shipment id> release a job's held money to its driver (a reported problem staff settled)
  npm run admin -- money release-due           release now every job the 24-hour timer would (confirmed, or delivered 24 hours ago with proof and no problem)
  npm run admin -- money refund <shipment id> <euros>
                                               refund (part of) a job's held money to the sender, with a credit note
  npm run admin -- payouts run [--now]         settle open payouts; --now pays everyone owed today (off-cycle)
  npm run admin -- backup <file>               copy the embedded database to a file (server stopped)
  npm run admin -- restore <file> [--force]    put a backup into DATA_DIR (--force replaces its database)`;

export type AdminDeps = {
  users: UsersService;
  driverAccounts: DriverAccountsService;
  staff: StaffService;
  audit: AuditService;
  proofs: Pick<ProofsService, 'checkNote'>;
  ledger: Pick<LedgerService, 'check'>;
  reconciliation: Pick<ReconciliationService, 'reconcile'>;
  settlement: Pick<SettlementService, 'release' | 'releaseDue'>;
  payouts: Pick<PayoutsService, 'run'>;
  cancellations: Pick<CancellationsService, 'staffRefund'>;
  /** Issue 23: the back office's decision on invoice payment (audited, mailed), which the command shares. */
  opsFinance: Pick<OpsFinanceService, 'decideInvoice'>;
  publicUrl: string;
  now: () => Date;
};

const REFUND_REFUSALS = {
  no_payment: 'has no payment to refund',
  released: 'its money went to the driver already: nothing is held to refund',
  too_much: 'holds less than that amount',
  nothing_held: 'holds no money (refunded before)',
} as const;

const RELEASE_MESSAGES = {
  released: 'released to the driver',
  already_released: 'was released before: nothing changed',
  nothing_held: 'has no money held (not accepted, or refunded)',
  amount_mismatch: 'holds an amount that is not its price (part refunded): not released, divide it by hand',
  problem_open: 'has a problem reported that is still open: decide it in the back office (Problems) first',
  refund_pending: 'has a refund still waiting for the payment provider: not released',
  not_delivered: 'is not delivered and has no decided problem: a driver is paid for a delivery',
} as const;

export async function runAdmin({ users, driverAccounts, staff, audit, proofs, ledger, reconciliation, settlement, payouts, cancellations, opsFinance, publicUrl, now }: AdminDeps, args: string[]): Promise<{ ok: boolean; message: string }> {
  const [area, action, ...rest] = args;
  // Issue 22: the ledger's invariants, and staff's release of a held job.
  if (area === 'ledger' && action === 'check' && (rest.length === 0 || (rest.length === 2 && rest[0] === '--days'))) {
    const days = rest.length ? Number(rest[1]) : 7;
    if (!Number.isSafeInteger(days) || days < 1 || days > 366) return { ok: false, message: 'The number of days is a whole number from 1 to 366.' };
    // The differences first: refunding a charge the ledger lacked books it, and the invariants then see that.
    const differences = await reconciliation.reconcile(new Date(now().getTime() - days * 86_400_000));
    const r = await ledger.check();
    const lines = [
      ...r.unbalanced.map((u) => `movement ${u.transactionId} does not balance (${u.sum} cents)`),
      ...r.held.map((h) => `shipment ${h.shipmentId}: held ${h.held}, charged ${h.charged}, paid ${h.paid} (cents)`),
      ...r.negativePayables.map((p) => `driver ${p.userId} owes the platform ${-p.payable} cents`),
    ];
    const invariants = reportHolds(r) ? 'The ledger holds: every movement balances, held money matches the payments, no driver owes the platform.' : `The ledger is BROKEN:\n${lines.join('\n')}`;
    const providers = differences.length
      ? `The ledger and the providers differ (last ${days} days):\n${differences.map((d) => `${d.text}${d.done ? ` (${d.done})` : ''}`).join('\n')}`
      : `The ledger agrees with the payment and payout providers (last ${days} days).`;
    return { ok: reportHolds(r) && differences.every((d) => d.done === 'booked and refunded in full'), message: `${invariants}\n${providers}` };
  }
  if (area === 'money' && action === 'release' && rest.length === 1) {
    const id = Number(rest[0]);
    if (!Number.isSafeInteger(id) || id < 1) return { ok: false, message: 'The shipment id is a whole number.' };
    const outcome = await settlement.release(id, 'staff');
    return { ok: outcome === 'released' || outcome === 'already_released', message: `Shipment ${id} ${RELEASE_MESSAGES[outcome]}.` };
  }
  // The timer's run now (after an outage of the job runner, or to see it work).
  if (area === 'money' && action === 'release-due' && rest.length === 0) {
    const released = await settlement.releaseDue();
    return { ok: true, message: `${released} job(s) released to their drivers.` };
  }
  if (area === 'money' && action === 'refund' && rest.length === 2) {
    const id = Number(rest[0]);
    if (!Number.isSafeInteger(id) || id < 1) return { ok: false, message: 'The shipment id is a whole number.' };
    const cents = /^\d{1,7}([.,]\d{1,2})?$/.test(rest[1]!) ? Math.round(Number(rest[1]!.replace(',', '.')) * 100) : 0;
    if (cents <= 0) return { ok: false, message: 'The amount is in euros, more than 0, at most 2 decimals (e.g. 45.50).' };
    const r = await cancellations.staffRefund(id, cents);
    if ('refused' in r) return { ok: false, message: `Shipment ${id}: ${REFUND_REFUSALS[r.refused]}.` };
    return { ok: r.refunded > 0, message: r.refunded > 0 ? `Shipment ${id}: ${(r.refunded / 100).toFixed(2)} EUR refunded to the sender; the credit note follows.` : `Shipment ${id}: the provider refused the refund (see the log).` };
  }
  // The payout job's run now: open payouts settled; with --now everyone owed is paid today (off-cycle).
  if (area === 'payouts' && action === 'run' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--now'))) {
    const made = await payouts.run({ offCycle: rest[0] === '--now' });
    return { ok: true, message: `${made} payout(s) sent; open payouts settled.` };
  }
  // Staff and the audit log (issue 21, staff part)
  const setupLink = (token: string) => `${publicUrl}/ops/#/setup/${token}`;
  if (area === 'staff' && action === 'create' && rest.length >= 1) {
    const parsed = staffCreateArgs(rest);
    if (typeof parsed === 'string') return { ok: false, message: parsed };
    const created = await staff.create(parsed);
    if (!created) return { ok: false, message: `A staff member with e-mail ${parsed.email} already exists (staff setup-link gives a new link).` };
    return { ok: true, message: `Staff member ${parsed.name} (${parsed.role}) created (id ${created.id}). Set-up link, valid 24 hours, for them only:\n${setupLink(created.token)}` };
  }
  if (area === 'staff' && action === 'setup-link' && rest.length === 1) {
    const link = await staff.newSetupLink(rest[0]!);
    if (!link) return { ok: false, message: `No staff member with e-mail ${rest[0]}.` };
    return { ok: true, message: `New set-up link, valid 24 hours (the older ones no longer work):\n${setupLink(link.token)}` };
  }
  if (area === 'audit' && action === 'check' && rest.length === 0) {
    const result = await audit.check();
    if (result.ok) return { ok: true, message: `The audit log is intact: ${result.rows} rows, every hash matches.` };
    const what = { hash: 'its content does not match its hash (edited)', link: 'it does not link to the row before (edited or inserted)', missing: 'it is missing (deleted)', head: 'the chain head does not match the last row' }[result.problem];
    return { ok: false, message: `The audit log is broken at row ${result.badId}: ${what}. ${result.rows} rows before it are intact.` };
  }
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
  if (area === 'invoice' && ((action === 'approve' && rest.length === 1) || (action === 'reject' && rest.length >= 1))) {
    const email = rest[0]!.toLowerCase();
    const id = await users.idByEmail(email);
    if (id === null) return { ok: false, message: `No user with e-mail ${email}.` };
    // Issue 23: the back office's decision (audited, mailed to the user), at any time from here.
    const reason = rest.slice(1).join(' ').trim().slice(0, 2000) || null;
    if ((await opsFinance.decideInvoice(null, id, { approve: action === 'approve', reason }, { onlyRequested: false })) === 'no_company') {
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
      const id = await users.createDriver({ email, password, firstName, lastName });
      // Made by staff, so verified by staff: approved, with the vehicle and documents valid for a year.
      await driverAccounts.seedVerified(id, { type: vehicleType.data, name: name.join(' ') });
      return { ok: true, message: `Driver ${firstName} ${lastName} created and verified (id ${id}).` };
    } catch (err) {
      if (err instanceof ValidationFailed) return { ok: false, message: `A user with e-mail ${email} already exists.` };
      throw err;
    }
  }
  return { ok: false, message: ADMIN_USAGE };
}

/** `<email> [--role r] [--name "..."]`: the staff member to create, or what is wrong. */
function staffCreateArgs(args: string[]): { email: string; role: (typeof STAFF_ROLES)[number]; name: string } | string {
  const [emailArg, ...flags] = args;
  const email = emailSchema.safeParse(emailArg);
  if (!email.success) return `Not an e-mail address: ${emailArg}.`;
  let role: (typeof STAFF_ROLES)[number] = 'support';
  let name = email.data.split('@')[0]!;
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i], flags[i + 1]];
    if (flag === '--role' && isStaffRole(value)) role = value;
    else if (flag === '--name' && value !== undefined && staffNameSchema.safeParse(value).success) name = staffNameSchema.parse(value);
    else return `Unknown or bad option ${flag ?? ''} ${value ?? ''}: use --role ${STAFF_ROLES.join('|')} and --name "First Last".`;
  }
  return { email: email.data.toLowerCase(), role, name };
}
