// Issue 22, Speed: the ledger. LEDGER_ENTRIES (default 1,000,000) entries over 20,000 accounts
// (10,000 drivers' payables and 10,000 senders' receivables, plus the platform's), on PostgreSQL (a
// throwaway database) and on the embedded PGlite; then BENCH_QUERIES (default 500) balance reads of
// random drivers and senders (p50, p99), and the release timer over BENCH_JOBS (default 10,000)
// delivered jobs with proof whose answer window has passed (jobs per second). Prints figures and JSON
// lines; never fails on a target. Then the invoices those payments get (written per second) and
// BENCH_QUERIES reads of a random sender's invoice list (GET /api/invoices' query).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DbHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { ledgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { settlementService } from '../apps/server/src/modules/settlement/settlement.service.ts';
import { invoicesService } from '../apps/server/src/modules/invoices/invoices.service.ts';
import { outboxAccessPoint } from '../apps/server/src/adapters/access-point/outbox-access-point.ts';
import { seed as seedShipments } from './jobboard-seed.ts';
import { percentile, withPglite, withThrowawayPostgres } from './throwaway-db.ts';

const positiveInt = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive integer`);
  return v;
};
const ENTRIES = positiveInt('LEDGER_ENTRIES', 1_000_000);
const QUERIES = positiveInt('BENCH_QUERIES', 500);
const JOBS = positiveInt('BENCH_JOBS', 10_000);
const ACCOUNTS_EACH = 10_000;
const TARGET_P99_MS = 10;

const log = (msg: string) => console.error(`[bench:ledger] ${msg}`);
const quiet = { warn: () => undefined, error: (o: object, m: string) => log(`${m} ${JSON.stringify(o)}`) };

type Result = { db: string; seedS: number; driver: number[]; sender: number[]; releaseS: number; released: number; invoicesWritten: number; invoicesS: number; invoiceList: number[] };

/** Background movements: half pay a random driver's payable, half book a random sender's invoice as held. */
async function seedEntries(handle: DbHandle): Promise<void> {
  const { db } = handle;
  await sql`
    insert into ledger_accounts (code, kind, user_id, created_at)
    select 'driver_payable:bench' || g, 'driver_payable', null::int, now() from generate_series(1, ${ACCOUNTS_EACH}) g
    union all select 'sender_receivable:bench' || g, 'sender_receivable', null, now() from generate_series(1, ${ACCOUNTS_EACH}) g
    union all select k, k, null, now() from unnest(array['provider_clearing', 'held', 'vat_payable', 'vat_receivable', 'revenue_commission', 'revenue_insurance']) k
    on conflict (code) do nothing`.execute(db);
  const movements = Math.floor(ENTRIES / 2);
  // Bulk: the balance trigger (one check per entry at commit) is left out for the seed only, as a restore would.
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`
      insert into ledger_transactions (idempotency_key, kind, shipment_id, memo, created_at)
      select 'bench:' || g, case when g % 2 = 0 then 'release' else 'charge' end, null, '', now() - g * interval '1 second'
      from generate_series(1, ${movements}) g`.execute(trx);
    await sql`
      insert into ledger_entries (transaction_id, account_id, shipment_id, amount_cents, created_at)
      select t.id, a.id, null, case when side = 0 then amount else -amount end, t.created_at
      from (select id, created_at, (1 + (random() * 50000)::int) as amount, (1 + (random() * ${ACCOUNTS_EACH - 1})::int) as who,
                   (id % 2 = 0) as pays_driver from ledger_transactions where idempotency_key like 'bench:%') t
      cross join generate_series(0, 1) side
      join ledger_accounts a on a.code = case
        when t.pays_driver and side = 0 then 'provider_clearing'
        when t.pays_driver then 'driver_payable:bench' || t.who
        when side = 0 then 'sender_receivable:bench' || t.who
        else 'held' end`.execute(trx);
  });
  await sql`analyze`.execute(db);
}

/** BENCH_JOBS accepted, paid, delivered jobs with proof, delivered two days ago, nothing answered. */
async function seedDeliveredJobs(handle: DbHandle): Promise<void> {
  const { db } = handle;
  await seedShipments(db, JOBS);
  await sql`
    insert into offers (shipment_id, driver_id, price_cents, state, commission_bp, created_at, updated_at)
    select s.id, d.id, 10000 + (s.id % 50) * 100, 'accepted', 1200, now(), now()
    from shipments s join (select id, row_number() over (order by id) as k from users where role = 'driver') d on d.k = 1 + s.id % 2000`.execute(db);
  await sql`update shipments s set state = 'delivered', accepted_offer_id = o.id from offers o where o.shipment_id = s.id`.execute(db);
  await sql`insert into shipment_states (shipment_id, state, created_at) select id, 'delivered', now() - interval '2 days' from shipments`.execute(db);
  await sql`
    insert into proofs (shipment_id, driver_id, kind, client_id, signer_name, condition, reservations, taken_at, lat, lng, accuracy_m, signature_key, created_at)
    select s.id, o.driver_id, 'delivery', gen_random_uuid(), 'Bench', 'good', '', now() - interval '2 days', 50.8, 4.3, 10, 'bench', now() - interval '2 days'
    from shipments s join offers o on o.id = s.accepted_offer_id`.execute(db);
  // The payment and its charge, as acceptance books them: the cost table's total (CMR cover: no premium, 21 % VAT).
  await sql`
    insert into payments (shipment_id, offer_id, user_id, method, amount_cents, currency, status, created_at, updated_at)
    select s.id, o.id, s.sender_id, 'card', round(o.price_cents * 1.21)::int, 'eur', 'succeeded', now() - interval '3 days', now() - interval '3 days'
    from shipments s join offers o on o.id = s.accepted_offer_id`.execute(db);
  const ledger = ledgerService({ db, now: () => new Date(), log: quiet });
  const settlement = settlementService({ db, ledger, now: () => new Date(), log: quiet, commissionPercent: 12 });
  const paid = await db.selectFrom('payments').select(['id', 'shipmentId', 'userId', 'amountCents']).execute();
  for (let i = 0; i < paid.length; i += 500) {
    await db.transaction().execute(async (trx) => {
      for (const p of paid.slice(i, i + 500)) await settlement.recordCharge(trx, { paymentId: p.id, shipmentId: p.shipmentId, senderId: p.userId, method: 'card', amountCents: p.amountCents, reference: `VM${p.shipmentId}` });
    });
  }
  await sql`analyze`.execute(db);
}

async function benchOne(kind: string, handle: DbHandle): Promise<Result> {
  const { db } = handle;
  await migrateToLatest(db);
  let t0 = performance.now();
  await seedEntries(handle);
  await seedDeliveredJobs(handle);
  const seedS = (performance.now() - t0) / 1000;
  log(`${kind}: seeded in ${seedS.toFixed(1)} s`);
  const ledger = ledgerService({ db, now: () => new Date(), log: quiet });
  const settlement = settlementService({ db, ledger, now: () => new Date(), log: quiet, commissionPercent: 12 });
  const time = async (kindName: 'driver_payable' | 'sender_receivable') => {
    const out: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const who = 1 + ((i * 7919) % ACCOUNTS_EACH);
      const code = `${kindName}:bench${who}`;
      const s = performance.now();
      // What ledger.balance runs for a user's account (its code), here for the bench's accounts.
      await sql`select coalesce(sum(e.amount_cents), 0)::int8 as sum from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = ${code}`.execute(db);
      out.push(performance.now() - s);
    }
    return out;
  };
  await time('driver_payable'); // warm-up
  const driver = await time('driver_payable');
  const sender = await time('sender_receivable');
  t0 = performance.now();
  const released = await settlement.releaseDue();
  const releaseS = (performance.now() - t0) / 1000;
  log(`${kind}: released ${released} jobs in ${releaseS.toFixed(1)} s`);
  const report = await ledger.check();
  if (report.unbalanced.length || report.held.length) log(`${kind}: invariants: ${JSON.stringify(report).slice(0, 300)}`);

  // The invoices: one per payment (the sale) and one per released job (the driver's, self-billed).
  const platform = { name: 'Vrachtmarkt BV', enterpriseNumber: '0765432146', address: 'Kerkstraat 1, 9000 Gent', iban: 'BE68539007547034', bic: null, email: 'invoices@vrachtmarkt.localhost' };
  const invoices = invoicesService({ db, now: () => new Date(), log: { ...quiet, info: () => undefined }, platform, commissionPercent: 12, accessPoint: outboxAccessPoint(os.tmpdir(), () => new Date()) });
  // The receipts acceptance keeps, and the drivers' business details with the self-billing agreement.
  await sql`
    insert into payment_receipts (payment_id, shipment_id, user_id, reference, driver_name, total_cents, vat_percent, vat_amount_cents, method, card_last4, paid_at)
    select p.id, p.shipment_id, p.user_id, s.reference_id, 'Bench D.', p.amount_cents, 21, p.amount_cents - round(p.amount_cents / 1.21)::int, 'card', '4242', p.created_at
    from payments p join shipments s on s.id = p.shipment_id
    on conflict do nothing`.execute(db);
  await sql`
    insert into driver_profiles (user_id, kind, company_name, company_number, vat, vat_exempt, iban, status, refusal_reason, self_billing_accepted_at, created_at, updated_at)
    select id, 'person', '', '0403170701', 'BE0403170701', false, 'BE68539007547034', 'approved', null, now(), now(), now() from users where role = 'driver'
    on conflict (user_id) do update set self_billing_accepted_at = now()`.execute(db);
  t0 = performance.now();
  const w = await invoices.issueDue();
  const invoicesS = (performance.now() - t0) / 1000;
  const invoicesWritten = w.sales + w.purchases + w.credits;
  log(`${kind}: wrote ${invoicesWritten} invoices in ${invoicesS.toFixed(1)} s`);
  await sql`analyze`.execute(db);
  const senders = (await db.selectFrom('invoices').select('userId').distinct().execute()).map((r) => r.userId);
  const invoiceList: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const s = performance.now();
    await invoices.list(senders[(i * 7919) % senders.length]!);
    invoiceList.push(performance.now() - s);
  }
  return { db: kind, seedS, driver, sender, releaseS, released, invoicesWritten, invoicesS, invoiceList };
}

const results: (Result | { db: string; skipped: string })[] = [];
const pgRun = await withThrowawayPostgres('ledger', log, (handle) => benchOne('postgres', handle));
results.push('skipped' in pgRun ? { db: 'postgres', skipped: pgRun.skipped } : pgRun);
results.push(await withPglite('ledger', (handle) => benchOne('pglite', handle)));

console.log(`Ledger: ${ENTRIES} entries over ${2 * ACCOUNTS_EACH} accounts, ${QUERIES} balance reads each, release of ${JOBS} delivered jobs (node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})`);
for (const r of results) {
  if ('skipped' in r) {
    console.log(`${r.db}: skipped: ${r.skipped}`);
    continue;
  }
  const line = (what: string, xs: number[], target: boolean) => {
    const p99 = percentile(xs, 0.99);
    console.log(`${r.db.padEnd(8)}  ${what.padEnd(28)}  p50 ${percentile(xs, 0.5).toFixed(2)} ms  p99 ${p99.toFixed(2)} ms${target ? `  target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}` : ''}`);
    return { p50_ms: +percentile(xs, 0.5).toFixed(2), p99_ms: +p99.toFixed(2) };
  };
  const d = line("a driver's balance", r.driver, r.db === 'postgres');
  const s = line("a sender's balance", r.sender, r.db === 'postgres');
  const list = line("a sender's invoice list", r.invoiceList, r.db === 'postgres');
  const perS = r.released / r.releaseS;
  const invoicesPerS = r.invoicesWritten / r.invoicesS;
  console.log(`${r.db.padEnd(8)}  release timer                 ${r.released} jobs in ${r.releaseS.toFixed(1)} s: ${perS.toFixed(0)} jobs/s (seeded in ${r.seedS.toFixed(1)} s)`);
  console.log(`${r.db.padEnd(8)}  invoices written              ${r.invoicesWritten} (sales and self-billed) in ${r.invoicesS.toFixed(1)} s: ${invoicesPerS.toFixed(0)} per s`);
  console.log(JSON.stringify({ bench: 'ledger', db: r.db, entries: ENTRIES, driver_balance: d, sender_balance: s, invoice_list: list, released: r.released, release_jobs_per_s: +perS.toFixed(1), invoices_written: r.invoicesWritten, invoices_per_s: +invoicesPerS.toFixed(1) }));
}
