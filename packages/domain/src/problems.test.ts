import { describe, expect, it } from 'vitest';
import { problemAnswerSchema, problemDecisionSchema, problemReportSchema, reportableKinds } from './problems.ts';

// Issue 23 part 1: when a sender may report what, and what a report and a decision must hold.

const DAY = 24 * 3600;
const job = (over: Partial<Parameters<typeof reportableKinds>[0]> = {}) => ({ state: 'accepted' as const, delivered_at: null, delivery_till: 10_000, confirmed: false, reported: false, ...over });

describe('reportableKinds', () => {
  it('before the goods are on board: a no-show only, at any time', () => {
    expect(reportableKinds(job(), 0)).toEqual(['no_show']);
    expect(reportableKinds(job({ state: 'arrivedpickup' }), 99_999)).toEqual(['no_show']);
  });
  it('on board: nothing until the delivery window ends, then what a job that never arrives can be', () => {
    expect(reportableKinds(job({ state: 'onwaytodelivery' }), 9_999)).toEqual([]);
    expect(reportableKinds(job({ state: 'onwaytodelivery' }), 10_000)).toEqual(['loss', 'lateness', 'other']);
  });
  it('delivered: any kind for 24 hours, one second before the end and not at it; never after confirming or reporting', () => {
    const delivered = job({ state: 'delivered', delivered_at: 50_000 });
    expect(reportableKinds(delivered, 50_000 + DAY - 1)).toEqual(['damage', 'loss', 'lateness', 'no_show', 'other']);
    expect(reportableKinds(delivered, 50_000 + DAY)).toEqual([]);
    expect(reportableKinds({ ...delivered, state: 'finalised' }, 50_001)).toHaveLength(5);
    expect(reportableKinds({ ...delivered, confirmed: true }, 50_001)).toEqual([]);
    expect(reportableKinds({ ...delivered, reported: true }, 50_001)).toEqual([]);
  });
});

describe('the report and the decision', () => {
  it('damage and loss name a package; photo names are used once; the text has 10 to 2000 characters', () => {
    expect(problemReportSchema.safeParse({ kind: 'damage', text: 'De kast is gebroken.' }).error?.issues.map((i) => i.message)).toEqual(['problem_package_required']);
    expect(problemReportSchema.safeParse({ kind: 'lateness', text: 'Veel te laat.' }).success).toBe(true);
    expect(problemReportSchema.safeParse({ kind: 'other', text: 'Kort' }).error?.issues.map((i) => i.message)).toEqual(['problem_text_too_short']);
    expect(problemReportSchema.safeParse({ kind: 'loss', text: 'Het pakket is weg.', packages: [{ package_id: 1, photos: ['a'] }], photos: ['a'] }).success).toBe(false);
  });
  it('a refund names its amount and only a refund does; the reason has 20 characters at least', () => {
    const reason = 'Beide partijen lezen deze reden.';
    expect(problemDecisionSchema.safeParse({ outcome: 'refund', reason }).error?.issues.map((i) => i.path.join('.'))).toEqual(['refund']);
    expect(problemDecisionSchema.safeParse({ outcome: 'release', refund: 10, reason }).success).toBe(false);
    expect(problemDecisionSchema.safeParse({ outcome: 'refund', refund: 10.005, reason }).success).toBe(false);
    expect(problemDecisionSchema.safeParse({ outcome: 'insurance', reason: 'Te kort.' }).error?.issues.map((i) => i.message)).toEqual(['decision_reason_too_short']);
    expect(problemDecisionSchema.safeParse({ outcome: 'refund', refund: 60.25, reason }).success).toBe(true);
  });
});

describe('a statement’s photos and packages, each error at its field', () => {
  const text = 'De kast is gebroken bij levering.';
  const issues = (r: { success: boolean; error?: { issues: { code: string; path: PropertyKey[]; message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => ({ code: i.code, at: i.path.join('.'), message: i.message }));
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('takes ten photos in all, over the packages and the loose ones, and says an eleventh at photos', () => {
    expect(issues(problemReportSchema.safeParse({ kind: 'damage', text, packages: [{ package_id: 1, photos: names('a', 5) }], photos: names('b', 5) }))).toEqual([]);
    expect(issues(problemReportSchema.safeParse({ kind: 'damage', text, packages: [{ package_id: 1, photos: names('a', 6) }], photos: names('b', 5) }))).toEqual([
      { code: 'custom', at: 'photos', message: 'problem_too_many_photos' },
    ]);
    expect(issues(problemAnswerSchema.safeParse({ text, packages: [{ package_id: 1, photos: names('a', 4) }, { package_id: 2, photos: names('c', 4) }], photos: names('b', 3) }))).toEqual([
      { code: 'custom', at: 'photos', message: 'problem_too_many_photos' },
    ]);
  });

  it('says a file name used twice at photos, and a package named twice at packages', () => {
    expect(issues(problemReportSchema.safeParse({ kind: 'loss', text, packages: [{ package_id: 1, photos: ['a'] }], photos: ['a'] }))).toEqual([{ code: 'custom', at: 'photos', message: 'invalid_body' }]);
    expect(issues(problemAnswerSchema.safeParse({ text, packages: [{ package_id: 1, photos: ['a'] }, { package_id: 1, photos: ['b'] }] }))).toEqual([{ code: 'custom', at: 'packages', message: 'invalid_body' }]);
    expect(issues(problemAnswerSchema.safeParse({ text, packages: [{ package_id: 1, photos: ['a'] }, { package_id: 2, photos: ['b'] }] }))).toEqual([]);
  });

  it('takes damage naming a package, and says a missing one at packages', () => {
    expect(issues(problemReportSchema.safeParse({ kind: 'damage', text, packages: [{ package_id: 3, photos: [] }] }))).toEqual([]);
    expect(issues(problemReportSchema.safeParse({ kind: 'loss', text }))).toEqual([{ code: 'custom', at: 'packages', message: 'problem_package_required' }]);
  });

  it('says a refund missing, or an amount with another outcome, at refund', () => {
    const reason = 'Beide partijen lezen deze reden.';
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'refund', reason }))).toEqual([{ code: 'custom', at: 'refund', message: 'required' }]);
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'insurance', refund: 10, reason }))).toEqual([{ code: 'custom', at: 'refund', message: 'invalid_body' }]);
    expect(issues(problemDecisionSchema.safeParse({ outcome: 'release', reason }))).toEqual([]);
  });
});
