import { describe, expect, it } from 'vitest';
import { isMessageKey } from './messages.ts';
import {
  contestReadSchema,
  contestSchema,
  opsSearchQuerySchema,
  opsSearchResultSchema,
  opsUserViewSchema,
  proposalDecisionSchema,
  proposalListQuerySchema,
  proposalListSchema,
  proposalReadSchema,
  restrictionCreateSchema,
  restrictionIdParams,
  restrictionLiftSchema,
  restrictionListQuerySchema,
  restrictionListSchema,
  restrictionReadSchema,
  restrictionReasonSchema,
  restrictionStatement,
  restrictionStatementSchema,
  userRestrictionSchema,
  userRestrictionsSchema,
} from './restrictions.ts';
import { MAX_UNIX_SECONDS } from './wire.ts';

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const errors = (schema: Schema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => [...i.path.map(String), i.message].join(':'));
};

// The statement of reasons (P2B regulation 2019/1150 art. 4) a restricted or suspended user reads.
const LOCALES = ['nl', 'fr', 'en'] as const;
// 2 March 2026 23:30 in Brussels is 22:30 UTC: the statement's day is the Brussels day.
const starts = Date.UTC(2026, 2, 2, 22, 30) / 1000;
const ends = Date.UTC(2026, 3, 1, 10) / 1000;
const reason = 'Drie opdrachten teruggegeven zonder geldige reden.';

describe('restrictionStatement', () => {
  it('says what a restriction stops (new bookings and bids) and that jobs and payouts carry on, in each language', () => {
    const s = (l: (typeof LOCALES)[number]) => restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: ends, business: true }, l).restricted;
    expect(s('nl')).toBe('Je kunt geen nieuwe zendingen boeken en geen nieuwe biedingen doen. Lopende opdrachten, betalingen en uitbetalingen lopen gewoon door.');
    expect(s('fr')).toBe('Vous ne pouvez plus réserver de nouveaux envois ni faire de nouvelles offres. Les missions, paiements et versements en cours continuent normalement.');
    expect(s('en')).toBe('You cannot book new shipments or make new bids. Jobs, payments and payouts under way carry on as usual.');
  });

  it('says a suspension stops everything but reading and contesting it', () => {
    const s = (l: (typeof LOCALES)[number]) => restrictionStatement({ kind: 'suspend', reason, starts_at: starts, ends_at: null, business: false }, l).restricted;
    expect(s('nl')).toBe('Je account is geschorst: je kunt de app niet gebruiken, behalve om deze beslissing te lezen en er bezwaar tegen te maken.');
    expect(s('fr')).toBe('Votre compte est suspendu : vous ne pouvez plus utiliser l’application, sauf pour lire cette décision et la contester.');
    expect(s('en')).toBe('Your account is suspended: you cannot use the app, except to read this decision and contest it.');
  });

  it('gives the period from the Brussels start day to the end day, or until lifted', () => {
    const period = (ends_at: number | null, l: (typeof LOCALES)[number]) => restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at, business: false }, l).period;
    expect(period(ends, 'nl')).toBe('Van ma 2 mrt 2026 tot wo 1 apr 2026.');
    expect(period(ends, 'fr')).toBe('Du lun. 2 mars 2026 au mer. 1 avr. 2026.');
    expect(period(ends, 'en')).toBe('From Mon, 2 Mar 2026 until Wed, 1 Apr 2026.');
    expect(period(null, 'nl')).toBe('Sinds ma 2 mrt 2026, tot we de beslissing opheffen.');
    expect(period(null, 'fr')).toBe('Depuis le lun. 2 mars 2026, jusqu’à ce que nous levions la décision.');
    expect(period(null, 'en')).toBe('Since Mon, 2 Mar 2026, until we lift the decision.');
  });

  it('dates the period on the Brussels clock, not UTC: half past midnight in Brussels is the new day', () => {
    const lateUtc = Date.UTC(2026, 2, 2, 23, 30) / 1000;
    expect(restrictionStatement({ kind: 'restrict', reason, starts_at: lateUtc, ends_at: null, business: false }, 'nl').period).toBe('Sinds di 3 mrt 2026, tot we de beslissing opheffen.');
    expect(restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: lateUtc, business: false }, 'en').period).toBe('From Mon, 2 Mar 2026 until Tue, 3 Mar 2026.');
  });

  it("keeps staff's reason as written and tells how to contest it in the app", () => {
    const how = { nl: 'Account › Beperkingen', fr: 'Compte › Restrictions', en: 'Account › Restrictions' };
    for (const l of LOCALES) {
      const s = restrictionStatement({ kind: 'suspend', reason, starts_at: starts, ends_at: null, business: true }, l);
      expect(s.reason).toBe(reason);
      expect(s.how_to_contest).toContain(how[l]);
    }
    expect(restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: null, business: true }, 'en').how_to_contest).toBe(
      'Do you disagree? Contest it in the app under Account › Restrictions and explain why. A member of staff reviews your contest and you receive a reasoned answer. You may also ask for mediation or go to court.',
    );
    expect(restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: null, business: true }, 'nl').how_to_contest).toMatch(/^Ben je het niet eens\? .*bemiddeling vragen of naar de rechter stappen\.$/);
    expect(restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: null, business: true }, 'fr').how_to_contest).toMatch(/^Vous n’êtes pas d’accord \? .*médiation ou saisir le juge\.$/);
  });

  it('cites the P2B regulation to a business user and only the terms of use to a private one', () => {
    const legal = (business: boolean, l: (typeof LOCALES)[number]) => restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: ends, business }, l).legal_basis;
    expect(legal(true, 'nl')).toBe('Verordening (EU) 2019/1150 (platform-to-business), artikel 4, en onze gebruiksvoorwaarden.');
    expect(legal(true, 'fr')).toBe('Règlement (UE) 2019/1150 (plateformes-entreprises), article 4, et nos conditions d’utilisation.');
    expect(legal(true, 'en')).toBe('Regulation (EU) 2019/1150 (platform-to-business), article 4, and our terms of use.');
    expect(legal(false, 'nl')).toBe('De regels van onze gebruiksvoorwaarden.');
    expect(legal(false, 'fr')).toBe('Les règles de nos conditions d’utilisation.');
    expect(legal(false, 'en')).toBe('The rules of our terms of use.');
  });
});

describe('restriction and contest texts', () => {
  it("takes staff's reason of 20 to 2,000 characters", () => {
    expect(restrictionReasonSchema.safeParse('x'.repeat(19)).error?.issues[0]?.message).toBe('restriction_reason_min');
    expect(restrictionReasonSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(restrictionReasonSchema.safeParse('x'.repeat(2000)).success).toBe(true);
    expect(restrictionReasonSchema.safeParse('x'.repeat(2001)).success).toBe(false);
  });

  it('takes a contest of 10 to 2,000 characters', () => {
    expect(contestSchema.safeParse({ text: 'x'.repeat(9) }).error?.issues[0]?.message).toBe('contest_text_min');
    expect(contestSchema.safeParse({ text: 'x'.repeat(10) }).success).toBe(true);
    expect(contestSchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('takes a restriction until lifted or until a whole unix second', () => {
    expect(restrictionCreateSchema.safeParse({ kind: 'restrict', reason: 'x'.repeat(20) }).success).toBe(true);
    expect(restrictionCreateSchema.safeParse({ kind: 'suspend', reason: 'x'.repeat(20), ends_at: 1_800_000_000 }).success).toBe(true);
    expect(restrictionCreateSchema.safeParse({ kind: 'suspend', reason: 'x'.repeat(20), ends_at: 1.5 }).error?.issues[0]?.message).toBe('date_invalid');
    expect(restrictionCreateSchema.safeParse({ kind: 'ban', reason: 'x'.repeat(20) }).success).toBe(false);
  });
});

describe("staff's restriction bodies", () => {
  const why = 'Drie opdrachten teruggegeven zonder reden.';

  it('restricts or suspends, with a reason (trimmed) and an optional end', () => {
    expect(restrictionCreateSchema.parse({ kind: 'restrict', reason: `  ${why}\n`, ends_at: 1_800_000_000 })).toEqual({ kind: 'restrict', reason: why, ends_at: 1_800_000_000 });
    const kind = (k: unknown) => errors(restrictionCreateSchema, { kind: k, reason: why });
    expect(kind('suspend')).toEqual([]);
    for (const bad of ['ban', 'Restrict', '', undefined]) expect(kind(bad), String(bad)).toEqual(['kind:invalid_body']);
    expect(errors(restrictionCreateSchema, { kind: 'restrict' })).toEqual(['reason:required']);
    expect(errors(restrictionCreateSchema, { kind: 'restrict', reason: 'too short' })).toEqual(['reason:restriction_reason_min']);
  });

  it('ends a restriction at a whole unix second up to 2100, anything else is an invalid date', () => {
    const ends = (e: unknown) => errors(restrictionCreateSchema, { kind: 'restrict', reason: why, ends_at: e });
    expect(ends(0)).toEqual([]);
    expect(ends(MAX_UNIX_SECONDS)).toEqual([]);
    for (const bad of [-1, MAX_UNIX_SECONDS + 1, 1.5, '1800000000', null]) expect(ends(bad), String(bad)).toEqual(['ends_at:date_invalid']);
  });

  it('lifts a restriction with a reason of 20 to 2,000 characters', () => {
    expect(restrictionLiftSchema.parse({ reason: ` ${why} ` })).toEqual({ reason: why });
    expect(errors(restrictionLiftSchema, { reason: 'x'.repeat(19) })).toEqual(['reason:restriction_reason_min']);
    expect(errors(restrictionLiftSchema, { reason: 'x'.repeat(2001) })).toEqual(['reason:too_long']);
    expect(errors(restrictionLiftSchema, {})).toEqual(['reason:required']);
  });

  it('accepts or declines a proposal, with a reason either way', () => {
    expect(proposalDecisionSchema.parse({ accept: false, reason: why })).toEqual({ accept: false, reason: why });
    expect(proposalDecisionSchema.parse({ accept: true, reason: why })).toEqual({ accept: true, reason: why });
    for (const bad of ['yes', 1, undefined, null]) expect(errors(proposalDecisionSchema, { accept: bad, reason: why }), String(bad)).toEqual(['accept:invalid_body']);
    expect(errors(proposalDecisionSchema, { accept: true, reason: 'short' })).toEqual(['reason:restriction_reason_min']);
  });

  it('uses only keys the message catalogue can translate', () => {
    for (const key of ['invalid_body', 'date_invalid', 'restriction_reason_min', 'contest_text_min', 'search_too_short', 'too_long', 'required']) expect(isMessageKey(key), key).toBe(true);
  });
});

describe("staff's lists and search", () => {
  it('lists active restrictions unless asked for the contested ones or all', () => {
    expect(restrictionListQuerySchema.parse({})).toEqual({ status: 'active' });
    for (const status of ['active', 'contested', 'all']) expect(restrictionListQuerySchema.parse({ status })).toEqual({ status });
    for (const bad of ['open', 'lifted', '']) expect(restrictionListQuerySchema.safeParse({ status: bad }).success, bad).toBe(false);
  });

  it('lists open proposals unless asked for the accepted or declined ones', () => {
    expect(proposalListQuerySchema.parse({})).toEqual({ status: 'open' });
    for (const status of ['open', 'accepted', 'declined']) expect(proposalListQuerySchema.parse({ status })).toEqual({ status });
    for (const bad of ['active', 'all', '']) expect(proposalListQuerySchema.safeParse({ status: bad }).success, bad).toBe(false);
  });

  it('searches for 2 to 100 characters, trimmed', () => {
    expect(opsSearchQuerySchema.parse({ q: '  VM-12 ' })).toEqual({ q: 'VM-12' });
    expect(errors(opsSearchQuerySchema, { q: 'ab' })).toEqual([]);
    expect(errors(opsSearchQuerySchema, { q: 'x'.repeat(100) })).toEqual([]);
    expect(errors(opsSearchQuerySchema, { q: 'x'.repeat(101) })).toEqual(['q:too_long']);
    expect(errors(opsSearchQuerySchema, { q: ' a ' })).toEqual(['q:search_too_short']);
    expect(errors(opsSearchQuerySchema, { q: '' })).toEqual(['q:search_too_short']);
    expect(errors(opsSearchQuerySchema, {})).toEqual(['q:required']);
  });

  it('reads a restriction id from the path', () => {
    expect(restrictionIdParams.parse({ id: '17' })).toEqual({ id: 17 });
    for (const bad of ['0', '-3', '1.5', 'x']) expect(restrictionIdParams.safeParse({ id: bad }).success, bad).toBe(false);
  });
});

// What the server answers, parsed on the way out: every field listed reaches the client, nothing else.
const user = { id: 12, name: 'Jan Peeters', email: 'jan@example.be', role: 'driver' };
const staff = { id: 3, name: 'An Ops' };
const contest = { id: 5, text: 'Ik was ziek, zie bijlage.', created_at: 1_800_000_100 };
const restriction = {
  id: 40,
  user,
  kind: 'restrict',
  status: 'lifted',
  reason: 'Drie opdrachten teruggegeven zonder reden.',
  starts_at: 1_800_000_000,
  ends_at: 1_810_000_000,
  created_by: staff,
  proposal_id: 8,
  lifted_at: 1_800_500_000,
  lifted_by: staff,
  lift_reason: 'Bezwaar aanvaard na uitleg.',
  contests: [contest],
};
const proposal = {
  id: 8,
  user,
  kind: 'restrict',
  signal: 'given_back',
  count: 3,
  window_days: 90,
  created_at: 1_799_999_000,
  status: 'accepted',
  decided_at: 1_800_000_000,
  decided_by: staff,
  decision_reason: 'Drie opdrachten teruggegeven zonder reden.',
  restriction_id: 40,
};
const payment = { id: 1, shipment_id: 2, user_id: 12, provider_ref: 'tr_1', amount: 12_000, method: 'bancontact', status: 'paid', created_at: 1_800_000_000 };
const invoice = { id: 4, number: 'VM-2026-0001', kind: 'commission', user_id: 12, shipment_id: 2, total: 1500, issue_date: '2026-03-02' };

describe('what staff read', () => {
  it('shows a restriction with who made it, its contests and how it ended', () => {
    expect(restrictionReadSchema.parse({ ...restriction, internal_note: 'x' })).toEqual(restriction);
    const fresh = { ...restriction, status: 'active', ends_at: null, created_by: null, proposal_id: null, lifted_at: null, lifted_by: null, lift_reason: null, contests: [] };
    expect(restrictionReadSchema.parse(fresh)).toEqual(fresh);
    expect(restrictionListSchema.parse({ restrictions: [restriction, fresh] })).toEqual({ restrictions: [restriction, fresh] });
    for (const status of ['active', 'ended', 'lifted']) expect(restrictionReadSchema.safeParse({ ...restriction, status }).success, status).toBe(true);
    for (const status of ['expired', 'contested', '']) expect(restrictionReadSchema.safeParse({ ...restriction, status }).success, status).toBe(false);
    for (const role of ['sender', 'driver', 'admin']) expect(restrictionReadSchema.parse({ ...restriction, user: { ...user, role } }).user.role).toBe(role);
    for (const role of ['staff', 'support', '']) expect(restrictionReadSchema.safeParse({ ...restriction, user: { ...user, role } }).success, role).toBe(false);
    expect(restrictionReadSchema.safeParse({ ...restriction, created_by: { id: 3 } }).success).toBe(false);
    expect(restrictionReadSchema.safeParse({ ...restriction, user: { id: 12, name: 'Jan', role: 'driver' } }).success).toBe(false);
    expect(contestReadSchema.parse(contest)).toEqual(contest);
    expect(contestReadSchema.safeParse({ id: 5, created_at: 1 }).success).toBe(false);
  });

  it('shows a proposal from the given-back signal and its decision', () => {
    expect(proposalReadSchema.parse(proposal)).toEqual(proposal);
    const open = { ...proposal, status: 'open', decided_at: null, decided_by: null, decision_reason: null, restriction_id: null };
    expect(proposalListSchema.parse({ proposals: [proposal, open] })).toEqual({ proposals: [proposal, open] });
    expect(proposalReadSchema.safeParse({ ...proposal, signal: 'late' }).success).toBe(false);
    expect(proposalReadSchema.safeParse({ ...proposal, status: 'active' }).success).toBe(false);
  });

  it('finds users, shipments, payments and invoices', () => {
    const found = {
      users: [{ id: 12, role: 'sender', email: 'jan@example.be', name: 'Jan Peeters', cellphone: '0470123456', company_name: 'Peeters BV', vat: 'BE0123456789' }],
      shipments: [{ id: 2, reference: 'VM-2', state: 'delivered', sender_id: 12, created_at: 1_800_000_000 }],
      payments: [payment, { ...payment, provider_ref: null }],
      invoices: [invoice, { ...invoice, shipment_id: null }],
    };
    expect(opsSearchResultSchema.parse(found)).toEqual(found);
    for (const role of ['driver', 'admin']) expect(opsSearchResultSchema.safeParse({ ...found, users: [{ ...found.users[0], role }] }).success, role).toBe(true);
    expect(opsSearchResultSchema.safeParse({ ...found, users: [{ ...found.users[0], role: 'finance' }] }).success).toBe(false);
    for (const list of ['users', 'shipments', 'payments', 'invoices'] as const) {
      expect(opsSearchResultSchema.safeParse({ ...found, [list]: [{ id: 1 }] }).success, list).toBe(false);
    }
  });

  it("shows a user's profile, standing and history", () => {
    const view = {
      user: {
        id: 12,
        role: 'driver',
        email: 'jan@example.be',
        first_name: 'Jan',
        last_name: 'Peeters',
        cellphone: '0470123456',
        locale: 'nl',
        created_at: 1_790_000_000,
        company: { name: 'Peeters BV', vat: 'BE0123456789', address: 'Kerkstraat 1, 3500 Hasselt', email: 'info@peeters.be', invoice_status: null },
      },
      standing: 'restricted',
      shipments: [{ id: 2, reference: 'VM-2', state: 'delivered', created_at: 1_800_000_000 }],
      payments: [payment],
      invoices: [invoice],
      offers: [{ id: 9, shipment_id: 2, reference: 'VM-2', price: 11_000, state: 'accepted', created_at: 1_799_000_000 }],
      given_back: { total: 4, last_90_days: 3 },
      restrictions: [restriction],
      proposals: [proposal],
    };
    expect(opsUserViewSchema.parse(view)).toEqual(view);
    const sender = { ...view, user: { ...view.user, role: 'sender', company: null }, standing: 'none', offers: [], given_back: null };
    expect(opsUserViewSchema.parse(sender)).toEqual(sender);
    expect(opsUserViewSchema.parse({ ...view, user: { ...view.user, role: 'admin' } }).user.role).toBe('admin');
    expect(opsUserViewSchema.safeParse({ ...view, user: { ...view.user, role: 'support' } }).success).toBe(false);
    expect(opsUserViewSchema.safeParse({ ...view, standing: 'banned' }).success).toBe(false);
    expect(opsUserViewSchema.safeParse({ ...view, user: { ...view.user, company: { name: 'Peeters BV' } } }).success).toBe(false);
    expect(opsUserViewSchema.safeParse({ ...view, given_back: { total: 4 } }).success).toBe(false);
    expect(opsUserViewSchema.safeParse({ ...view, shipments: [{ id: 2 }] }).success).toBe(false);
    expect(opsUserViewSchema.safeParse({ ...view, offers: [{ id: 9 }] }).success).toBe(false);
  });
});

describe('what a restricted user reads (GET /api/user/restrictions)', () => {
  it('shows each restriction with its statement of reasons in the reader’s language and the standing now', () => {
    // Built inside the test: a statement that throws fails this test, not the file's collection.
    const statement = restrictionStatement({ kind: 'restrict', reason, starts_at: starts, ends_at: ends, business: true }, 'fr');
    const mine = { id: 40, kind: 'restrict', active: true, starts_at: starts, ends_at: ends, lifted_at: null, lift_reason: null, locale: 'fr', statement, contests: [contest], may_contest: true };
    expect(restrictionStatementSchema.parse(statement)).toEqual(statement);
    expect(restrictionStatementSchema.safeParse({ ...statement, legal_basis: undefined }).success).toBe(false);
    expect(userRestrictionSchema.parse(mine)).toEqual(mine);
    expect(userRestrictionsSchema.parse({ standing: 'restricted', restrictions: [mine] })).toEqual({ standing: 'restricted', restrictions: [mine] });
    expect(userRestrictionsSchema.parse({ standing: 'none', restrictions: [] })).toEqual({ standing: 'none', restrictions: [] });
    expect(userRestrictionsSchema.safeParse({ standing: 'suspended', restrictions: [{ ...mine, locale: 'de' }] }).success).toBe(false);
    expect(userRestrictionsSchema.safeParse({ standing: 'blocked', restrictions: [] }).success).toBe(false);
  });
});
