import type { DriverProfileRead, DriverRegistration, Locale } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import type { UsersService } from '../users/users.service.ts';
import { toDriverProfile } from './driver-accounts.mapper.ts';
import * as repo from './driver-accounts.repository.ts';

type Deps = { db: Db; users: Pick<UsersService, 'register' | 'checkVatRegistered'>; now: () => Date };

/**
 * Drivers joining (issue 21, part 1): the account as a sender's (phone verified, welcome mail) with
 * the driver's role and business details, stored together. A new driver waits as `incomplete` until
 * vehicles and documents are in and staff are asked (the next parts of the issue).
 */
export function driverAccountsService({ db, users, now }: Deps) {
  return {
    async register(input: DriverRegistration, locale: Locale): Promise<{ id: number }> {
      const { driver } = input;
      // Checked in VIES as a sender's company number is (the schema checked its format).
      if (driver.vat) await users.checkVatRegistered(driver.vat, 'driver.vat');
      return users.register(
        input,
        locale,
        async (trx, userId) => {
          const at = now();
          await repo.insertProfile(trx, {
            userId,
            kind: driver.kind,
            companyName: driver.company_name,
            companyNumber: driver.company_number,
            vat: driver.vat,
            vatExempt: driver.vat_exempt,
            iban: driver.iban,
            status: 'incomplete',
            refusalReason: null,
            createdAt: at,
            updatedAt: at,
          });
        },
        'driver',
      );
    },

    /** The driver's own details and where verification stands; null for a driver made before verification existed. */
    async profile(userId: number): Promise<DriverProfileRead | null> {
      const row = await repo.findProfile(db, userId);
      return row ? toDriverProfile(row) : null;
    },
  };
}

export type DriverAccountsService = ReturnType<typeof driverAccountsService>;
