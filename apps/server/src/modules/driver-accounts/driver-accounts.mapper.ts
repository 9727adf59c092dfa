import type { DriverProfileRead } from '@vm/domain';
import type { DriverProfileRow } from './driver-accounts.repository.ts';

export const toDriverProfile = (r: DriverProfileRow): DriverProfileRead => ({
  kind: r.kind,
  company_name: r.companyName,
  company_number: r.companyNumber,
  vat: r.vat,
  vat_exempt: r.vatExempt,
  iban: r.iban,
  status: r.status,
  refusal_reason: r.refusalReason,
});
