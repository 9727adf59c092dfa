import { needsTransportLicence, TYPICAL_VEHICLES, type VehicleType } from '@vm/domain';
import { placeholderCompanyNumber, placeholderPdf } from '../../lib/demo-document.ts';

/** A valid Belgian IBAN (the check digits hold) that no payout ever reaches: staff-made drivers are demo or test accounts. */
const PLACEHOLDER_IBAN = 'BE68539007547034';

/**
 * What a driver made by staff (the admin command, the demo drivers) is verified with: the typical
 * vehicle of its type under the given name, a transport licence where the rule asks for one (its expiry set when seeded), and
 * a placeholder document for each document kind.
 */
export function staffMadeDriver(driverId: number, type: VehicleType, name: string) {
  const size = TYPICAL_VEHICLES[type];
  const licence = needsTransportLicence(size);
  const plate = `1-VM${String(driverId % 1000).padStart(3, '0')}`.slice(0, 14);
  return {
    vehicle: { type, name, plate, ...size, licence_number: licence ? `L-${driverId}` : '', licence_expires: '' },
    companyNumber: placeholderCompanyNumber(driverId),
    iban: PLACEHOLDER_IBAN,
    document: placeholderPdf(`Placeholder document of a staff-made driver (${driverId})`),
  };
}
