import { createHash, randomUUID } from 'node:crypto';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { IMAGE_VARIANTS, type ImageVariant, imageVariants } from './image-urls.ts';
import { type ProcessedImage, processImage } from './image-processing.ts';
import * as repo from './images.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };

type Deps = {
  db: Db;
  store: FileStore;
  log: Log;
  /** Links a stored image to its object inside the transaction; answers an image it replaced. */
  attachTo: { profile_picture: (trx: Db, userId: number, imageId: string) => Promise<string | null> };
};

const keyOf = (id: string, variant: ImageVariant, format: string) => `images/${id}/${variant}.${format === 'png' ? 'png' : 'jpg'}`;

/** The image id a stored key belongs to; null for a key no row can name (the id column is a uuid). */
const idOfKey = (key: string) => /^images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i.exec(key)?.[1] ?? null;

/**
 * Files are written before their row is committed (prepareImages, then record), so a young file
 * without a row may be an upload in progress. An hour is far beyond any upload.
 */
export const ORPHAN_MIN_AGE_MS = 3600_000;
const SWEEP_BATCH = 500;

export function filesService({ db, store, log, attachTo }: Deps) {
  async function removeFiles(id: string, format: string) {
    await Promise.all(IMAGE_VARIANTS.map((v) => store.delete(keyOf(id, v, format))));
  }

  /**
   * Checks and stores uploaded pictures, not yet recorded: the caller records them inside its own
   * transaction with `record`, or calls `discard` when that transaction fails, so that nothing is
   * ever left half-stored.
   */
  async function prepareImages(ownerId: number, kind: string, uploads: Buffer[]) {
    // The same bytes under two field names are decoded once (each use still gets its own image).
    const byContent = new Map<string, Promise<ProcessedImage>>();
    const processed: { id: string; img: ProcessedImage }[] = [];
    for (const upload of uploads) {
      const key = createHash('sha256').update(upload).digest('hex');
      if (!byContent.has(key)) byContent.set(key, processImage(upload));
      processed.push({ id: randomUUID(), img: await byContent.get(key)! });
    }
    const written: { id: string; v: ImageVariant; format: string }[] = [];
    const discard = () => Promise.all(written.map((w) => store.delete(keyOf(w.id, w.v, w.format)))).then(() => undefined, () => undefined);
    try {
      for (const { id, img } of processed) {
        for (const v of IMAGE_VARIANTS) {
          await store.put(keyOf(id, v, img.format), img.variants[v]);
          written.push({ id, v, format: img.format });
        }
      }
    } catch (err) {
      await discard();
      throw err;
    }
    return {
      ids: processed.map((p) => p.id),
      record: async (trx: Db) => {
        for (const { id, img } of processed) {
          await repo.insert(trx, { id, ownerId, kind, format: img.format, width: img.width, height: img.height, bytes: img.variants.original.length });
        }
      },
      discard,
    };
  }

  return {
    prepareImages,

    /**
     * Checks a picture as uploads are checked (type by content, size, pixel cap), turns it upright
     * and drops EXIF: the full-size copy only, for callers that store it themselves (proofs).
     */
    async normalise(upload: Buffer): Promise<{ format: 'jpeg' | 'png'; data: Buffer }> {
      const img = await processImage(upload);
      return { format: img.format, data: img.variants.original };
    },

    async saveProfilePicture(userId: number, upload: Buffer) {
      const prepared = await prepareImages(userId, 'profile_picture', [upload]);
      const id = prepared.ids[0]!;
      let replaced: string | null;
      try {
        replaced = await db.transaction().execute(async (trx) => {
          await prepared.record(trx);
          return attachTo.profile_picture(trx, userId, id);
        });
      } catch (err) {
        await prepared.discard();
        throw err;
      }
      if (replaced) await this.removeImage(replaced);
      return { id, type: 'profile_picture' as const, ...imageVariants(id) };
    },

    /** The thumbnail of a picture not stored (a social login's, before registering), as a data: URL; same checks as uploads. */
    async preview(upload: Buffer): Promise<string> {
      const img = await processImage(upload);
      return `data:image/${img.format === 'png' ? 'png' : 'jpeg'};base64,${img.variants.thumb.toString('base64')}`;
    },

    /** Best effort: an orphan file costs disk, never correctness. */
    async removeImage(id: string) {
      try {
        const old = await repo.find(db, id);
        if (!old) return;
        await repo.deleteImage(db, id);
        await removeFiles(id, old.format);
      } catch (err) {
        log.warn({ err, imageId: id }, 'could not remove a replaced image');
      }
    },

    /**
     * Removes stored files no image row names (an upload whose transaction failed and whose
     * clean-up did not run, a crash between the two) and half-written `.tmp` files, once they are
     * older than an hour. Answers how many files it removed. Meant for the jobs runner.
     */
    async sweepOrphans(now: Date): Promise<{ removed: number }> {
      const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
      let removed = 0;
      const sweepBatch = async (batch: string[]) => {
        const formats = await repo.formatsOf(db, [...new Set(batch.map(idOfKey).filter((id) => id !== null))]);
        const orphans = batch.filter((key) => {
          if (key.endsWith('.tmp')) return true;
          const id = idOfKey(key);
          const format = id === null ? undefined : formats.get(id);
          // A key is in use only when it is one of its row's variants in the row's format.
          return format === undefined || !IMAGE_VARIANTS.some((v) => keyOf(id!, v, format) === key);
        });
        for (const key of orphans) {
          await store.delete(key);
          removed++;
        }
      };
      let batch: string[] = [];
      for await (const f of store.list('images/')) {
        if (f.modifiedAt.getTime() > cutoff) continue;
        batch.push(f.key);
        if (batch.length >= SWEEP_BATCH) {
          await sweepBatch(batch);
          batch = [];
        }
      }
      await sweepBatch(batch);
      if (removed > 0) log.warn({ removed }, 'removed orphaned upload files');
      return { removed };
    },

    /** An image's bytes for those allowed to see it; anybody else gets the same 404 as for a missing image. */
    async read(viewerId: number, id: string, variant: ImageVariant): Promise<{ data: Buffer; contentType: string }> {
      const img = await repo.find(db, id);
      if (!img || (img.ownerId !== viewerId && !(await repo.visibleTo(db, viewerId, id)))) throw notFound();
      const data = await store.get(keyOf(id, variant, img.format));
      if (!data) throw notFound();
      return { data, contentType: img.format === 'png' ? 'image/png' : 'image/jpeg' };
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
