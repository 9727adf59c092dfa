import { randomInt } from 'node:crypto';
import { canTransition, checkShipmentTimes, type CreateShipmentInput, type InsuranceChoice, type ShipmentRead, type ShipmentStateName } from '@vm/domain';
import type { Router, TimeZones } from '../../adapters/geo/geo.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound, ValidationFailed } from '../../lib/errors.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ShipmentsRepository } from './shipments.repository.ts';

type Deps = { db: Db; repo: ShipmentsRepository; files: FilesService; router: Router; timeZones: TimeZones; now: () => Date };

// No 0/O or 1/I: reference numbers are read out over the phone.
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReference = () => `VM-${Array.from({ length: 8 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

export function shipmentsService({ db, repo, files, router, timeZones, now }: Deps) {
  return {
    /**
     * Checks everything again (the client is never trusted), routes, then stores shipment, packages
     * and photos together: no shipment without its photos, no photo without its shipment.
     */
    async create(senderId: number, input: CreateShipmentInput, uploads: Map<string, Buffer>): Promise<{ id: number }> {
      const timezones = { pickup: timeZones.lookup(input.pickup.lat, input.pickup.lng), delivery: timeZones.lookup(input.delivery.lat, input.delivery.lng) };
      const errors = [];
      for (const side of ['pickup', 'delivery'] as const) {
        if (input[side].date_timezone !== timezones[side]) errors.push({ field: `${side}.date_timezone`, key: 'timezone_mismatch' });
      }
      // Times are judged on the clock of the pickup's own zone, as the wizard showed them.
      for (const e of checkShipmentTimes({ ...input.pickup, date_timezone: timezones.pickup }, input.delivery, now())) errors.push({ field: e.field, key: e.key });
      const photoFields = input.packages.map((p) => p.photos);
      for (const [i, fields] of photoFields.entries()) {
        for (const f of fields) if (!uploads.has(f)) errors.push({ field: `packages.${i}.photos`, key: 'file_missing' });
      }
      if (errors.length) throw new ValidationFailed(errors);

      const route = await router.route(input.pickup, input.delivery);
      const prepared = await files.prepareImages(senderId, 'package_photo', photoFields.flat().map((f) => uploads.get(f)!));
      let cursor = 0;
      const photos = photoFields.map((fields) => fields.map(() => prepared.ids[cursor++]!));
      try {
        const id = await db.transaction().execute(async (trx) => {
          await prepared.record(trx);
          return repo.insert(trx, { referenceId: newReference(), senderId, input, timezones, route, photos, now: now() });
        });
        return { id };
      } catch (err) {
        await prepared.discard();
        throw err;
      }
    },

    async get(senderId: number, id: number): Promise<ShipmentRead> {
      const s = await repo.findForSender(id, senderId);
      if (!s) throw notFound();
      return s;
    },

    list: (senderId: number) => repo.listForSender(senderId),

    /** The sender cancels; only a new shipment can be (SPEC section 4). */
    async cancel(senderId: number, id: number): Promise<ShipmentRead> {
      const s = await this.get(senderId, id);
      const from = s.current_state.state as ShipmentStateName;
      if (!canTransition(from, 'cancelled', 'sender') || !(await repo.changeState(id, senderId, from, 'cancelled', now()))) {
        throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      }
      return this.get(senderId, id);
    },

    async setInsurance(senderId: number, id: number, insurance: InsuranceChoice): Promise<ShipmentRead> {
      await this.get(senderId, id);
      if (!(await repo.setInsurance(id, senderId, insurance, now()))) throw new ApiError(409, 'conflict', 'insurance_locked');
      return this.get(senderId, id);
    },
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;
