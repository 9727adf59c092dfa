import { describe, expect, it } from 'vitest';
import { INSURANCE_CHOICES } from './insurance.ts';
import {
  driverProblemSchema,
  insuranceCoverCents,
  MAX_PROBLEM_BYTES,
  MAX_PROBLEM_PHOTOS,
  problemAnswerSchema,
  problemCaseSchema,
  problemDecisionSchema,
  problemReadSchema,
  problemReportSchema,
  problemsQuerySchema,
  problemSummarySchema,
  reportableKinds,
  senderProblemSchema,
} from './problems.ts';
import { MAX_PACKAGES } from './shipment.ts';

// What a client sends with a problem and reads back: each bad field refused with the message key
// the client shows, at the field; each read shape keeping what the screens use and nothing unknown.

type Issues = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (r: Issues) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`));
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const text = 'De kast is gebroken bij levering.';
const reason = 'Beide partijen lezen deze reden.';

describe('when a problem can be reported', () => {
  it('never for a job nobody took or a cancelled one, even long after its delivery window', () => {
    const job = { delivered_at: null, delivery_till: 10_000, confirmed: false, reported: false };
    expect(reportableKinds({ ...job, state: 'new' }, 99_999)).toEqual([]);
    expect(reportableKinds({ ...job, state: 'cancelled' }, 99_999)).toEqual([]);
  });
});

describe('the limits of a statement’s photos', () => {
  it('fits ten photos of 4 MiB (the apps shrink them to that), not a byte more', () => {
    const photo = 4 * 1024 * 1024;
    expect(MAX_PROBLEM_PHOTOS * photo).toBeLessThanOrEqual(MAX_PROBLEM_BYTES);
    expect(MAX_PROBLEM_PHOTOS * photo + 1).toBeGreaterThan(MAX_PROBLEM_BYTES);
  });
});

describe('what an insurance refers', () => {
  it.each([
    ['free', 0],
    ['cmr', 50_000],
    ['all_1250', 125_000],
    ['all_2500', 250_000],
    ['all_5000', 500_000],
  ] as const)('%s covers %i cents', (choice, cents) => {
    expect(insuranceCoverCents(choice)).toBe(cents);
  });
});

describe('a report, field by field', () => {
  it('fills in no photos where none are named', () => {
    expect(problemReportSchema.parse({ kind: 'damage', text, packages: [{ package_id: 3 }] })).toEqual({ kind: 'damage', text, packages: [{ package_id: 3, photos: [] }], photos: [] });
    expect(problemAnswerSchema.parse({ text })).toEqual({ text, packages: [], photos: [] });
  });

  it('trims the text before counting its characters', () => {
    expect(problemReportSchema.parse({ kind: 'other', text: `  ${text}\n` }).text).toBe(text);
    expect(issues(problemReportSchema.safeParse({ kind: 'other', text: '   Kort     ' }))).toEqual(['text:problem_text_too_short']);
  });

  it('knows the five kinds and says any other at kind', () => {
    for (const kind of ['lateness', 'no_show', 'other']) expect(issues(problemReportSchema.safeParse({ kind, text })), kind).toEqual([]);
    expect(issues(problemReportSchema.safeParse({ kind: 'theft', text }))).toEqual(['kind:invalid_body']);
    expect(issues(problemReportSchema.safeParse({ text }))).toEqual(['kind:invalid_body']);
  });

  it('says eleven photos of one package at that package', () => {
    expect(issues(problemReportSchema.safeParse({ kind: 'damage', text, packages: [{ package_id: 1, photos: names('a', 10) }] }))).toEqual([]);
    expect(issues(problemReportSchema.safeParse({ kind: 'damage', text, packages: [{ package_id: 1, photos: names('a', 11) }] }))).toEqual(['packages.0.photos:problem_too_many_photos']);
  });

  it('says eleven loose photos at photos', () => {
    expect(issues(problemAnswerSchema.safeParse({ text, photos: names('b', 10) }))).toEqual([]);
    expect(issues(problemAnswerSchema.safeParse({ text, photos: names('b', 11) }))).toEqual(['photos:problem_too_many_photos']);
  });

  it('refuses an empty photo name', () => {
    expect(issues(problemAnswerSchema.safeParse({ text, photos: [''] }))).toEqual(['photos.0:required']);
  });

  it(`names at most ${MAX_PACKAGES} packages, and says packages that are not a list at packages`, () => {
    const packages = (n: number) => Array.from({ length: n }, (_, i) => ({ package_id: i + 1 }));
    expect(issues(problemReportSchema.safeParse({ kind: 'loss', text, packages: packages(MAX_PACKAGES) }))).toEqual([]);
    expect(issues(problemReportSchema.safeParse({ kind: 'loss', text, packages: packages(MAX_PACKAGES + 1) }))).toEqual(['packages:too_long']);
    expect(issues(problemAnswerSchema.safeParse({ text, packages: 'all' }))).toEqual(['packages:invalid_body']);
  });
});

describe('a decision, field by field', () => {
  it('knows the three outcomes and says any other at outcome', () => {
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'insurance', reason }))).toEqual([]);
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'refund', refund: 1_000_000, reason }))).toEqual([]);
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'waive', reason }))).toEqual(['outcome:invalid_body']);
  });

  it('says a refund that is not a positive amount in cents up to a million at refund', () => {
    for (const refund of ['10', 0, -5, 1_000_000.01, 10.005, null]) {
      expect(issues(problemDecisionSchema.safeParse({ outcome: 'refund', refund, reason })), String(refund)).toEqual(['refund:invalid_body']);
    }
  });

  it('counts the reason’s characters after trimming', () => {
    expect(problemDecisionSchema.parse({ outcome: 'release', reason: ` ${reason} ` }).reason).toBe(reason);
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'release', reason: `${' '.repeat(10)}Te kort.${' '.repeat(10)}` }))).toEqual(['reason:decision_reason_too_short']);
  });
});

const statement = (party: string) => ({ id: 1, party, text, created_at: 1_800_000_000, photos: [{ id: 7, package_id: 3, url: '/api/image/p/original' }, { id: 8, package_id: null, url: '/api/image/q/original' }] });
const decision = { outcome: 'refund', refund: 60.25, released: 39.75, reason, decided_at: 1_800_100_000, insurance_cover: null };
const problem = { id: 5, shipment_id: 9, reference: 'VM-9', kind: 'damage', status: 'decided', reported_at: 1_800_000_000, packages: [3], statements: [statement('sender'), statement('driver')], decision };
const party = { id: 2, name: 'An Peeters', email: 'an@example.be', phone: '+32470000000', company: null };

describe('a problem as the sender and the driver read it', () => {
  it('keeps every field, the statements of both parties with their photos, and the decision', () => {
    expect(problemReadSchema.parse(problem)).toEqual(problem);
    const open = { ...problem, status: 'open', decision: null, statements: [statement('sender')] };
    expect(problemReadSchema.parse(open)).toEqual(open);
    expect(problemReadSchema.parse({ ...problem, decision: { ...decision, outcome: 'insurance', refund: 0, insurance_cover: 1250 } }).decision?.insurance_cover).toBe(1250);
  });

  it('refuses a party, a status or an outcome it does not know, and a field of the wrong type', () => {
    expect(problemReadSchema.safeParse({ ...problem, statements: [statement('staff')] }).success).toBe(false);
    expect(problemReadSchema.safeParse({ ...problem, status: 'closed' }).success).toBe(false);
    expect(problemReadSchema.safeParse({ ...problem, decision: { ...decision, outcome: 'waive' } }).success).toBe(false);
    expect(problemReadSchema.safeParse({ ...problem, statements: [{ ...statement('sender'), photos: [{ id: 7, package_id: 3 }] }] }).success).toBe(false);
    expect(problemReadSchema.safeParse({ ...problem, decision: { ...decision, released: undefined } }).success).toBe(false);
  });

  it('gives the sender the problem, what may be reported and until when', () => {
    const read = { problem: null, may_report: ['damage', 'loss'], report_by: 1_800_086_400 };
    expect(senderProblemSchema.parse(read)).toEqual(read);
    expect(senderProblemSchema.parse({ ...read, problem })).toEqual({ ...read, problem });
    expect(senderProblemSchema.safeParse({ ...read, may_report: ['theft'] }).success).toBe(false);
  });

  it('gives the driver the problem and whether they may answer', () => {
    expect(driverProblemSchema.parse({ problem, may_answer: true })).toEqual({ problem, may_answer: true });
    expect(driverProblemSchema.safeParse({ problem, may_answer: 'yes' }).success).toBe(false);
  });
});

describe('the back office’s problems', () => {
  const summary = { id: 5, shipment_id: 9, reference: 'VM-9', kind: 'loss', status: 'open', reported_at: 1_800_000_000, sender_name: 'An', driver_name: 'Jan', held: 100, answered: false };

  it('lists open and decided problems, open ones unless asked', () => {
    expect(problemSummarySchema.parse(summary)).toEqual(summary);
    expect(problemSummarySchema.parse({ ...summary, status: 'decided' })).toEqual({ ...summary, status: 'decided' });
    expect(problemSummarySchema.safeParse({ ...summary, status: 'closed' }).success).toBe(false);
    expect(problemsQuerySchema.parse({})).toEqual({ status: 'open' });
    expect(problemsQuerySchema.parse({ status: 'open' })).toEqual({ status: 'open' });
    expect(problemsQuerySchema.parse({ status: 'decided' })).toEqual({ status: 'decided' });
    expect(problemsQuerySchema.safeParse({ status: 'closed' }).success).toBe(false);
  });

  const job = {
    shipment_id: 9,
    reference: 'VM-9',
    state: 'delivered',
    pickup: 'Hasselt',
    delivery: 'Gent',
    packages: [{ id: 3, description: 'Kast', type: 'furniture' }],
    charged: 100,
    held: 100,
    refunded: 0,
    insurance: { choice: 'cmr', kind: 'basic', cover: 500 },
    sender: party,
    driver: { ...party, id: 4, company: 'Transport BV' },
  };
  const timeline = ['sender', 'driver', 'staff', 'system'].map((actor, i) => ({ at: 1_800_000_000 + i, kind: 'statement', actor, text: 'x', photos: [{ url: '/api/image/p/original', label: 'Foto 1' }] }));
  const file = { problem, job, timeline, positions: [{ at: 1_800_000_000, lat: 50.93, lng: 5.34 }], note_url: '/api/note.pdf', claim_file_url: null };

  it('shows the whole case: the problem, the job, the timeline of every actor and the positions', () => {
    expect(problemCaseSchema.parse(file)).toEqual(file);
  });

  it.each([
    ['free', 'own_risk'],
    ['cmr', 'basic'],
    ['all_2500', 'all_in'],
  ] as const)('shows insurance %s as %s', (choice, kind) => {
    const c = { ...file, job: { ...job, insurance: { choice, kind, cover: 0 } } };
    expect(problemCaseSchema.parse(c)).toEqual(c);
  });

  it('refuses an insurance, an actor or a part of the case it does not know', () => {
    expect(INSURANCE_CHOICES).not.toContain('gold');
    expect(problemCaseSchema.safeParse({ ...file, job: { ...job, insurance: { choice: 'gold', kind: 'all_in', cover: 0 } } }).success).toBe(false);
    expect(problemCaseSchema.safeParse({ ...file, job: { ...job, insurance: { choice: 'cmr', kind: 'full', cover: 0 } } }).success).toBe(false);
    expect(problemCaseSchema.safeParse({ ...file, timeline: [{ ...timeline[0], actor: 'insurer' }] }).success).toBe(false);
    expect(problemCaseSchema.safeParse({ ...file, positions: [{ at: 1, lat: 50.9 }] }).success).toBe(false);
    expect(problemCaseSchema.safeParse({ ...file, job: { ...job, sender: { ...party, phone: undefined } } }).success).toBe(false);
    expect(problemCaseSchema.safeParse({ ...file, job: { ...job, packages: [{ id: 3, description: 'Kast' }] } }).success).toBe(false);
  });
});
