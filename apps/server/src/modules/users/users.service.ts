import { type CompanyInput, checkVat, type InvoiceRequestRead, isValidVat, normaliseVat, type Locale, type RegisterUserInput, type UpdateUserInput, type User } from '@vm/domain';
import type { VatRegistry } from '../../adapters/vat/vat-registry.ts';
import type { Db } from '../../db/database.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { EventsService } from '../events/events.service.ts';
import type { PhoneService } from '../phone/phone.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toInvoiceRequestRead, toUser } from './users.mapper.ts';
import * as repo from './users.repository.ts';

type Deps = {
  db: Db;
  phone: PhoneService;
  events: EventsService;
  now: () => Date;
  /** The VIES check, when configured; null checks format and check digits only (the schema's). */
  vatRegistry?: VatRegistry | null;
  log?: { warn: (obj: object, msg: string) => void };
};
type InvoiceStatus = 'requested' | 'approved' | 'rejected' | null;
/** Issue 23: staff's decision on invoice payment, and what came of it. */
export type InvoicePaymentDecision = { approve: boolean; reason: string | null };
export type InvoicePaymentOutcome = 'decided' | 'no_company' | 'not_requested';
/** Requests listed for staff at once (oldest first). */
const INVOICE_REQUESTS_LIMIT = 500;

export function usersService({ db, phone, events, now, vatRegistry = null, log }: Deps) {
  /**
   * SPEC section 5: the VAT number is locked once a valid one is saved (invoices were issued
   * against it). A saved number that is not valid (kept from before the check existed) is never
   * locked: the only way to mend it is to change it. A new number is checked in VIES when one is
   * configured; VIES being down does not refuse it (docs/decisions/0011-vat-numbers.md).
   */
  async function checkCompanyVat(current: User, company: CompanyInput) {
    const saved = current.company?.vat ?? '';
    // The schema stores numbers without spaces or dots; older rows may still have them.
    if (normaliseVat(saved) === company.vat) return;
    if (isValidVat(saved)) throw fieldError('company.vat', 'vat_locked');
    await checkVatRegistered(company.vat, 'company.vat');
  }

  /**
   * A VAT number's format and check digits, then VIES when a registry is configured: 'invalid' is
   * refused at `field`; VIES being down does not refuse it (decision 0011).
   */
  async function checkVatRegistered(vat: string, field: string) {
    const check = checkVat(vat);
    if (!check.ok) throw fieldError(field, check.problem);
    if (!vatRegistry) return;
    const answer = await vatRegistry.check(check.countryCode, check.number);
    if (answer === 'invalid') throw fieldError(field, 'vat_not_registered');
    if (answer === 'unavailable') log?.warn({ vat: check.value }, 'VAT number saved without a VIES answer');
  }

  /** Every change of the invoice payment status reaches the user (the admin's decision above all). */
  const setInvoiceStatus = (userId: number, status: InvoiceStatus) =>
    db.transaction().execute(async (trx) => {
      if (!(await repo.setInvoiceStatus(trx, userId, status, now()))) return false;
      await events.record(trx, [{ userId, type: 'company.invoice.status', shipmentId: null, payload: { status } }]);
      return true;
    });

  return {
    checkVatRegistered,

    /**
     * `within` runs in the account's transaction (a social login links its identity there, a driver's
     * business details are stored there); `role` is 'driver' for the driver app's registration.
     */
    async register(input: RegisterUserInput, locale: Locale = 'nl', within?: (trx: Db, userId: number) => Promise<void>, role: 'sender' | 'driver' = 'sender'): Promise<{ id: number }> {
      const cellphone = phone.normalise(input.cellphone);
      if (await repo.emailExists(db, input.email)) throw fieldError('email', 'email_taken');
      const passwordHash = await hashPassword(input.password);
      try {
        // The SMS proof is spent in the same transaction: no account without it, no proof lost.
        const id = await db.transaction().execute(async (trx) => {
          await phone.consume(trx, input.verification_token, cellphone);
          const userId = await repo.insert(trx, {
            email: input.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            cellphone,
            birthday: input.birthday,
            country: input.address.country,
            addressFormatted: '',
            role,
            locale,
            updatedAt: now(),
          });
          await within?.(trx, userId);
          // The welcome mail (mails module) is made from this event once the account has committed.
          await events.record(trx, [{ userId, type: 'user.registered', shipmentId: null, payload: {} }]);
          return userId;
        });
        return { id };
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', 'email_taken');
        throw err;
      }
    },

    async get(id: number): Promise<User> {
      const row = await repo.find(db, id);
      if (!row) throw notFound();
      return toUser(row);
    },

    async update(id: number, input: UpdateUserInput): Promise<User> {
      const current = await this.get(id);
      const cellphone = phone.normalise(input.cellphone);
      if (input.company) await checkCompanyVat(current, input.company);
      await db.transaction().execute(async (trx) => {
        if (cellphone !== current.cellphone) await phone.consume(trx, input.verification_token, cellphone);
        await repo.update(
          trx,
          id,
          {
            firstName: input.first_name,
            lastName: input.last_name,
            cellphone,
            birthday: input.birthday,
            country: input.address.country,
            addressFormatted: input.address.formatted,
            company: input.company ?? undefined,
          },
          now(),
        );
      });
      return this.get(id);
    },

    /** The user's language, for the app on every device and for mails and pushes. */
    async setLocale(id: number, locale: Locale): Promise<{ locale: Locale }> {
      await repo.setLocale(db, id, locale, now());
      return { locale };
    },

    idByEmail: (email: string) => repo.idByEmail(db, email),

    /**
     * A driver account with its vehicle. Drivers do not sign up in the sender app: the admin
     * command and the demo drivers create them. Throws email_taken for a used address.
     */
    async createDriver(d: {
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      cellphone?: string;
      /** Unknown to the admin command; the column needs a date. */
      birthday?: string;
    }): Promise<number> {
      const passwordHash = await hashPassword(d.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const id = await repo.insert(trx, {
            email: d.email.toLowerCase(),
            passwordHash,
            firstName: d.firstName,
            lastName: d.lastName,
            cellphone: d.cellphone ?? '',
            birthday: d.birthday ?? '1970-01-01',
            country: 'BE',
            addressFormatted: '',
            role: 'driver',
            updatedAt: now(),
          });
          return id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', 'email_taken');
        throw err;
      }
    },

    /** Approval is an admin's; false when the user has no company yet. */
    setInvoiceStatus,

    /** Issue 23: companies asking to pay by invoice, oldest first, for finance staff. */
    async invoiceRequests(): Promise<InvoiceRequestRead[]> {
      return (await repo.invoiceRequests(db, INVOICE_REQUESTS_LIMIT)).map(toInvoiceRequestRead);
    },

    /**
     * Issue 23: staff's decision on invoice payment, in the caller's transaction (with its audit
     * entry): the status and the event that tells the user (by push, and by mail with the reason of
     * a refusal). `onlyRequested`: a company that is not asking is left as it is (the back office);
     * the admin command may decide at any time.
     */
    async decideInvoicePayment(trx: Db, userId: number, decision: InvoicePaymentDecision, { onlyRequested }: { onlyRequested: boolean }): Promise<InvoicePaymentOutcome> {
      const current = await repo.lockInvoiceStatus(trx, userId);
      if (!current) return 'no_company';
      if (onlyRequested && current.status !== 'requested') return 'not_requested';
      const status = decision.approve ? 'approved' : 'rejected';
      await repo.setInvoiceStatus(trx, userId, status, now());
      await events.record(trx, [{ userId, type: 'company.invoice.status', shipmentId: null, payload: { status, reason: decision.approve ? null : decision.reason } }]);
      return 'decided';
    },

    /** The invoice toggle (SPEC section 4): request, or cancel a request or approval. Needs a company. */
    async invoiceAction(id: number, action: 'request' | 'cancel'): Promise<User> {
      const current = await this.get(id);
      if (!current.company?.name || !current.company.vat) throw fieldError('company.name', 'required');
      await setInvoiceStatus(id, action === 'request' ? 'requested' : null);
      return this.get(id);
    },

    setProfileImage: (trx: Db, userId: number, imageId: string) => repo.setProfileImage(trx, userId, imageId),
  };
}

export type UsersService = ReturnType<typeof usersService>;
