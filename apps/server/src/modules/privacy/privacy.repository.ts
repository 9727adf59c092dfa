import { IMAGE_VARIANTS, statesWhere } from '@vm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Issue 23 part 4 (decision 0035): the rows that belong to one user, read for the export, erased or
// cut down at deletion; and the retention sweep. Raw SQL on snake_case names: the export follows the
// column classification (privacy.classification.ts), which names columns as the database does.

/** A driver is on the job and the goods are not handed over yet. */
const ON_THE_ROAD = statesWhere((d) => d.phase === 'before_pickup' || d.phase === 'on_board');
/** Handed over, done or cancelled: the job is over for the road (its money may still be held). */
const OVER = statesWhere((d) => d.phase === 'delivered' || d.terminal);

const id = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);
/** The jobs a user sent or carried (the accepted offer was theirs). */
const myShipments = (u: number) => sql`select s.id from shipments s left join offers o on o.id = s.accepted_offer_id where s.sender_id = ${u} or o.driver_id = ${u}`;
const sent = (u: number) => sql`select id from shipments where sender_id = ${u}`;
const carried = (u: number) => sql`select s.id from shipments s join offers o on o.id = s.accepted_offer_id where o.driver_id = ${u}`;

/** Which rows of a table are the user's, and the columns that place them (ids, times) beside the personal ones. */
const OWNERS: Record<string, { where: (u: number) => RawBuilder<unknown>; extra: string[] }> = {
  users: { where: (u) => sql`id = ${u}`, extra: ['id', 'created_at'] },
  companies: { where: (u) => sql`user_id = ${u}`, extra: [] },
  shipments: { where: (u) => sql`id in (${myShipments(u)})`, extra: ['id', 'sender_id', 'created_at', 'pickup_date_from', 'delivery_date_from'] },
  packages: { where: (u) => sql`shipment_id in (${myShipments(u)})`, extra: ['id', 'shipment_id', 'width', 'height', 'length', 'weight'] },
  driver_profiles: { where: (u) => sql`user_id = ${u}`, extra: ['created_at'] },
  vehicles: { where: (u) => sql`driver_id = ${u}`, extra: ['id', 'payload_kg', 'created_at', 'removed_at'] },
  driver_documents: { where: (u) => sql`driver_id = ${u}`, extra: ['id', 'size_bytes', 'uploaded_at'] },
  payouts: { where: (u) => sql`driver_id = ${u}`, extra: ['id', 'amount_cents', 'created_at'] },
  invoices: { where: (u) => sql`user_id = ${u}`, extra: ['id', 'shipment_id', 'total_cents', 'paid_at'] },
  driver_cancellations: { where: (u) => sql`driver_id = ${u}`, extra: ['shipment_id', 'created_at'] },
  offers: { where: (u) => sql`driver_id = ${u} or shipment_id in (${sent(u)})`, extra: ['id', 'shipment_id', 'driver_id', 'price_cents', 'created_at'] },
  cards: { where: (u) => sql`user_id = ${u}`, extra: ['exp_month', 'exp_year'] },
  payments: { where: (u) => sql`user_id = ${u}`, extra: ['id', 'shipment_id', 'amount_cents', 'created_at'] },
  payment_receipts: { where: (u) => sql`user_id = ${u}`, extra: ['shipment_id', 'total_cents', 'paid_at'] },
  messages: { where: (u) => sql`shipment_id in (${myShipments(u)})`, extra: ['id', 'shipment_id', 'author_id', 'created_at'] },
  social_identities: { where: (u) => sql`user_id = ${u}`, extra: ['created_at'] },
  support_requests: { where: (u) => sql`user_id = ${u}`, extra: ['id', 'shipment_id', 'created_at'] },
  proofs: { where: (u) => sql`shipment_id in (${myShipments(u)})`, extra: ['id', 'shipment_id', 'taken_at', 'lat', 'lng'] },
  note_entries: { where: (u) => sql`shipment_id in (${myShipments(u)})`, extra: ['shipment_id', 'seq', 'created_at'] },
  delivery_answers: { where: (u) => sql`shipment_id in (${sent(u)})`, extra: ['shipment_id', 'answered_at'] },
  problems: { where: (u) => sql`shipment_id in (${myShipments(u)})`, extra: ['id', 'shipment_id', 'reported_at', 'refund_cents', 'released_cents', 'decided_at'] },
  problem_statements: { where: (u) => sql`problem_id in (select id from problems where shipment_id in (${myShipments(u)}))`, extra: ['id', 'problem_id', 'created_at'] },
  user_restrictions: { where: (u) => sql`user_id = ${u}`, extra: ['id', 'starts_at', 'ends_at', 'lifted_at'] },
  restriction_contests: { where: (u) => sql`restriction_id in (select id from user_restrictions where user_id = ${u})`, extra: ['id', 'restriction_id', 'created_at'] },
  restriction_proposals: { where: (u) => sql`user_id = ${u}`, extra: ['id', 'count', 'window_days', 'created_at', 'decided_at'] },
  push_subscriptions: { where: (u) => sql`user_id = ${u}`, extra: ['created_at'] },
  // No text column, personal all the same.
  shipment_positions: { where: (u) => sql`shipment_id in (${carried(u)})`, extra: ['shipment_id', 'lat', 'lng', 'accuracy_m', 'recorded_at'] },
  ratings: { where: (u) => sql`author_id = ${u} or ratingable_id = ${u}`, extra: ['shipment_id', 'author_id', 'ratingable_id', 'rating', 'created_at'] },
};
export const OWNED_TABLES = Object.keys(OWNERS);

/** One table's rows of the user, with the given columns (the classification's) and the table's context columns. */
export async function ownedRows(db: Executor, table: string, columns: string[], userId: number): Promise<Record<string, unknown>[]> {
  const owner = OWNERS[table];
  if (!owner) throw new Error(`privacy: no owner rule for table ${table}`);
  const cols = [...new Set([...owner.extra, ...columns])];
  // Without the CamelCasePlugin: the export names columns as the database does and leaves the keys inside JSON alone.
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(cols.map(id))} from ${id(table)} where ${owner.where(userId)}`.execute(db.withoutPlugins());
  return rows;
}

export type OwnFile = { key: string; name: string };

/** The user's files in the FileStore: profile picture, package photos, proof photos and signatures, driver documents. */
export async function ownFiles(db: Executor, userId: number): Promise<OwnFile[]> {
  const ext = (f: string) => (f === 'png' ? 'png' : 'jpg');
  const images = await sql<{ id: string; format: string; kind: string }>`
    select i.id, i.format, 'profile' as kind from images i join users u on u.profile_image_id = i.id where u.id = ${userId}
    union select i.id, i.format, 'packages' as kind from images i join package_photos pp on pp.image_id = i.id join packages p on p.id = pp.package_id where p.shipment_id in (${sent(userId)})`.execute(db);
  const proofs = await sql<{ key: string }>`
    select pp.file_key as key from proof_photos pp join proofs p on p.id = pp.proof_id where p.shipment_id in (${myShipments(userId)})
    union select signature_key as key from proofs where shipment_id in (${myShipments(userId)})
    union select 'problems/' || p.shipment_id || '/' || f.file as key from problem_photos f join problem_statements st on st.id = f.statement_id join problems p on p.id = st.problem_id where p.shipment_id in (${myShipments(userId)})`.execute(db);
  const docs = await sql<{ key: string; kind: string }>`select file_key as key, kind from driver_documents where driver_id = ${userId}`.execute(db);
  return [
    ...images.rows.map((i) => ({ key: `images/${i.id}/original.${ext(i.format)}`, name: `files/${i.kind}/${i.id}.${ext(i.format)}` })),
    ...proofs.rows.map((p) => ({ key: p.key, name: `files/${p.key.startsWith('problems/') ? 'problems' : 'proofs'}/${p.key.split('/').pop()}` })),
    ...docs.rows.map((d) => ({ key: d.key, name: `files/documents/${d.kind}-${d.key.split('/').pop()}` })),
  ];
}

/** What deletion must still wait for: a job between acceptance and delivery, money held for a job, an open amount. */
export async function deletionBlockers(db: Executor, userId: number): Promise<{ inProgress: number; openInvoices: number; openPayouts: number }> {
  const inProgress = await sql<{ n: number }>`
    select count(*)::int as n from shipments where id in (${myShipments(userId)}) and state in (${sql.join(ON_THE_ROAD)})`.execute(db);
  // A payment at the bank for one of the user's jobs, or accepting an offer of theirs.
  const paying = await sql<{ n: number }>`
    select count(*)::int as n from payments p where p.status = 'pending'
      and (p.shipment_id in (${sent(userId)}) or p.offer_id in (select id from offers where driver_id = ${userId}))`.execute(db);
  const invoices = await sql<{ n: number }>`
    select count(*)::int as n from invoices where user_id = ${userId} and kind = 'invoice' and paid_at is null and payable_cents > received_cents`.execute(db);
  const payouts = await sql<{ n: number }>`select count(*)::int as n from payouts where driver_id = ${userId} and status in ('claimed', 'pending')`.execute(db);
  return { inProgress: inProgress.rows[0]!.n + paying.rows[0]!.n, openInvoices: invoices.rows[0]!.n, openPayouts: payouts.rows[0]!.n };
}

export async function credentials(db: Executor, userId: number): Promise<{ email: string; firstName: string; lastName: string; cellphone: string; social: number } | null> {
  const { rows } = await sql<{ email: string; firstName: string; lastName: string; cellphone: string; social: number }>`
    select email, first_name, last_name, cellphone, (select count(*)::int from social_identities where user_id = ${userId}) as social
    from users where id = ${userId}`.execute(db);
  return rows[0] ?? null;
}

/** Files to delete after the erasing transaction commits (the consignment note's signatures stay: decision 0035). */
export async function erasableFiles(db: Executor, userId: number): Promise<string[]> {
  const files = (await ownFiles(db, userId)).filter((f) => !f.name.startsWith('files/problems/') && (!f.name.startsWith('files/proofs/') || !f.key.includes('signature'))).map((f) => f.key);
  // Of a problem's photos, only those of the user's own statements (the other party's are theirs).
  const mine = await sql<{ key: string }>`
    select 'problems/' || p.shipment_id || '/' || f.file as key from problem_photos f join problem_statements st on st.id = f.statement_id join problems p on p.id = st.problem_id
    where (p.shipment_id in (${sent(userId)}) and st.party = 'sender') or (p.shipment_id in (${carried(userId)}) and st.party = 'driver')`.execute(db);
  files.push(...mine.rows.map((r) => r.key));
  // An image is stored in each of its variants.
  return files.flatMap((key) => (key.startsWith('images/') ? IMAGE_VARIANTS.map((v) => key.replace('/original.', `/${v}.`)) : [key]));
}

/**
 * Erases or cuts down the user's personal data in the caller's transaction (decision 0035). Invoices,
 * credit notes, the ledger, payouts and consignment notes stay as they are.
 */
export async function erase(trx: Executor, userId: number, p: { marker: string; email: string; now: Date; oldNames: string[] }): Promise<void> {
  const u = userId;
  const imageIds = await sql<{ id: string }>`
    select profile_image_id as id from users where id = ${u} and profile_image_id is not null
    union select pp.image_id as id from package_photos pp join packages p on p.id = pp.package_id where p.shipment_id in (${sent(u)})`.execute(trx);
  // The driver's open offers end with the account (the sender's open jobs were cancelled by the service).
  await sql`update offers set state = 'withdrawn', updated_at = ${p.now} where driver_id = ${u} and state = 'open'`.execute(trx);
  await sql`update users set first_name = ${p.marker}, last_name = '', email = ${p.email}, password_hash = '', cellphone = '', birthday = '1900-01-01',
    address_formatted = '', profile_image_id = null, updated_at = ${p.now} where id = ${u}`.execute(trx);
  await sql`delete from companies where user_id = ${u}`.execute(trx);
  // The sender's jobs keep postcode and town only; the driver's jobs are the senders' and stay.
  await sql`update shipments set pickup_street = '', pickup_number = '', pickup_box = '', pickup_notes = '', pickup_name = '',
    delivery_street = '', delivery_number = '', delivery_box = '', delivery_notes = '', delivery_name = '',
    pickup_lat = round(pickup_lat::numeric, 2), pickup_lng = round(pickup_lng::numeric, 2),
    delivery_lat = round(delivery_lat::numeric, 2), delivery_lng = round(delivery_lng::numeric, 2) where sender_id = ${u}`.execute(trx);
  await sql`update shipments set current_lat = null, current_lng = null, current_accuracy_m = null, current_at = null where id in (${myShipments(u)})`.execute(trx);
  await sql`update packages set notes = '' where shipment_id in (${sent(u)})`.execute(trx);
  await sql`delete from package_photos where package_id in (select id from packages where shipment_id in (${sent(u)}))`.execute(trx);
  if (imageIds.rows.length > 0) await sql`delete from images where id in (${sql.join(imageIds.rows.map((r) => r.id))})`.execute(trx);
  await sql`delete from images where owner_id = ${u}`.execute(trx);
  await sql`update messages set body = ${p.marker} where author_id = ${u}`.execute(trx);
  await sql`delete from shipment_positions where shipment_id in (${myShipments(u)})`.execute(trx);
  await sql`delete from board_areas where driver_id = ${u}`.execute(trx);
  await sql`update proofs set signer_name = ${p.marker} where shipment_id in (${sent(u)})`.execute(trx);
  await sql`delete from proof_photos where proof_id in (select id from proofs where shipment_id in (${myShipments(u)}))`.execute(trx);
  await sql`update delivery_answers set note = '' where shipment_id in (${sent(u)})`.execute(trx);
  // The user's own statements about problems with their jobs, and their contests of restrictions.
  const party = sql`(case when p.shipment_id in (${sent(u)}) then 'sender' else 'driver' end)`;
  await sql`update problem_statements st set text = ${p.marker} from problems p where p.id = st.problem_id and p.shipment_id in (${myShipments(u)}) and st.party = ${party}`.execute(trx);
  await sql`delete from problem_photos f using problem_statements st, problems p where st.id = f.statement_id and p.id = st.problem_id and p.shipment_id in (${myShipments(u)}) and st.party = ${party}`.execute(trx);
  await sql`update restriction_contests set text = ${p.marker} where restriction_id in (select id from user_restrictions where user_id = ${u})`.execute(trx);
  await sql`update support_requests set name = ${p.marker}, email = ${p.email}, message = '' where user_id = ${u}`.execute(trx);
  await sql`delete from push_jobs where subscription_id in (select id from push_subscriptions where user_id = ${u})`.execute(trx);
  await sql`delete from push_subscriptions where user_id = ${u}`.execute(trx);
  await sql`delete from cards where user_id = ${u}`.execute(trx);
  await sql`update payment_receipts set driver_name = ${p.marker} where shipment_id in (${carried(u)})`.execute(trx);
  await sql`update driver_profiles set company_name = ${p.marker}, company_number = '', vat = '', iban = '', refusal_reason = null, updated_at = ${p.now} where user_id = ${u}`.execute(trx);
  await sql`update vehicles set name = '', plate = '', licence_number = '', removed_at = coalesce(removed_at, ${p.now}) where driver_id = ${u}`.execute(trx);
  await sql`delete from document_notices where document_id in (select id from driver_documents where driver_id = ${u})`.execute(trx);
  await sql`delete from driver_documents where driver_id = ${u}`.execute(trx);
  await sql`delete from social_identities where user_id = ${u}`.execute(trx);
  if (p.oldNames[2]) await sql`delete from phone_verifications where cellphone = ${p.oldNames[2]}`.execute(trx);
  await sql`delete from password_resets where user_id = ${u}`.execute(trx);
  await sql`delete from stream_tokens where user_id = ${u}`.execute(trx);
  await sql`update tracking_links set revoked_at = ${p.now} where revoked_at is null and shipment_id in (${sent(u)})`.execute(trx);
  await sql`update mail_jobs set cancelled_at = ${p.now} where user_id = ${u} and sent_at is null and cancelled_at is null`.execute(trx);
  // Notifications are copies: the user's own go; the names in other people's are replaced.
  await sql`delete from mail_jobs where event_id in (select id from events where user_id = ${u})`.execute(trx);
  await sql`delete from events where user_id = ${u}`.execute(trx);
  // Counters keyed by the email or phone number typed (sign-in, SMS): they end with their window anyway.
  for (const key of p.oldNames.slice(1, 3).filter((k) => k.length > 0)) await sql`delete from rate_limits where key like ${`%${key.toLowerCase()}%`}`.execute(trx);
  // The full name, email and phone anywhere; a first or last name alone (as a whole word) only in the
  // notifications of the user's own jobs, where it can only be theirs.
  const [fullName, email, phone, ...single] = p.oldNames;
  for (const text of [fullName, email, phone].filter((n): n is string => !!n && n.trim().length >= 2)) {
    await sql`update events set payload = replace(payload::text, ${text}, ${p.marker})::jsonb, message = replace(message::text, ${text}, ${p.marker})::jsonb
      where payload::text like ${`%${text}%`} or message::text like ${`%${text}%`}`.execute(trx);
    await sql`update push_jobs set payload = replace(payload, ${text}, ${p.marker}) where payload like ${`%${text}%`}`.execute(trx);
  }
  for (const name of single.filter((n): n is string => !!n && n.trim().length >= 2)) {
    const word = `\\m${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
    await sql`update events set payload = regexp_replace(payload::text, ${word}, ${p.marker}, 'g')::jsonb, message = regexp_replace(message::text, ${word}, ${p.marker}, 'g')::jsonb
      where shipment_id in (${myShipments(u)}) and (payload::text ~ ${word} or message::text ~ ${word})`.execute(trx);
  }
}

/** Retention: drivers' positions and chat of jobs that ended (delivered, finalised, cancelled) before the cut-offs. */
export async function sweepRetention(db: Executor, positionsBefore: Date, chatBefore: Date): Promise<{ positions: number; messages: number }> {
  const ended = (before: Date) => sql`select s.id from shipments s where s.state in (${sql.join(OVER)})
    and (select min(st.created_at) from shipment_states st where st.shipment_id = s.id and st.state in (${sql.join(OVER)})) < ${before}`;
  const positions = await sql`delete from shipment_positions where shipment_id in (${ended(positionsBefore)})`.execute(db);
  const messages = await sql`delete from messages where shipment_id in (${ended(chatBefore)})`.execute(db);
  return { positions: Number(positions.numAffectedRows ?? 0), messages: Number(messages.numAffectedRows ?? 0) };
}
