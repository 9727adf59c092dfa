import { randomUUID } from 'node:crypto';
import { nextDriverState, type ShipmentStateName } from '@vm/domain';
import pg from 'pg';
import { type Cluster, startCluster } from '../helpers/cluster.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { call as send } from '../helpers/http-flows.ts';
import { accept, addCard, type Auth, brussels, createDriver, createShipment, driverState, makeOffer, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { openDatabase } from '../../src/db/database.ts';

// The race matrix (docs/decisions/0038-one-owner-of-a-job.md): every pair of the operations that
// change a job or its money, run at the same moment on one job through two server processes on
// PostgreSQL, round after round; after each pair the ledger's and the job's invariants are checked
// and every answer must be a success or a clear refusal (409 naming the job's state), never a 500.
//
// The jobs are set up by an app in this process on the cluster's database (through the API, as a
// client would), on a clock kept equal to the processes' test clock; a job "delivered 25 hours
// ago" is delivered with that clock moved back. The operations then go to the processes over HTTP:
// the first of a pair to one process, the second to the other, both sent at once.

/** How far a job is set up before a pair runs on it. */
export type Stage = 'open' | 'open_invoice' | 'bancontact_waiting' | 'accepted' | 'delivered' | 'due' | 'problem';

export const OPS = [
  'accept_card',
  'bancontact_start',
  'bancontact_webhook',
  'accept_invoice',
  'sender_cancel',
  'driver_gives_back',
  'driver_state',
  'problem_report',
  'delivery_confirm',
  'release_timer',
  'staff_release',
  'staff_refund_part',
  'staff_refund_full',
  'staff_decision',
  'payout_run',
  'account_deletion',
] as const;
export type OpName = (typeof OPS)[number];

/** The stages each operation is meaningful in, best first; a pair runs in the first stage of the first that the second shares. */
const STAGES: Record<OpName, Stage[]> = {
  accept_card: ['open'],
  bancontact_start: ['open'],
  bancontact_webhook: ['bancontact_waiting'],
  accept_invoice: ['open_invoice'],
  sender_cancel: ['accepted', 'open', 'open_invoice', 'bancontact_waiting'],
  driver_gives_back: ['accepted'],
  driver_state: ['accepted'],
  problem_report: ['delivered', 'accepted'],
  delivery_confirm: ['delivered'],
  release_timer: ['due', 'delivered'],
  staff_release: ['delivered', 'due', 'problem'],
  staff_refund_part: ['delivered', 'due', 'problem', 'accepted'],
  staff_refund_full: ['delivered', 'due', 'problem', 'accepted'],
  staff_decision: ['problem'],
  payout_run: ['delivered', 'due'],
  account_deletion: ['open', 'open_invoice', 'accepted', 'delivered'],
};

export const stageOf = (a: OpName, b: OpName): Stage => STAGES[a].find((s) => STAGES[b].includes(s)) ?? STAGES[a][0]!;

/** Every unordered pair, each operation with itself too. */
export const allPairs = (): [OpName, OpName][] => OPS.flatMap((a, i) => OPS.slice(i).map((b) => [a, b] as [OpName, OpName]));

type Person = { id: number; email: string; password: string; auth: Auth };
type Job = { id: number; stage: Stage; state: ShipmentStateName; sender: Person; driver: Person; offerId: number; chargedCents: number; fee: number | null; problemId: number | null; providerId: string | null };
export type Answer = { op: OpName; status: number; body: string };
export type Violation = { pair: string; round: number; job: number; what: string };

const T0 = new Date('2026-11-22T10:00:00.000Z');
const DRIVERS = 4;
const PRICES = [60, 85, 110, 145];
/** The most either operation of a pair waits before it is sent. */
const STAGGER_MS = 20;

type Harness = {
  cluster: Cluster;
  db: pg.Client;
  t: TestApp;
  drivers: Person[];
  finance: Auth;
  anchor: number;
  adminToken: string;
  close: () => Promise<void>;
};

/** Two server processes on a fresh PostgreSQL database, and the in-process app that sets up jobs on it. */
export async function startHarness(postgresUrl: string): Promise<Harness> {
  const anchor = Date.now();
  const cluster = await startCluster({
    processes: 2,
    postgresUrl,
    env: { NODE_ENV: 'test', TEST_CLOCK: `${T0.toISOString()}|${anchor}|1`, STRIPE_WEBHOOK_SECRET: 'whsec_test_secret', ACCESS_TOKEN_TTL: '604800' },
  });
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl });
  const t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN, ACCESS_TOKEN_TTL: '604800', DEMO_DRIVERS: 'false' }, { handle, dataDir: `${cluster.dataDir}/setup` });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const drivers: Person[] = [];
  for (let i = 0; i < DRIVERS; i++) drivers.push({ ...(await createDriver(t)), password: 'rijden123' });
  const finance = await staffSession(t, 'finance');
  // Tokens outlive the day and more the setup clock moves back (a token of the cluster's time is checked on its clock).
  return {
    cluster,
    db,
    t,
    drivers,
    finance,
    anchor,
    adminToken: cluster.adminToken,
    close: async () => {
      await db.end();
      await t.close();
      await cluster.stop();
    },
  };
}

/** The setup app's clock to the processes' clock now (plus `offsetSeconds`). */
function syncClock(h: Harness, offsetSeconds = 0) {
  const target = T0.getTime() + (Date.now() - h.anchor) + offsetSeconds * 1000;
  h.t.clock.advance((target - h.t.clock.now().getTime()) / 1000);
}

const must = (what: string, res: { statusCode: number; body: string }, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
};

/** A job's windows on the Brussels day of `day`: pickup from `from`, delivery until 22:00. */
function windowsOn(day: Date, from: string) {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(day);
  return { pickup: shipmentSide({ date_from: brussels(date, from), date_till: brussels(date, '18:00') }), deliveryFrom: brussels(date, '18:00'), deliveryTill: brussels(date, '22:00') };
}

async function newSender(h: Harness, invoice: boolean): Promise<Person> {
  const s = await registerAndLogin(h.t);
  must('add card', await addCard(h.t, s.auth));
  if (invoice) {
    const me = (await h.t.app.inject({ method: 'GET', url: '/api/user', headers: s.auth })).json();
    const company = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: s.email };
    must('company', await h.t.app.inject({ method: 'PUT', url: '/api/user', headers: s.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company } }));
    const approved = await h.t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` }, payload: { args: ['invoice', 'approve', s.email] } });
    if (!approved.json().ok) throw new Error(`invoice approve: ${approved.body}`);
  }
  return { id: s.id, email: s.email, password: s.password, auth: s.auth };
}

let jobCount = 0;
/** A job of a fresh sender, with an offer of one of the drivers, set up to `stage`. */
export async function setUpJob(h: Harness, stage: Stage): Promise<Job> {
  jobCount++;
  const driver = h.drivers[jobCount % h.drivers.length]!;
  const price = PRICES[jobCount % PRICES.length]!;
  // A job "delivered 25 hours ago" is booked and driven on a clock a day and more back.
  syncClock(h, stage === 'due' ? -26 * 3600 : 0);
  try {
    const sender = await newSender(h, stage === 'open_invoice');
    // Tomorrow's windows; a job to be delivered in the past was booked that morning for the afternoon.
    const w = stage === 'due' ? windowsOn(h.t.clock.now(), '14:00') : windowsOn(new Date(h.t.clock.now().getTime() + 24 * 3600_000), '08:00');
    const base = shipmentContent();
    const id = await createShipment(h.t, sender.auth, { pickup: w.pickup, delivery: { ...base.delivery, date_from: w.deliveryFrom, date_till: w.deliveryTill } });
    const offerId = await makeOffer(h.t, driver, id, price);
    const job: Job = { id, stage, state: 'new', sender, driver, offerId, chargedCents: 0, fee: null, problemId: null, providerId: null };
    if (stage === 'open' || stage === 'open_invoice') return job;
    if (stage === 'bancontact_waiting') {
      const started = await h.t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
      must('bancontact', started);
      job.providerId = new URL(started.json().redirect_url as string).pathname.split('/').pop()!;
      await h.t.payments.completeBancontact(job.providerId, 'authorise');
      return job;
    }
    must('accept', await accept(h.t, sender.auth, id, offerId));
    job.state = 'accepted';
    job.chargedCents = Number((await h.db.query(`select amount_cents from payments where shipment_id = $1 and status = 'succeeded'`, [id])).rows[0].amount_cents);
    const quote = (await h.t.app.inject({ method: 'GET', url: `/api/shipment/${id}/cancellation`, headers: sender.auth })).json();
    job.fee = quote.fee as number;
    if (stage === 'accepted') return job;
    for (let s = nextDriverState('accepted'); s; s = nextDriverState(s)) must(`state ${s}`, await driverState(h.t, driver, id, s));
    job.state = 'delivered';
    if (stage === 'problem') {
      const made = await report(h.t, sender.auth, id, 'other');
      must('problem', made, 201);
      job.problemId = made.json().id as number;
    }
    return job;
  } finally {
    syncClock(h);
  }
}

async function report(t: TestApp, auth: Auth, id: number, kind: string) {
  const { payload, headers } = multipart({ kind, text: 'Er ontbreekt een doos bij de levering.' }, []);
  return t.app.inject({ method: 'POST', url: `/api/shipment/${id}/problem`, payload, headers: { ...headers, ...auth } });
}

// --- the operations, over HTTP to one process ---

/** One request to one process, answered as its status and body. */
async function call(base: string, method: string, url: string, opts: { auth?: Auth; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string }> {
  const a = await send(base, method, url, { headers: { ...opts.auth, ...opts.headers }, json: opts.json, body: opts.body });
  return { status: a.status, body: a.text };
}

const euros = (cents: number) => (cents / 100).toFixed(2);

function runOp(h: Harness, op: OpName, job: Job, base: string): Promise<{ status: number; body: string }> {
  const admin = (args: string[]) => call(base, 'POST', '/api/admin/command', { auth: { authorization: `Bearer ${h.adminToken}` }, json: { args } });
  switch (op) {
    case 'accept_card':
    case 'accept_invoice':
      return call(base, 'POST', `/api/shipment/${job.id}/offer/${job.offerId}`, { auth: job.sender.auth });
    case 'bancontact_start':
      return call(base, 'POST', `/api/shipment/${job.id}/offer/${job.offerId}/bancontact`, { auth: job.sender.auth, json: { return_path: `/jobs/${job.id}` } });
    case 'bancontact_webhook': {
      const event = JSON.stringify({ id: `evt_race_${randomUUID()}`, type: 'payment_intent.succeeded', data: { object: { id: job.providerId ?? 'none', status: 'succeeded', metadata: {} } } });
      return call(base, 'POST', '/api/payments/webhook', { body: Buffer.from(event), headers: { 'content-type': 'application/json', 'stripe-signature': h.t.payments.signWebhook(event) } });
    }
    case 'sender_cancel':
      return call(base, 'POST', `/api/shipment/${job.id}/status`, { auth: job.sender.auth, json: job.fee === null ? { state: 'cancelled' } : { state: 'cancelled', fee: job.fee } });
    case 'driver_gives_back':
      return call(base, 'POST', `/api/driver/shipment/${job.id}/cancel`, { auth: job.driver.auth, json: { reason: 'Mijn bestelwagen is stuk.' } });
    case 'driver_state':
      return call(base, 'POST', `/api/driver/shipment/${job.id}/status`, { auth: job.driver.auth, json: { state: nextDriverState(job.state) ?? 'finalised' } });
    case 'problem_report': {
      const { payload, headers } = multipart({ kind: job.state === 'accepted' ? 'no_show' : 'other', text: 'Er ontbreekt een doos bij de levering.' }, []);
      return call(base, 'POST', `/api/shipment/${job.id}/problem`, { auth: job.sender.auth, body: Buffer.from(payload as Buffer), headers: headers as Record<string, string> });
    }
    case 'delivery_confirm':
      return call(base, 'POST', `/api/shipment/${job.id}/delivery`, { auth: job.sender.auth, json: { outcome: 'confirmed' } });
    case 'release_timer':
      return admin(['money', 'release-due']);
    case 'staff_release':
      return admin(['money', 'release', String(job.id)]);
    case 'staff_refund_part':
      return admin(['money', 'refund', String(job.id), euros(Math.max(1, Math.floor(job.chargedCents / 2)))]);
    case 'staff_refund_full':
      return admin(['money', 'refund', String(job.id), euros(Math.max(1, job.chargedCents))]);
    case 'staff_decision':
      return call(base, 'POST', `/api/ops/problems/${job.problemId ?? 0}/decision`, {
        auth: h.finance,
        json: { outcome: 'refund', refund: Number(euros(Math.floor(job.chargedCents / 2))), reason: 'De helft gaat terug: een doos ontbrak bij de levering.' },
      });
    case 'payout_run':
      return admin(['payouts', 'run', '--now']);
    case 'account_deletion':
      return call(base, 'POST', '/api/user/delete', { auth: job.sender.auth, json: { password: job.sender.password } });
  }
}

/** An answer in a word: its status, and for the admin command whether it did anything. */
function label(a: Answer): string {
  if (a.status !== 200 || !ADMIN_OPS.has(a.op)) return String(a.status);
  return (JSON.parse(a.body) as { ok: boolean }).ok ? 'ok' : 'refused';
}
const DRIVER_OPS = new Set<OpName>(['driver_gives_back', 'driver_state']);
const ADMIN_OPS = new Set<OpName>(['release_timer', 'staff_release', 'staff_refund_part', 'staff_refund_full', 'payout_run']);

/** Whether an answer is what a client may get: a success, or a clear refusal. */
function judge(a: Answer, other: Answer, job: Job, driverAfter: number | null): string | null {
  if (a.status >= 500) return `${a.op} answered ${a.status}: ${a.body.slice(0, 200)}`;
  if (a.status === 409) {
    const body = JSON.parse(a.body) as { state?: string; error_description?: string };
    if (!body.error_description) return `${a.op} answered 409 without a description`;
    // An account's refusal is about the account, not one job; every other refusal names the job's state.
    if (a.op !== 'account_deletion' && !body.state) return `${a.op} answered 409 without the job's state: ${a.body.slice(0, 200)}`;
    return null;
  }
  if (a.status >= 200 && a.status < 300) return null;
  // The account was deleted by the other of the pair: its sessions are gone, its jobs not its own any more.
  if ((a.status === 401 || a.status === 404) && other.op === 'account_deletion' && other.status === 204) return null;
  // A driver's request on a job that was not theirs when it arrived (not accepted yet, or given back
  // by the other of the pair) is answered as for anyone's else: not found.
  if (a.status === 404 && DRIVER_OPS.has(a.op) && (job.state === 'new' || driverAfter !== job.driver.id)) return null;
  // A decision in a pair whose job was set up without a problem: there is none to decide.
  if ((a.status === 400 || a.status === 404) && a.op === 'staff_decision' && job.problemId === null) return null;
  return `${a.op} answered ${a.status}: ${a.body.slice(0, 200)}`;
}

/** The invariants of one job and of the ledger; what breaks, in words. */
export async function invariants(h: Harness, job: Job): Promise<string[]> {
  const q = async <T>(text: string, params: unknown[] = []) => (await h.db.query(text, params)).rows as T[];
  const broken: string[] = [];
  const unbalanced = await q<{ transaction_id: number }>(`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  if (unbalanced.length) broken.push(`ledger transactions that do not sum to zero: ${unbalanced.map((r) => r.transaction_id).join(', ')}`);
  const [m] = await q<{ held: string; charged: string; released: boolean; refunded: string; fee: string; cancelled: boolean; open_problem: boolean }>(
    `select coalesce((select -sum(e.amount_cents) from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.shipment_id = $1 and a.kind = 'held'), 0) as held,
            coalesce((select sum(e.amount_cents) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
                      where e.shipment_id = $1 and t.kind = 'charge' and a.kind = 'held'), 0) * -1 as charged,
            exists (select 1 from ledger_transactions t where t.shipment_id = $1 and t.kind = 'release') as released,
            coalesce((select sum(f.amount_cents) from refunds f where f.shipment_id = $1 and f.status <> 'failed'), 0) as refunded,
            coalesce((select sum(e.amount_cents) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
                      where e.shipment_id = $1 and t.kind = 'cancellation_fee' and a.kind = 'held'), 0) as fee,
            (select state = 'cancelled' from shipments where id = $1) as cancelled,
            exists (select 1 from problems p where p.shipment_id = $1 and p.status = 'open') as open_problem`,
    [job.id],
  );
  const held = Number(m!.held);
  if (held < 0) broken.push(`held money below zero: ${held}`);
  if (m!.released && Number(m!.charged) > 0 && Number(m!.refunded) >= Number(m!.charged)) broken.push(`released and refunded in full (${m!.refunded} of ${m!.charged})`);
  if (m!.released && m!.open_problem) broken.push('released while a problem is open');
  // The provider's record: every charge it made for this job's payments, and every refund.
  const charges = await q<{ payment_id: number; amount: string; booked: boolean; refunded: string }>(
    `with provider as (
       select p.id as payment_id, c.amount_cents as amount, c.id as ref from payments p join sandbox_charges c on c.idempotency_key = 'payment-' || p.id where p.shipment_id = $1
       union all
       select p.id, b.amount_cents, b.id from payments p join sandbox_bancontact b on b.id = p.provider_ref where p.shipment_id = $1 and b.status = 'succeeded'
     )
     select pr.payment_id, pr.amount,
            exists (select 1 from ledger_transactions t where t.idempotency_key = 'charge:payment:' || pr.payment_id) as booked,
            coalesce((select sum(r.amount_cents) from sandbox_refunds r where r.payment_id = pr.ref), 0) as refunded
     from provider pr`,
    [job.id],
  );
  for (const c of charges) if (!c.booked && Number(c.refunded) < Number(c.amount)) broken.push(`a provider charge of ${c.amount} (payment ${c.payment_id}) neither booked nor refunded`);
  if (m!.cancelled) {
    const taken = charges.reduce((s, c) => s + Number(c.amount) - Number(c.refunded), 0);
    const pendingRefunds = Number((await q<{ n: string }>(`select coalesce(sum(amount_cents), 0) as n from refunds where shipment_id = $1 and status = 'pending'`, [job.id]))[0]!.n);
    if (taken - pendingRefunds > Number(m!.fee)) broken.push(`a cancelled job keeps ${taken} cents at the provider, more than its fee of ${m!.fee}`);
  }
  const negative = await q<{ user_id: number }>(
    `select a.user_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'driver_payable' group by a.user_id having -sum(e.amount_cents) < 0`,
  );
  if (negative.length) broken.push(`drivers owing the platform: ${negative.map((r) => r.user_id).join(', ')}`);
  return broken;
}

export type MatrixResult = { pairs: number; rounds: number; violations: Violation[]; answers: Map<string, Map<string, number>>; ms: number };

/**
 * Runs `pairs` for `rounds` rounds: each pair on a job of its own, set up to the pair's stage, its
 * two operations sent at once to the two processes; the invariants after each pair.
 */
export async function runMatrix(h: Harness, pairs: [OpName, OpName][], rounds: number, log: (line: string) => void = () => undefined): Promise<MatrixResult> {
  const started = Date.now();
  const violations: Violation[] = [];
  const answers = new Map<string, Map<string, number>>();
  const [one, two] = h.cluster.nodes;
  for (let round = 1; round <= rounds; round++) {
    for (const [a, b] of pairs) {
      const pair = `${a} x ${b}`;
      const job = await setUpJob(h, stageOf(a, b));
      // The first of the pair to one process and the second to the other, or the other way round.
      const [ua, ub] = round % 2 ? [one!.url, two!.url] : [two!.url, one!.url];
      // Each after a random few milliseconds: the two meet at a different point of their work each round.
      const stagger = () => new Promise((r) => setTimeout(r, Math.random() * STAGGER_MS));
      const [ra, rb] = await Promise.all([stagger().then(() => runOp(h, a, job, ua)), stagger().then(() => runOp(h, b, job, ub))]);
      const x: Answer = { op: a, ...ra };
      const y: Answer = { op: b, ...rb };
      const seen = answers.get(pair) ?? new Map<string, number>();
      const key = `${label(x)}/${label(y)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      answers.set(pair, seen);
      const driverAfter = ((await h.db.query(`select o.driver_id from shipments s left join offers o on o.id = s.accepted_offer_id where s.id = $1`, [job.id])).rows[0]?.driver_id ?? null) as number | null;
      for (const problem of [judge(x, y, job, driverAfter), judge(y, x, job, driverAfter), ...(await invariants(h, job))]) {
        if (!problem) continue;
        violations.push({ pair, round, job: job.id, what: problem });
        log(`race matrix: ${pair}, round ${round}, job ${job.id}: ${problem}`);
      }
    }
    log(`race matrix: round ${round} of ${rounds} done, ${violations.length} invariant violations so far`);
  }
  return { pairs: pairs.length, rounds, violations, answers, ms: Date.now() - started };
}
