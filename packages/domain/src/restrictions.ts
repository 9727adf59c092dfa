import { z } from 'zod';
import { type Locale, LOCALES, localeTagOf } from './languages.ts';
import { lineText, MAX_UNIX_SECONDS, multilineText, pathIdSchema } from './wire.ts';
import { formatDay } from './window-format.ts';

// Issue 23 part 2: support finds people and their history, and restricts or suspends an account,
// always with a statement of reasons in the user's language and a way to contest it (Platform-to-
// Business regulation 2019/1150 art. 4). A restriction proposed by an automated signal (many
// given-back jobs) waits for a human (Platform Work Directive): staff accept or decline it.

/** restrict: no new bookings and no new bids. suspend: also nothing else but reading the restriction and contesting it. */
export const RESTRICTION_KINDS = ['restrict', 'suspend'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];
/** What an account may do now. */
export const ACCOUNT_STANDINGS = ['none', 'restricted', 'suspended'] as const;
export type AccountStanding = (typeof ACCOUNT_STANDINGS)[number];

export const RESTRICTION_REASON_MIN = 20;
export const RESTRICTION_REASON_MAX = 2000;
export const CONTEST_TEXT_MIN = 10;
export const CONTEST_TEXT_MAX = 2000;
/** A restriction takes at most this many contests (a conversation belongs in support, not here). */
export const MAX_CONTESTS = 5;
/** The automated signal: this many accepted jobs given back by a driver within the window proposes a restriction. */
export const PROPOSAL_GIVEN_BACK_COUNT = 3;
export const PROPOSAL_WINDOW_DAYS = 90;

/** Staff's reason, read by the user in the statement of reasons: 20 to 2,000 characters. */
export const restrictionReasonSchema = multilineText(RESTRICTION_REASON_MAX).min(RESTRICTION_REASON_MIN, 'restriction_reason_min');

/** The route names a restricted account may not call (new bookings, new bids); a suspended account may call only SUSPENDED_MAY_CALL. */
export const RESTRICTED_ROUTES = ['createShipment', 'makeOffer'] as const;
export const SUSPENDED_MAY_CALL = ['userRestrictions', 'contestRestriction'] as const;

// --- Staff side ---

/** POST /api/ops/users/:id/restrictions. `ends_at` (unix seconds, in the future) or none: until lifted. */
export const restrictionCreateSchema = z.object({
  kind: z.enum(RESTRICTION_KINDS, { error: 'invalid_body' }),
  reason: restrictionReasonSchema,
  ends_at: z.number({ error: 'date_invalid' }).int('date_invalid').min(0, 'date_invalid').max(MAX_UNIX_SECONDS, 'date_invalid').optional(),
});
export type RestrictionCreate = z.infer<typeof restrictionCreateSchema>;

/** POST /api/ops/restrictions/:id/lift. */
export const restrictionLiftSchema = z.object({ reason: restrictionReasonSchema });
/** POST /api/ops/restriction-proposals/:id/decision: accepting restricts with this reason; declining keeps it with the proposal. */
export const proposalDecisionSchema = z.object({ accept: z.boolean({ error: 'invalid_body' }), reason: restrictionReasonSchema });
export type ProposalDecision = z.infer<typeof proposalDecisionSchema>;

export const RESTRICTION_LIST_STATUSES = ['active', 'contested', 'all'] as const;
/** GET /api/ops/restrictions?status=: active ones, active ones with a contest not yet answered, or the last 100. */
export const restrictionListQuerySchema = z.object({ status: z.enum(RESTRICTION_LIST_STATUSES).default('active') });
export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined'] as const;
export const proposalListQuerySchema = z.object({ status: z.enum(PROPOSAL_STATUSES).default('open') });

/** GET /api/ops/search?q=: 2 to 100 characters; an email, a name, a phone, a company or VAT number, a shipment id or reference, a payment id or provider reference, an invoice number. */
export const opsSearchQuerySchema = z.object({ q: lineText(100).min(2, 'search_too_short') });

export const contestReadSchema = z.object({ id: z.number(), text: z.string(), created_at: z.number() });
const staffRef = z.object({ id: z.number(), name: z.string() }).nullable();
const userRef = z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.enum(['sender', 'driver', 'admin']) });

/** A restriction as staff read it. status: active now; ended (its end date passed); lifted by staff. */
export const restrictionReadSchema = z.object({
  id: z.number(),
  user: userRef,
  kind: z.enum(RESTRICTION_KINDS),
  status: z.enum(['active', 'ended', 'lifted']),
  reason: z.string(),
  starts_at: z.number(),
  ends_at: z.number().nullable(),
  created_by: staffRef,
  /** The proposal it came from (an automated signal a person accepted), if any. */
  proposal_id: z.number().nullable(),
  lifted_at: z.number().nullable(),
  lifted_by: staffRef,
  lift_reason: z.string().nullable(),
  contests: z.array(contestReadSchema),
});
export type RestrictionRead = z.infer<typeof restrictionReadSchema>;
export const restrictionListSchema = z.object({ restrictions: z.array(restrictionReadSchema) });

export const proposalReadSchema = z.object({
  id: z.number(),
  user: userRef,
  kind: z.enum(RESTRICTION_KINDS),
  /** The signal: jobs given back in the window, when proposed. */
  signal: z.literal('given_back'),
  count: z.number(),
  window_days: z.number(),
  created_at: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  decided_at: z.number().nullable(),
  decided_by: staffRef,
  decision_reason: z.string().nullable(),
  restriction_id: z.number().nullable(),
});
export type ProposalRead = z.infer<typeof proposalReadSchema>;
export const proposalListSchema = z.object({ proposals: z.array(proposalReadSchema) });

/** GET /api/ops/search: at most 10 of each. */
export const opsSearchResultSchema = z.object({
  users: z.array(z.object({ id: z.number(), role: z.enum(['sender', 'driver', 'admin']), email: z.string(), name: z.string(), cellphone: z.string(), company_name: z.string().nullable(), vat: z.string().nullable() })),
  shipments: z.array(z.object({ id: z.number(), reference: z.string(), state: z.string(), sender_id: z.number(), created_at: z.number() })),
  payments: z.array(z.object({ id: z.number(), shipment_id: z.number(), user_id: z.number(), provider_ref: z.string().nullable(), amount: z.number(), method: z.string(), status: z.string(), created_at: z.number() })),
  invoices: z.array(z.object({ id: z.number(), number: z.string(), kind: z.string(), user_id: z.number(), shipment_id: z.number().nullable(), total: z.number(), issue_date: z.string() })),
});
export type OpsSearchResult = z.infer<typeof opsSearchResultSchema>;

/** GET /api/ops/users/:id: the profile and its history (the last 50 of each list, newest first). */
export const opsUserViewSchema = z.object({
  user: z.object({
    id: z.number(),
    role: z.enum(['sender', 'driver', 'admin']),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    cellphone: z.string(),
    locale: z.string(),
    created_at: z.number(),
    company: z.object({ name: z.string(), vat: z.string(), address: z.string(), email: z.string(), invoice_status: z.string().nullable() }).nullable(),
  }),
  standing: z.enum(ACCOUNT_STANDINGS),
  /** As sender: their bookings; as driver: the jobs they were given. */
  shipments: z.array(z.object({ id: z.number(), reference: z.string(), state: z.string(), created_at: z.number() })),
  payments: z.array(opsSearchResultSchema.shape.payments.element),
  invoices: z.array(opsSearchResultSchema.shape.invoices.element),
  /** Drivers: their offers (empty for senders). */
  offers: z.array(z.object({ id: z.number(), shipment_id: z.number(), reference: z.string(), price: z.number(), state: z.string(), created_at: z.number() })),
  /** Drivers: accepted jobs given back, all and in the last 90 days (null for senders). */
  given_back: z.object({ total: z.number(), last_90_days: z.number() }).nullable(),
  restrictions: z.array(restrictionReadSchema),
  proposals: z.array(proposalReadSchema),
});
export type OpsUserView = z.infer<typeof opsUserViewSchema>;

// --- The user's side ---

/** POST /api/user/restrictions/:id/contest. */
export const contestSchema = z.object({ text: multilineText(CONTEST_TEXT_MAX).min(CONTEST_TEXT_MIN, 'contest_text_min') });

/** The statement of reasons (P2B art. 4): each part a sentence in the user's language, staff's reason as they wrote it. */
export const restrictionStatementSchema = z.object({
  restricted: z.string(),
  period: z.string(),
  reason: z.string(),
  how_to_contest: z.string(),
  legal_basis: z.string(),
});
export type RestrictionStatement = z.infer<typeof restrictionStatementSchema>;

export const userRestrictionSchema = z.object({
  id: z.number(),
  kind: z.enum(RESTRICTION_KINDS),
  active: z.boolean(),
  starts_at: z.number(),
  ends_at: z.number().nullable(),
  lifted_at: z.number().nullable(),
  /** Staff's reason for lifting it (in their words), once lifted. */
  lift_reason: z.string().nullable(),
  locale: z.enum(LOCALES),
  statement: restrictionStatementSchema,
  contests: z.array(contestReadSchema),
  /** False once lifted or ended, or after MAX_CONTESTS contests. */
  may_contest: z.boolean(),
});
export type UserRestriction = z.infer<typeof userRestrictionSchema>;
/** GET /api/user/restrictions: the account's standing now and its restrictions, newest first. */
export const userRestrictionsSchema = z.object({ standing: z.enum(ACCOUNT_STANDINGS), restrictions: z.array(userRestrictionSchema) });

export const restrictionIdParams = z.object({ id: pathIdSchema });

const day = (seconds: number, l: Locale) => formatDay(seconds, 'Europe/Brussels', localeTagOf(l), true);

/**
 * The statement of reasons a user reads (API, mail): what is restricted, since when and until when,
 * staff's reason, how to contest, and the legal basis: the P2B regulation for business users
 * (drivers, and senders who book as a company), the terms of use for everyone.
 */
export function restrictionStatement(r: { kind: RestrictionKind; reason: string; starts_at: number; ends_at: number | null; business: boolean }, l: Locale): RestrictionStatement {
  const restricted = {
    restrict: {
      nl: 'Je kunt geen nieuwe zendingen boeken en geen nieuwe biedingen doen. Lopende opdrachten, betalingen en uitbetalingen lopen gewoon door.',
      fr: 'Vous ne pouvez plus réserver de nouveaux envois ni faire de nouvelles offres. Les missions, paiements et versements en cours continuent normalement.',
      en: 'You cannot book new shipments or make new bids. Jobs, payments and payouts under way carry on as usual.',
    },
    suspend: {
      nl: 'Je account is geschorst: je kunt de app niet gebruiken, behalve om deze beslissing te lezen en er bezwaar tegen te maken.',
      fr: 'Votre compte est suspendu : vous ne pouvez plus utiliser l’application, sauf pour lire cette décision et la contester.',
      en: 'Your account is suspended: you cannot use the app, except to read this decision and contest it.',
    },
  }[r.kind][l];
  const since = day(r.starts_at, l);
  const period =
    r.ends_at === null
      ? { nl: `Sinds ${since}, tot we de beslissing opheffen.`, fr: `Depuis le ${since}, jusqu’à ce que nous levions la décision.`, en: `Since ${since}, until we lift the decision.` }[l]
      : { nl: `Van ${since} tot ${day(r.ends_at, l)}.`, fr: `Du ${since} au ${day(r.ends_at, l)}.`, en: `From ${since} until ${day(r.ends_at, l)}.` }[l];
  const how = {
    nl: 'Ben je het niet eens? Maak bezwaar in de app onder Account › Beperkingen en leg uit waarom. Een medewerker bekijkt je bezwaar en je krijgt een gemotiveerd antwoord. Je kunt ook bemiddeling vragen of naar de rechter stappen.',
    fr: 'Vous n’êtes pas d’accord ? Contestez dans l’application sous Compte › Restrictions en expliquant pourquoi. Un membre de l’équipe examine votre contestation et vous recevez une réponse motivée. Vous pouvez aussi demander une médiation ou saisir le juge.',
    en: 'Do you disagree? Contest it in the app under Account › Restrictions and explain why. A member of staff reviews your contest and you receive a reasoned answer. You may also ask for mediation or go to court.',
  }[l];
  const terms = { nl: 'onze gebruiksvoorwaarden', fr: 'nos conditions d’utilisation', en: 'our terms of use' }[l];
  const legal = r.business
    ? {
        nl: `Verordening (EU) 2019/1150 (platform-to-business), artikel 4, en ${terms}.`,
        fr: `Règlement (UE) 2019/1150 (plateformes-entreprises), article 4, et ${terms}.`,
        en: `Regulation (EU) 2019/1150 (platform-to-business), article 4, and ${terms}.`,
      }[l]
    : { nl: `De regels van ${terms}.`, fr: `Les règles de ${terms}.`, en: `The rules of ${terms}.` }[l];
  return { restricted, period, reason: r.reason, how_to_contest: how, legal_basis: legal };
}
