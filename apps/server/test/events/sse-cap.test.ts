import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { listen, openStream } from '../helpers/sse.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Open event streams are capped per user and process (SSE_STREAMS_PER_USER): one more ends that
// user's oldest stream; the user's other streams and everybody else's stay open.

const CAP = 3;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ SSE_STREAMS_PER_USER: String(CAP) });
  base = await listen(t.app);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof registerAndLogin>>;

const stream = async (who: Person) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/firebase_token', headers: who.auth });
  const s = await openStream(`${base}/api/events?token=${(res.json() as { token: string }).token}`);
  expect(s.status).toBe(200);
  return s;
};

/** An event for this user, committed as a change would write it. */
const notify = (who: Person) =>
  t.handle.db.transaction().execute((trx) => eventsRepository.insert(trx, [toEventRow({ userId: who.id, type: 'company.invoice.status', shipmentId: null, payload: { status: 'approved' } }, t.clock.now())]));

describe('open event streams per user', () => {
  it(`opening stream ${CAP + 1} of one user ends that user's oldest; the rest, and another user's, stay open and live`, async () => {
    const [an, bo] = [await registerAndLogin(t), await registerAndLogin(t)];
    const other = await stream(bo);
    const mine = [];
    for (let i = 0; i < CAP; i++) mine.push(await stream(an));
    const [oldest, ...rest] = mine;

    const newest = await stream(an);
    // The oldest ends without the client doing anything (waits at most 5 s, then fails).
    await Promise.race([oldest!.ended_, new Promise((_, reject) => setTimeout(() => reject(new Error('oldest stream still open')), 5000))]);
    expect(oldest!.ended).toBe(true);

    await notify(an);
    await notify(bo);
    for (const s of [...rest, newest]) expect((await s.waitFor(1))[0]!.data.type).toBe('company.invoice.status');
    expect(await other.waitFor(1)).toHaveLength(1);
    expect([...rest, newest, other].map((s) => s.ended)).toEqual([false, false, false, false]);
    expect(oldest!.messages).toHaveLength(0);

    for (const s of [...rest, newest, other]) await s.close();
  });
});
