import {
  type AccountStanding,
  isLocale,
  type Locale,
  MAX_CONTESTS,
  type NewEvent,
  type OpsSearchResult,
  type OpsUserView,
  PROPOSAL_GIVEN_BACK_COUNT,
  PROPOSAL_WINDOW_DAYS,
  type ProposalDecision,
  type ProposalRead,
  RESTRICTED_ROUTES,
  type RestrictionCreate,
  type RestrictionRead,
  SUSPENDED_MAY_CALL,
  type UserRestriction,
} from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, fieldError, notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { euros, seconds, toInvoiceLine, toPaymentLine, toProposalRead, toRestrictionRead, toUserRestriction } from './restrictions.mapper.ts';
import * as repo from './restrictions.repository.ts';

type Deps = {
  db: Db;
  now: () => Date;
  audit: Pick<AuditService, 'record'>;
  /** The events service's writer, in the change's transaction. */
  recordEvents: (trx: Executor, events: NewEvent[]) => Promise<unknown>;
  /** Issue 22: how often a driver gave accepted jobs back (all, last 90 days). */
  givenBack: (driverId: number) => Promise<{ total: number; recent: number }>;
  /** Keep each user's standing in memory for up to 30 s (off: ask the database every time). */
  caching: boolean;
  log: { info: (obj: object, msg: string) => void };
};

/** How long a user's standing is trusted without asking the database again (as the access-token cache). */
const STANDING_MAX_AGE_MS = 30_000;
const STANDING_CAPACITY = 20_000;
const DAY_MS = 86_400_000;

const RESTRICTED = new Set<string>(RESTRICTED_ROUTES);
const MAY_CALL_SUSPENDED = new Set<string>(SUSPENDED_MAY_CALL);

const accountSuspended = () => new ApiError(403, 'account_suspended', 'account_suspended');
const accountRestricted = () => new ApiError(403, 'account_restricted', 'account_restricted');

/**
 * Issue 23 part 2: restrictions and suspensions, their statement of reasons and contests, proposals
 * from the given-back signal (only ever applied by a person), and the support desk's search and
 * user view. Every staff action and every view of a user is written to the audit log in the
 * transaction of the change (views: a transaction of their own).
 */
export function restrictionsService({ db, now, audit, recordEvents, givenBack, caching, log }: Deps) {
  const cache = new Map<number, { kinds: { kind: repo.Kind; endsAt: Date | null }[]; cachedAt: number }>();

  const standingFrom = (kinds: { kind: repo.Kind; endsAt: Date | null }[], at: Date): AccountStanding => {
    const live = kinds.filter((k) => k.endsAt === null || k.endsAt > at);
    return live.some((k) => k.kind === 'suspend') ? 'suspended' : live.length > 0 ? 'restricted' : 'none';
  };

  async function standing(userId: number): Promise<AccountStanding> {
    const at = now();
    const hit = caching ? cache.get(userId) : undefined;
    if (hit && at.getTime() - hit.cachedAt <= STANDING_MAX_AGE_MS) return standingFrom(hit.kinds, at);
    const kinds = await repo.inForceFor(db, userId, at);
    if (caching) {
      if (cache.size >= STANDING_CAPACITY) cache.delete(cache.keys().next().value!);
      cache.set(userId, { kinds, cachedAt: at.getTime() });
    }
    return standingFrom(kinds, at);
  }

  const forget = (userId: number) => void cache.delete(userId);

  const contestsFor = (rows: repo.RestrictionRow[]) => repo.contestsOf(db, rows.map((r) => r.id));
  const readOne = async (id: number): Promise<RestrictionRead> => {
    const r = await repo.restrictionById(db, id);
    if (!r) throw notFound();
    return toRestrictionRead(r, await contestsFor([r]), now());
  };

  /** Writes a restriction, its audit entry and the user's event, in the caller's transaction. */
  async function applyRestriction(trx: Executor, staffId: number, user: repo.UserFacts, input: RestrictionCreate, proposalId: number | null): Promise<number> {
    const at = now();
    const inForce = await repo.inForceFor(trx, user.id, at);
    // A restriction as strong or stronger is in force: lift it or wait; a suspension may follow a restriction.
    if (inForce.some((k) => k.kind === 'suspend' || k.kind === input.kind)) throw new ApiError(409, 'restriction_exists', 'restriction_exists');
    const endsAt = input.ends_at === undefined ? null : new Date(input.ends_at * 1000);
    const id = await repo.insertRestriction(trx, { userId: user.id, kind: input.kind, reason: input.reason, startsAt: at, endsAt, createdBy: staffId, proposalId });
    await audit.record(trx, {
      staffId,
      action: input.kind === 'suspend' ? 'user.suspended' : 'user.restricted',
      subjectType: 'user',
      subjectId: user.id,
      reason: input.reason,
      details: { restriction_id: id, ends_at: input.ends_at ?? null, proposal_id: proposalId },
    });
    const business = user.role === 'driver' || user.companyName !== null;
    await recordEvents(trx, [
      {
        userId: user.id,
        shipmentId: null,
        type: 'account.restricted',
        payload: { restriction_id: id, kind: input.kind, reason: input.reason, starts_at: seconds(at), ends_at: input.ends_at ?? null, business },
      },
    ]);
    return id;
  }

  const userOr404 = async (executor: Executor, userId: number) => {
    const user = await repo.userFacts(executor, userId);
    if (!user) throw notFound();
    return user;
  };

  return {
    standing,
    /** Forgets a user's standing (an event about their restriction, from any process). */
    forget,

    /**
     * The one check every user's request passes (app.ts, by the route's contract name): a suspended
     * account may only read and contest its restrictions; a restricted one may not book or bid.
     */
    async gate(userId: number, routeName: string): Promise<void> {
      if (MAY_CALL_SUSPENDED.has(routeName)) return;
      const s = await standing(userId);
      if (s === 'suspended') throw accountSuspended();
      if (s === 'restricted' && RESTRICTED.has(routeName)) throw accountRestricted();
    },

    // --- Staff ---

    async search(staffId: number, q: string): Promise<OpsSearchResult> {
      const [users, shipments, payments, invoices] = await Promise.all([repo.searchUsers(db, q), repo.searchShipments(db, q), repo.searchPayments(db, q), repo.searchInvoices(db, q)]);
      // Who looked, and how much they found (the query itself may be someone's email: not kept in an append-only log).
      await db.transaction().execute((trx) =>
        audit.record(trx, { staffId, action: 'ops.searched', details: { users: users.length, shipments: shipments.length, payments: payments.length, invoices: invoices.length } }),
      );
      return {
        users: users.map((u) => ({ id: u.id, role: u.role, email: u.email, name: u.name, cellphone: u.cellphone, company_name: u.companyName, vat: u.vat })),
        shipments: shipments.map((s) => ({ id: s.id, reference: s.reference, state: s.state, sender_id: s.senderId, created_at: seconds(s.createdAt) })),
        payments: payments.map(toPaymentLine),
        invoices: invoices.map(toInvoiceLine),
      };
    },

    /** A user's profile and history for staff (404 for an unknown id); the view is audited. */
    async viewUser(staffId: number, userId: number): Promise<OpsUserView> {
      const user = await userOr404(db, userId);
      const driver = user.role === 'driver';
      const [shipments, payments, invoices, offers, restrictions, proposals, back] = await Promise.all([
        repo.shipmentsOf(db, userId, user.role),
        repo.paymentsOf(db, userId),
        repo.invoicesOf(db, userId),
        driver ? repo.offersOf(db, userId) : Promise.resolve([]),
        repo.restrictionsOf(db, userId),
        repo.proposalsOf(db, userId),
        driver ? givenBack(userId) : Promise.resolve(null),
      ]);
      const contests = await contestsFor(restrictions);
      await db.transaction().execute((trx) => audit.record(trx, { staffId, action: 'user.viewed', subjectType: 'user', subjectId: userId }));
      const at = now();
      return {
        user: {
          id: user.id,
          role: user.role,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          cellphone: user.cellphone,
          locale: user.locale,
          created_at: seconds(user.createdAt),
          company:
            user.companyName === null
              ? null
              : { name: user.companyName, vat: user.companyVat ?? '', address: user.companyAddress ?? '', email: user.companyEmail ?? '', invoice_status: user.invoiceStatus },
        },
        standing: await standing(userId),
        shipments: shipments.map((s) => ({ id: s.id, reference: s.reference, state: s.state, created_at: seconds(s.createdAt) })),
        payments: payments.map(toPaymentLine),
        invoices: invoices.map(toInvoiceLine),
        offers: offers.map((o) => ({ id: o.id, shipment_id: o.shipmentId, reference: o.reference, price: euros(o.priceCents), state: o.state, created_at: seconds(o.createdAt) })),
        given_back: back ? { total: back.total, last_90_days: back.recent } : null,
        restrictions: restrictions.map((r) => toRestrictionRead(r, contests, at)),
        proposals: proposals.map(toProposalRead),
      };
    },

    /** Restricts or suspends with staff's reason: the restriction, its audit entry and the user's event commit together. */
    async restrict(staffId: number, userId: number, input: RestrictionCreate): Promise<RestrictionRead> {
      if (input.ends_at !== undefined && input.ends_at * 1000 <= now().getTime()) throw fieldError('ends_at', 'restriction_end_past');
      const id = await db.transaction().execute(async (trx) => applyRestriction(trx, staffId, await userOr404(trx, userId), input, null));
      forget(userId);
      return readOne(id);
    },

    async lift(staffId: number, restrictionId: number, reason: string): Promise<RestrictionRead> {
      const userId = await db.transaction().execute(async (trx) => {
        const r = await repo.restrictionById(trx, restrictionId);
        if (!r) throw notFound();
        if (!(await repo.lift(trx, restrictionId, staffId, reason, now()))) throw new ApiError(409, 'restriction_not_active', 'restriction_not_active');
        await audit.record(trx, { staffId, action: 'restriction.lifted', subjectType: 'user', subjectId: r.userId, reason, details: { restriction_id: r.id, kind: r.kind } });
        await recordEvents(trx, [{ userId: r.userId, shipmentId: null, type: 'account.restriction.lifted', payload: { restriction_id: r.id, kind: r.kind, reason } }]);
        return r.userId;
      });
      forget(userId);
      return readOne(restrictionId);
    },

    async list(status: 'active' | 'contested' | 'all'): Promise<{ restrictions: RestrictionRead[] }> {
      const at = now();
      const rows = await repo.listRestrictions(db, status, at);
      const contests = await contestsFor(rows);
      return { restrictions: rows.map((r) => toRestrictionRead(r, contests, at)) };
    },

    async proposals(status: 'open' | 'accepted' | 'declined'): Promise<{ proposals: ProposalRead[] }> {
      return { proposals: (await repo.listProposals(db, status)).map(toProposalRead) };
    },

    /** A person decides a proposal: accepting restricts the driver with this reason; declining keeps the reason with the proposal. */
    async decide(staffId: number, proposalId: number, decision: ProposalDecision): Promise<ProposalRead> {
      const userId = await db.transaction().execute(async (trx) => {
        const p = await repo.proposalById(trx, proposalId, true);
        if (!p) throw notFound();
        if (p.status !== 'open') throw new ApiError(409, 'proposal_decided', 'proposal_decided');
        const restrictionId = decision.accept ? await applyRestriction(trx, staffId, await userOr404(trx, p.userId), { kind: p.kind, reason: decision.reason }, p.id) : null;
        await repo.decideProposal(trx, p.id, { status: decision.accept ? 'accepted' : 'declined', decidedAt: now(), decidedBy: staffId, decisionReason: decision.reason, restrictionId });
        await audit.record(trx, {
          staffId,
          action: decision.accept ? 'proposal.accepted' : 'proposal.declined',
          subjectType: 'user',
          subjectId: p.userId,
          reason: decision.reason,
          details: { proposal_id: p.id, restriction_id: restrictionId },
        });
        return p.userId;
      });
      forget(userId);
      const p = await repo.proposalById(db, proposalId);
      return toProposalRead(p!);
    },

    /**
     * The scheduled signal (Platform Work Directive: it only proposes): a driver who gave back
     * PROPOSAL_GIVEN_BACK_COUNT or more accepted jobs in PROPOSAL_WINDOW_DAYS gets an open proposal
     * for staff, written to the audit log as the system's. Never a restriction.
     */
    async propose(): Promise<number> {
      const at = now();
      const candidates = await repo.givenBackCandidates(db, new Date(at.getTime() - PROPOSAL_WINDOW_DAYS * DAY_MS), PROPOSAL_GIVEN_BACK_COUNT, at);
      let made = 0;
      for (const c of candidates) {
        const added = await db.transaction().execute(async (trx) => {
          if (!(await repo.insertProposal(trx, { userId: c.userId, kind: 'restrict', count: c.count, windowDays: PROPOSAL_WINDOW_DAYS, createdAt: at }))) return false;
          await audit.record(trx, { staffId: null, action: 'restriction.proposed', subjectType: 'user', subjectId: c.userId, details: { signal: 'given_back', count: c.count, window_days: PROPOSAL_WINDOW_DAYS } });
          return true;
        });
        if (added) made++;
      }
      if (made > 0) log.info({ proposals: made }, 'restriction proposals made');
      return made;
    },

    // --- The user ---

    async mine(userId: number): Promise<{ standing: AccountStanding; restrictions: UserRestriction[] }> {
      const user = await userOr404(db, userId);
      const rows = await repo.restrictionsOf(db, userId);
      const contests = await contestsFor(rows);
      const locale: Locale = isLocale(user.locale) ? user.locale : 'nl';
      const business = user.role === 'driver' || user.companyName !== null;
      const at = now();
      return { standing: await standing(userId), restrictions: rows.map((r) => toUserRestriction(r, contests, at, locale, business)) };
    },

    /** The user contests their own restriction (404 for anyone else's, before any other check). */
    async contest(userId: number, restrictionId: number, text: string): Promise<UserRestriction> {
      await db.transaction().execute(async (trx) => {
        const owner = await repo.lockRestriction(trx, restrictionId);
        if (!owner || owner.userId !== userId) throw notFound();
        const r = (await repo.restrictionById(trx, restrictionId))!;
        const at = now();
        if (r.liftedAt || (r.endsAt && r.endsAt <= at)) throw new ApiError(409, 'restriction_not_active', 'restriction_not_active');
        if ((await repo.contestsOf(trx, [restrictionId])).length >= MAX_CONTESTS) throw new ApiError(409, 'contest_limit', 'contest_limit');
        await repo.insertContest(trx, { restrictionId, text, createdAt: at });
      });
      const mine = await this.mine(userId);
      return mine.restrictions.find((r) => r.id === restrictionId)!;
    },
  };
}

export type RestrictionsService = ReturnType<typeof restrictionsService>;
