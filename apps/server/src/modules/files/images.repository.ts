import type { Db } from '../../db/database.ts';

export type ImageRecord = { id: string; ownerId: number; format: string };

export function imagesRepository(db: Db) {
  return {
    async insert(trx: Db, img: { id: string; ownerId: number; kind: string; format: string; width: number; height: number; bytes: number }): Promise<void> {
      await trx.insertInto('images').values(img).execute();
    },

    async find(id: string): Promise<ImageRecord | null> {
      const row = await db.selectFrom('images').select(['id', 'ownerId', 'format']).where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('images').where('id', '=', id).execute();
    },
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
