import { randomUUID } from 'node:crypto';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { IMAGE_VARIANTS, type ImageVariant, imageVariants } from './image-urls.ts';
import { processImage } from './image-processing.ts';
import type { ImagesRepository } from './images.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };

type Deps = {
  db: Db;
  repo: ImagesRepository;
  store: FileStore;
  log: Log;
  /** Links a stored image to its object inside the transaction; answers an image it replaced. */
  attachTo: { profile_picture: (trx: Db, userId: number, imageId: string) => Promise<string | null> };
};

const keyOf = (id: string, variant: ImageVariant, format: string) => `images/${id}/${variant}.${format === 'png' ? 'png' : 'jpg'}`;

export function filesService({ db, repo, store, log, attachTo }: Deps) {
  async function removeFiles(id: string, format: string) {
    await Promise.all(IMAGE_VARIANTS.map((v) => store.delete(keyOf(id, v, format))));
  }

  return {
    /**
     * Stores the files first, then records them in one transaction. If the transaction fails the
     * files are removed again, so nothing is left half-stored.
     */
    async saveProfilePicture(userId: number, upload: Buffer) {
      const img = await processImage(upload);
      const id = randomUUID();
      const written: ImageVariant[] = [];
      let replaced: string | null;
      try {
        for (const v of IMAGE_VARIANTS) {
          await store.put(keyOf(id, v, img.format), img.variants[v]);
          written.push(v);
        }
        replaced = await db.transaction().execute(async (trx) => {
          await repo.insert(trx, { id, ownerId: userId, kind: 'profile_picture', format: img.format, width: img.width, height: img.height, bytes: img.variants.original.length });
          return attachTo.profile_picture(trx, userId, id);
        });
      } catch (err) {
        await Promise.all(written.map((v) => store.delete(keyOf(id, v, img.format)))).catch(() => undefined);
        throw err;
      }
      if (replaced) await this.removeImage(replaced);
      return { id, type: 'profile_picture' as const, ...imageVariants(id) };
    },

    /** Best effort: an orphan file costs disk, never correctness. */
    async removeImage(id: string) {
      try {
        const old = await repo.find(id);
        if (!old) return;
        await repo.delete(id);
        await removeFiles(id, old.format);
      } catch (err) {
        log.warn({ err, imageId: id }, 'could not remove a replaced image');
      }
    },

    /** An image's bytes for its owner; anybody else gets the same 404 as for a missing image. */
    async read(viewerId: number, id: string, variant: ImageVariant): Promise<{ data: Buffer; contentType: string }> {
      const img = await repo.find(id);
      if (!img || img.ownerId !== viewerId) throw notFound();
      const data = await store.get(keyOf(id, variant, img.format));
      if (!data) throw notFound();
      return { data, contentType: img.format === 'png' ? 'image/png' : 'image/jpeg' };
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
