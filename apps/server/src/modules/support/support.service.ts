import type { Locale, SupportContact } from '@vm/domain';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/database.ts';
import { notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { toSupportMail } from './support.mapper.ts';
import * as repo from './support.repository.ts';
import { coalescedRounds } from '../../lib/coalesced-rounds.ts';

// The help page's contact form (issue 20, defect 12). A request is stored in the request; its mail to
// the support address is a job sent after the answer (never inside the request, decision 0008), on
// a kick after each request and on the scheduled `support-mail` run (retries, other processes).

const BATCH = 50;
/** A claimed request is left alone this long; a process that died while sending it is retried after. */
const LEASE_SECONDS = 5 * 60;
/** Pause before attempt 2, 3, ...; after the last the request stays kept, unsent, with its error. */
const BACKOFF_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];
const NEVER = new Date('9999-12-31T00:00:00Z');

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  mailer: Mailer;
  shipments: Pick<ShipmentsService, 'parties'>;
  supportEmail: string;
  /** Requests per signed-in user, or per given address for a guest. */
  limiter: Limiter;
  now: () => Date;
  log: Log;
};

export type ContactCaller = { userId: number | null; locale: Locale };

const later = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

export function supportService({ db, mailer, shipments, supportEmail, limiter, now, log }: Deps) {
  async function deliver(row: repo.SupportRequestRow): Promise<void> {
    try {
      await mailer.send(toSupportMail(row, supportEmail));
    } catch (err) {
      const attempts = row.attempts + 1;
      const error = err instanceof Error ? err.message : String(err);
      const pause = BACKOFF_SECONDS[attempts - 1];
      if (pause === undefined) log.error({ err, supportRequest: row.id, attempts }, 'support mail given up');
      else log.warn({ err, supportRequest: row.id, attempts }, 'support mail failed; will retry');
      return repo.failed(db, row.id, attempts, error, pause === undefined ? NEVER : later(now(), pause));
    }
    await repo.markSent(db, row.id, now());
  }

  const claimDue = (at: Date): Promise<repo.SupportRequestRow[]> =>
    db.transaction().execute(async (trx) => {
      const ids = await repo.lockDue(trx, at, BATCH);
      if (ids.length === 0) return [];
      await repo.lease(trx, ids, later(at, LEASE_SECONDS));
      return repo.byIds(trx, ids);
    });

  // Sends the due requests, a batch at a time, one round at a time.
  const rounds = coalescedRounds(
    async () => {
      for (;;) {
        const rows = await claimDue(now());
        for (const r of rows) await deliver(r);
        if (rows.length < BATCH) return;
      }
    },
    log,
    'support mail',
  );

  return {
    /** POST /api/support/contact: keeps the request; its mail goes out after the answer. */
    async contact(caller: ContactCaller, body: SupportContact): Promise<{ id: number }> {
      const shipmentId = body.shipment_id ?? null;
      if (shipmentId !== null) {
        // Only a job of the caller's own may be named; a guest names none.
        const p = caller.userId === null ? null : await shipments.parties(shipmentId);
        if (!p || (p.senderId !== caller.userId && p.driverId !== caller.userId)) throw notFound();
      }
      const wait = await limiter.hit(caller.userId === null ? `guest:${body.email}` : `user:${caller.userId}`);
      if (wait > 0) throw tooManyRequests(wait);
      const at = now();
      const id = await repo.insert(db, {
        userId: caller.userId,
        shipmentId,
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        locale: caller.locale,
        sendAfter: at,
        createdAt: at,
      });
      // setImmediate: the mail starts only after the answer has gone out.
      setImmediate(() => void rounds.run());
      return { id };
    },

    /** Sends what is due (the scheduled job; tests await it). */
    run: rounds.run,

    /** Resolves when the round in progress has ended (shutdown). */
    settled: rounds.settled,
  };
}

export type SupportService = ReturnType<typeof supportService>;
