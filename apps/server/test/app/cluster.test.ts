import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../helpers/cluster.ts';
import { type Answer, type Auth, accept, addCard, call, createDriver, createShipment, login, makeOffer, postShipment, register } from '../helpers/http-flows.ts';
import { multipart } from '../helpers/multipart.ts';
import { startS3Server } from '../helpers/s3-server.ts';
import { openStream } from '../helpers/sse.ts';

// Two real server processes from the compiled build, in production mode, on one PostgreSQL, the
// machine's Redis and a local S3-compatible store, behind a round-robin proxy: what a sender does
// must not depend on which process answers, and losing one process mid-burst loses nothing that
// was acknowledged (PostgreSQL project only; CI sets TEST_DATABASE_URL and TEST_REDIS_URL).

let cluster: Cluster;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('set TEST_REDIS_URL (redis://127.0.0.1:6379): the cluster shares its rate limits through Redis');
  s3 = await startS3Server({ bucket: 'vm-cluster' });
  cluster = await startCluster({
    processes: 2,
    postgresUrl: process.env.TEST_DATABASE_URL!,
    env: {
      REDIS_URL: redisUrl,
      ...s3.env,
    },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await s3?.close();
}, 60_000);

const servedBy = (a: Answer) => a.headers.get('x-served-by');

describe('two server processes behind one proxy', () => {
  it('counts wrong passwords across both processes: after ten, the next try is refused with 429', async () => {
    // Every password try counts for its username (TOKEN_RATE_LIMIT_PER_USERNAME=10 per minute).
    const username = `target.${Date.now()}@example.be`;
    const tries: Answer[] = [];
    for (let i = 0; i < 10; i++) tries.push(await login(cluster.url, username, `wrong-${i}`));
    expect(tries.map((a) => a.status)).toEqual(Array(10).fill(400));
    // Round robin: five tries went to each process, so no process alone saw more than five.
    expect(tries.filter((a) => servedBy(a) === cluster.nodes[0]!.url)).toHaveLength(5);
    expect(tries.filter((a) => servedBy(a) === cluster.nodes[1]!.url)).toHaveLength(5);
    // Asked of each process directly, the answer is the same.
    for (const node of cluster.nodes) {
      const refused = await login(node.url, username, 'wrong-again');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('serves an image uploaded through one process from the other', async () => {
    const [a, b] = cluster.nodes;
    const sender = await register(a!.url, cluster.smsCode);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    const form = multipart({ object: 'user', object_id: sender.id, attachments: [{ file: 'file', type: 'profile_picture' }] }, [{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', data: jpeg }]);
    const up = await call(a!.url, 'POST', '/api/attachment', { headers: { ...form.headers, ...sender.auth }, body: form.payload });
    expect(up.status).toBe(201);
    const image = up.json().attachments[0].image;
    const res = await fetch(`${b!.url}${image.original.url}`, { headers: sender.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 64, height: 48 });
    // Still behind the API's authorisation on the other process too.
    expect((await fetch(`${b!.url}${image.original.url}`)).status).toBe(401);
  });

  it('delivers an event caused on one process to a stream held by the other', async () => {
    const [a, b] = cluster.nodes;
    const sender = await register(a!.url, cluster.smsCode);
    const driver = await createDriver(a!.url, cluster.adminToken);
    const id = await createShipment(a!.url, sender.auth);
    const token = (await call(b!.url, 'POST', '/api/firebase_token', { headers: sender.auth })).json().token as string;
    const stream = await openStream(`${b!.url}/api/events?token=${token}`);
    expect(stream.status).toBe(200);
    const offerId = await makeOffer(a!.url, driver, id, 95);
    await expect.poll(() => stream.messages.map((m) => m.data.type), { timeout: 15_000 }).toContain('shipment.offer.new');
    expect(stream.messages.find((m) => m.data.type === 'shipment.offer.new')!.data).toMatchObject({ shipment_id: id, payload: { offer_id: offerId } });
    await stream.close();
  });

  it('settles a card payment whose process was killed (kill -9) between the charge and the acceptance', async () => {
    const victim = cluster.nodes[0]!;
    const driver = await createDriver(victim.url, cluster.adminToken);
    const sender = await register(victim.url, cluster.smsCode);
    await addCard(victim.url, sender.auth);
    const shipmentId = await createShipment(victim.url, sender.auth);
    const offerId = await makeOffer(victim.url, driver, shipmentId, 150);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    // The moment to kill: the provider has charged, the acceptance has not committed. A trigger
    // makes this shipment's acceptance (its payment turning 'succeeded') wait for a lock this test
    // holds, so the process is frozen exactly there; nothing in the server knows about it.
    const LOCK = 4_711_001;
    await db.query('select pg_advisory_lock($1)', [LOCK]);
    await db.query(`create or replace function test_hold_acceptance() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(${LOCK}); return new; end $$`);
    await db.query(`create trigger test_hold_acceptance before update on payments for each row
      when (new.status = 'succeeded' and new.shipment_id = ${shipmentId}) execute function test_hold_acceptance()`);
    const charges = `select count(*)::int as n from sandbox_charges c join payments p on c.idempotency_key = 'payment-' || p.id where p.shipment_id = $1`;
    try {
      const answer = accept(victim.url, sender.auth, shipmentId, offerId).then((a) => a.status, () => 'network' as const);
      await expect.poll(async () => (await db.query(charges, [shipmentId])).rows[0].n, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(async () => (await db.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`)).rows[0].n, { timeout: 15_000 })
        .toBe(1);
      expect(await victim.kill('SIGKILL')).toBe(-1);
      expect(await answer).toBe('network');
    } finally {
      await db.query('drop trigger if exists test_hold_acceptance on payments');
      await db.query('select pg_advisory_unlock($1)', [LOCK]);
    }
    // PostgreSQL rolls back the dead process's open transaction: charged, yet pending and not accepted.
    const payment = async () => (await db.query('select id, status from payments where shipment_id = $1', [shipmentId])).rows;
    await expect.poll(async () => (await db.query(`select count(*)::int as n from pg_stat_activity where wait_event = 'advisory'`)).rows[0].n).toBe(0);
    expect(await payment()).toEqual([{ id: expect.any(Number), status: 'pending' }]);
    expect((await call(cluster.nodes[1]!.url, 'GET', `/api/shipment/${shipmentId}`, { headers: sender.auth })).json().current_state.state).toBe('new');
    // Recovery repeats a card charge only once it is a minute old (a live request may still be on
    // it): the minute passes here by dating the claim back, not by waiting.
    await db.query(`update payments set created_at = created_at - interval '2 minutes' where shipment_id = $1`, [shipmentId]);

    // The process comes back; its start-up settlement finishes the payment with the same key.
    await victim.start();
    try {
      // Settlement runs right after the process listens, beside its first requests.
      const read = () => call(victim.url, 'GET', `/api/shipment/${shipmentId}`, { headers: sender.auth }).then((a) => a.json());
      await expect.poll(async () => (await read()).current_state.state, { timeout: 15_000 }).toBe('accepted');
      const accepted = await read();
      expect(accepted.accepted_offer.id).toBe(offerId);
      expect(await payment()).toEqual([{ id: expect.any(Number), status: 'succeeded' }]);
      expect((await db.query(charges, [shipmentId])).rows[0].n).toBe(1);
      const receipt = (await call(cluster.nodes[1]!.url, 'GET', `/api/shipment/${shipmentId}/receipt`, { headers: sender.auth })).json().receipt;
      expect(receipt).toMatchObject({ method: 'card', card_last4: '4242', total: accepted.accepted_offer.cost_breakdown_sender.total.aftertaxes });
    } finally {
      await db.end();
    }
  }, 120_000);

  it('loses no acknowledged write and charges no card twice when one process is killed mid-burst', async () => {
    const driver = await createDriver(cluster.url, cluster.adminToken);
    const senders = await Promise.all(Array.from({ length: 6 }, () => register(cluster.url, cluster.smsCode)));
    await Promise.all(senders.map((s) => addCard(cluster.url, s.auth)));
    // Each sender has four shipments with an offer waiting to be accepted.
    const open = await Promise.all(
      senders.map(async (s) => {
        const jobs: { shipmentId: number; offerId: number }[] = [];
        for (let i = 0; i < 4; i++) {
          const shipmentId = await createShipment(cluster.url, s.auth);
          jobs.push({ shipmentId, offerId: await makeOffer(cluster.url, driver, shipmentId, 120 + i) });
        }
        return jobs;
      }),
    );

    type Outcome = { kind: 'create' | 'accept'; sender: Auth; shipmentId: number | null; offerId?: number; status: number | 'network'; by: string | null; sentAfterDeath: boolean };
    const outcomes: Outcome[] = [];
    const victim = cluster.nodes[0]!;
    let killed: Promise<number | null> | null = null;
    let dead = false;
    const record = (o: Outcome) => {
      outcomes.push(o);
      // Mid-burst: once a dozen requests have their answer, the first process dies without warning.
      if (outcomes.length === 12) killed = victim.kill('SIGKILL').then((code) => ((dead = true), code));
    };
    const attempt = async (kind: Outcome['kind'], sender: Auth, run: () => Promise<Answer>, ids: { shipmentId: number | null; offerId?: number }) => {
      const sentAfterDeath = dead;
      try {
        const a = await run();
        record({ kind, sender, ...ids, shipmentId: ids.shipmentId ?? (a.status === 201 ? a.json().id : null), status: a.status, by: servedBy(a), sentAfterDeath });
      } catch {
        record({ kind, sender, ...ids, status: 'network', by: null, sentAfterDeath });
      }
    };
    await Promise.all(
      senders.map(async (s, i) => {
        for (const job of open[i]!) {
          await Promise.all([
            attempt('create', s.auth, () => postShipment(cluster.url, s.auth), { shipmentId: null }),
            attempt('accept', s.auth, () => accept(cluster.url, s.auth, job.shipmentId, job.offerId), job),
          ]);
        }
      }),
    );
    expect(await killed).toBe(-1);
    expect(outcomes).toHaveLength(48);
    // The kill came mid-burst: the victim answered before it, and everything sent after its death
    // was answered by the survivor (the proxy skips a refused connection).
    expect(outcomes.slice(0, 12).some((o) => o.by === victim.url)).toBe(true);
    const afterDeath = outcomes.filter((o) => o.sentAfterDeath);
    expect(afterDeath.length).toBeGreaterThan(0);
    expect(afterDeath.map((o) => o.by)).toEqual(afterDeath.map(() => cluster.nodes[1]!.url));
    const acknowledged = outcomes.filter((o) => (o.kind === 'create' && o.status === 201) || (o.kind === 'accept' && o.status === 200));
    expect(acknowledged.length).toBeGreaterThan(24);

    // Every acknowledged write is there, read back through the survivor.
    for (const o of acknowledged) {
      const read = await call(cluster.url, 'GET', `/api/shipment/${o.shipmentId}`, { headers: o.sender });
      expect(read.status).toBe(200);
      if (o.kind === 'accept') expect(read.json().accepted_offer?.id).toBe(o.offerId);
    }

    // No shipment paid twice, and no accepted shipment without its one payment.
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const twice = await db.query(`select shipment_id from payments where status = 'succeeded' group by shipment_id having count(*) > 1`);
      expect(twice.rows).toEqual([]);
      const unpaid = await db.query(
        `select s.id from shipments s where s.accepted_offer_id is not null and not exists (select 1 from payments p where p.shipment_id = s.id and p.status = 'succeeded')`,
      );
      expect(unpaid.rows).toEqual([]);
      // At the (sandbox) provider: at most one charge per shipment, and none for a released claim.
      const charged = `sandbox_charges c join payments p on c.idempotency_key = 'payment-' || p.id`;
      expect((await db.query(`select p.shipment_id from ${charged} group by p.shipment_id having count(*) > 1`)).rows).toEqual([]);
      expect((await db.query(`select p.id from ${charged} where p.status = 'failed'`)).rows).toEqual([]);
    } finally {
      await db.end();
    }

    // The killed process comes back and answers like the other one.
    await victim.start();
    const s = senders[0]!;
    const viaA = await call(victim.url, 'GET', '/api/shipment/sender', { headers: s.auth });
    const viaB = await call(cluster.nodes[1]!.url, 'GET', '/api/shipment/sender', { headers: s.auth });
    expect(viaA.status).toBe(200);
    expect(viaA.json()).toEqual(viaB.json());
  }, 180_000);
});
