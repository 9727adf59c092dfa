import { describe, expect, it } from 'vitest';
import { contestSchema, restrictionCreateSchema, restrictionReasonSchema, restrictionStatement } from './restrictions.ts';

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
