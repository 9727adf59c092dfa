import { statesWhere } from '@vm/domain';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ImagesTable } from '../../db/schema.ts';

/** A job open for offers: its package photos are shown to every driver. */
const OPEN_STATES = statesWhere((d) => d.phase === 'open');

export type ImageRecord = { id: string; ownerId: number; format: string };

// Every function takes the executor first (`db`, or the service's `trx`).
export async function insert(db: Executor, img: Insertable<ImagesTable>): Promise<void> {
  await db.insertInto('images').values(img).execute();
}

export async function find(db: Executor, id: string): Promise<ImageRecord | null> {
  const row = await db.selectFrom('images').select(['id', 'ownerId', 'format']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/**
 * Who may see an image besides its owner: a sender sees the profile pictures of drivers who
 * offered on their shipments; a driver sees the sender's picture once their offer is accepted,
 * and package photos of open shipments or of the shipment they carry.
 */
export async function visibleTo(db: Executor, viewerId: number, id: string): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`
    select exists (
      select 1 from images i where i.id = ${id} and (
        i.owner_id = ${viewerId}
        or (i.kind = 'profile_picture' and exists (
          select 1 from offers o join shipments s on s.id = o.shipment_id
          where (o.driver_id = i.owner_id and s.sender_id = ${viewerId} and o.state <> 'withdrawn')
             or (s.sender_id = i.owner_id and o.driver_id = ${viewerId} and o.state = 'accepted')))
        or (i.kind = 'package_photo' and exists (
          select 1 from package_photos pp join packages p on p.id = pp.package_id join shipments s on s.id = p.shipment_id
          where pp.image_id = i.id and (
            (s.state in (${sql.join(OPEN_STATES)}) and exists (select 1 from users u where u.id = ${viewerId} and u.role = 'driver'))
            or exists (select 1 from offers o where o.id = s.accepted_offer_id and o.driver_id = ${viewerId}))))
      )) as ok`.execute(db);
  return Boolean(row.rows[0]?.ok);
}

/** Of these ids, the images recorded, with their format (the orphan sweep asks a batch at a time). */
export async function formatsOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('images').select(['id', 'format']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.format]));
}

export async function deleteImage(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('images').where('id', '=', id).execute();
}
