import { type BankImport, formatStructuredCommunication, type Locale, localeOr, localeTagOf, localParts, type OpsInvoiceRead, type OpsInvoiceStatus, REMINDER_INTERVAL_DAYS } from '@vm/domain';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/database.ts';
import { Camt053Error, readCamt053 } from '../../lib/camt053.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformIdentity } from './invoice-documents.ts';
import * as repo from './invoices.repository.ts';

// Issue 22 part 5, the SPEC's invoice payment for approved companies: the invoice is due in 30
// days with a structured communication; staff import the bank's statement (ISO 20022 CAMT.053) and
// each credit is matched to the invoice its communication names, once however often the statement
// is imported; an invoice still unpaid after its due date gets a reminder, again every two weeks.
// The driver was paid on delivery anyway: the platform carries that credit (the sender's receivable).

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = { db: Db; ledger: LedgerService; audit: AuditService; mailer: Mailer; platform: PlatformIdentity; now: () => Date; log: Log };

const ZONE = 'Europe/Brussels';
const REMINDER_BATCH = 100;
/** Unpaid invoices listed for staff at once. */
const UNPAID_LIMIT = 500;
const dayNumber = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / 86_400_000;
const euros = (cents: number) => cents / 100;

const REMINDER: Record<Locale, { subject: (n: string) => string; body: (p: { name: string; number: string; due: string; amount: string; communication: string; iban: string; company: string }) => string }> = {
  nl: {
    subject: (n) => `Herinnering: factuur ${n} is nog niet betaald`,
    body: (p) =>
      `Beste ${p.name},\n\nFactuur ${p.number} was te betalen op ${p.due}. We ontvingen nog ${p.amount} niet.\n\nWilt u het bedrag overschrijven naar ${p.iban} met de gestructureerde mededeling ${p.communication}? Als u intussen betaalde, mag u deze mail als niet verzonden beschouwen.\n\nU vindt de factuur bij Account > Facturen.\n\nMet vriendelijke groeten,\n${p.company}`,
  },
  fr: {
    subject: (n) => `Rappel : la facture ${n} n’est pas encore payée`,
    body: (p) =>
      `Bonjour ${p.name},\n\nLa facture ${p.number} était à payer le ${p.due}. Nous n’avons pas encore reçu ${p.amount}.\n\nPouvez-vous virer le montant sur ${p.iban} avec la communication structurée ${p.communication} ? Si vous avez payé entre-temps, ne tenez pas compte de ce message.\n\nLa facture se trouve dans Compte > Factures.\n\nBien cordialement,\n${p.company}`,
  },
  en: {
    subject: (n) => `Reminder: invoice ${n} is not paid yet`,
    body: (p) =>
      `Dear ${p.name},\n\nInvoice ${p.number} was due on ${p.due}. We have not received ${p.amount} yet.\n\nPlease transfer the amount to ${p.iban} with the structured communication ${p.communication}. If you paid in the meantime, please disregard this message.\n\nYou find the invoice under Account > Invoices.\n\nKind regards,\n${p.company}`,
  },
};

const moneyText = (cents: number, lang: Locale) =>
  new Intl.NumberFormat(localeTagOf(lang), { style: 'currency', currency: 'EUR' }).format(euros(cents));

export function invoicePaymentsService({ db, ledger, audit, mailer, platform, now, log }: Deps) {
  return {
    /** POST /api/ops/bank-statements: applies each credit of the statement once (see the module comment). */
    async importStatement(staffId: number, bytes: Buffer): Promise<BankImport> {
      let doc;
      try {
        doc = readCamt053(bytes);
      } catch (err) {
        if (err instanceof Camt053Error) throw new ApiError(400, 'invalid_request', 'bank_statement_invalid', {}, { problem: err.code });
        throw err;
      }
      const result: BankImport = { statements: doc.statements.length, credits: 0, matched: [], already_imported: 0, unmatched: [] };
      for (const stmt of doc.statements) {
        for (const c of stmt.credits) {
          result.credits++;
          const key = `${stmt.iban ?? ''}:${stmt.id}:${c.bank_reference ?? `${c.entry_index}.${c.transaction_index ?? '-'}`}`;
          const outcome = await db.transaction().execute(async (trx) => {
            const inv = c.structured_communication && c.currency === 'EUR' ? await repo.invoiceByCommunication(trx, c.structured_communication) : null;
            const open = inv && inv.paidAt === null;
            const fresh = await repo.insertBankCredit(trx, {
              key,
              statementId: stmt.id,
              bookingDate: c.booking_date,
              amountCents: c.amount_cents,
              currency: c.currency,
              communication: c.structured_communication,
              debtorName: c.debtor_name,
              debtorIban: c.debtor_iban,
              remittance: c.unstructured,
              invoiceId: open ? inv.id : null,
              importedBy: staffId,
              createdAt: now(),
            });
            if (!fresh) return 'already' as const;
            if (!inv || !open) {
              const reason = c.currency !== 'EUR' ? 'currency' : !c.structured_communication ? 'no_communication' : !inv ? 'unknown_communication' : 'already_paid';
              result.unmatched.push({ amount: euros(c.amount_cents), currency: c.currency, booking_date: c.booking_date, debtor_name: c.debtor_name, communication: c.structured_communication ? formatStructuredCommunication(c.structured_communication) : null, remittance: c.unstructured, reason });
              return 'unmatched' as const;
            }
            // The bank has the money the sender owed: their receivable is settled by that much.
            await ledger.post(trx, {
              key: `bank:${key}`,
              kind: 'bank_payment',
              shipmentId: inv.shipmentId,
              memo: `${inv.number} paid by transfer (${c.booking_date})`,
              lines: [
                { account: { kind: 'bank' }, cents: c.amount_cents },
                { account: { kind: 'sender_receivable', userId: inv.userId }, cents: -c.amount_cents },
              ],
            });
            // A credit note (a cancellation) lowers what is due.
            const due = inv.payableCents - inv.creditedCents;
            const received = inv.receivedCents + c.amount_cents;
            const paid = received >= due;
            await repo.addReceived(trx, inv.id, c.amount_cents, paid ? now() : null);
            result.matched.push({ invoice: inv.number, amount: euros(c.amount_cents), booking_date: c.booking_date, outcome: received > due ? 'overpaid' : paid ? 'paid' : 'partial' });
            return 'matched' as const;
          });
          if (outcome === 'already') result.already_imported++;
        }
      }
      await db.transaction().execute((trx) =>
        audit.record(trx, {
          staffId,
          action: 'bank_statement.imported',
          details: { message_id: doc.message_id, statements: doc.statements.map((s) => s.id), credits: result.credits, matched: result.matched.length, unmatched: result.unmatched.length, already_imported: result.already_imported },
        }),
      );
      log.info({ staffId, credits: result.credits, matched: result.matched.length, unmatched: result.unmatched.length }, 'bank statement imported');
      return result;
    },

    /** Issue 23: invoices paid by transfer still unpaid, open (not due yet) or overdue (Brussels days), with their reminders. */
    async unpaid(status: OpsInvoiceStatus): Promise<OpsInvoiceRead[]> {
      const today = localParts(now(), ZONE).date;
      const rows = await repo.unpaid(db, { today, overdue: status === 'overdue', limit: UNPAID_LIMIT });
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        company: r.company || `${r.firstName} ${r.lastName}`.trim(),
        email: r.companyEmail || r.email,
        amount: euros(r.dueCents),
        due_date: r.dueDate,
        days_overdue: Math.max(0, dayNumber(today) - dayNumber(r.dueDate)),
        reminders: r.remindersSent,
        last_reminder_at: r.remindedAt ? Math.floor(r.remindedAt.getTime() / 1000) : null,
      }));
    },

    /** The scheduled reminders: each unpaid invoice past its due date, then every two weeks while unpaid; how many were sent. */
    async remind(): Promise<number> {
      const at = now();
      const today = localParts(at, ZONE).date;
      const remindedBefore = new Date(at.getTime() - REMINDER_INTERVAL_DAYS * 86_400_000);
      let sent = 0;
      for (const inv of await repo.dueForReminder(db, today, remindedBefore, REMINDER_BATCH)) {
        // Claimed first, so two processes never send the same reminder; a failed send gives the claim back.
        if (!(await repo.markReminded(db, inv.id, at, remindedBefore))) continue;
        const lang = localeOr(inv.locale);
        const [y, m, d] = inv.dueDate.split('-');
        const t = REMINDER[lang];
        try {
          await mailer.send({
            to: inv.companyEmail || inv.email,
            subject: t.subject(inv.number),
            text: t.body({
              name: inv.firstName,
              number: inv.number,
              due: lang === 'en' ? inv.dueDate : `${d}/${m}/${y}`,
              amount: moneyText(Number(inv.dueCents), lang),
              communication: formatStructuredCommunication(inv.paymentCommunication),
              iban: platform.iban,
              company: platform.name,
            }),
          });
          sent++;
        } catch (err) {
          log.error({ err, invoice: inv.number }, 'reminder not sent; the next run tries again');
          await repo.unmarkReminded(db, inv.id, at);
        }
      }
      return sent;
    },
  };
}

export type InvoicePaymentsService = ReturnType<typeof invoicePaymentsService>;
