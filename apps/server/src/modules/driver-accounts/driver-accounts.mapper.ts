import { type DriverDocumentKind, type DriverDocumentRead, type DriverProfileRead, needsTransportLicence, type VehicleInput, type VehicleRead } from '@vm/domain';
import type { DocumentRow, DriverProfileRow, VehicleRow } from './driver-accounts.repository.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const toDriverProfile = (r: DriverProfileRow, vehicles: number, missing: DriverDocumentKind[], commissionPercent: number): DriverProfileRead => ({
  kind: r.kind,
  company_name: r.companyName,
  company_number: r.companyNumber,
  vat: r.vat,
  vat_exempt: r.vatExempt,
  iban: r.iban,
  status: r.status,
  refusal_reason: r.refusalReason,
  vehicles,
  missing_documents: missing,
  commission_percent: commissionPercent,
  self_billing_accepted_at: r.selfBillingAcceptedAt ? seconds(r.selfBillingAcceptedAt) : null,
});

/** A vehicle as the domain rules take it (the licence rule, bidBlock). */
export const toVehicleInput = (v: VehicleRow): VehicleInput => ({
  type: v.type,
  name: v.name,
  plate: v.plate,
  payload_kg: v.payloadKg,
  max_mass_kg: v.maxMassKg,
  load_length_cm: v.loadLengthCm,
  load_width_cm: v.loadWidthCm,
  load_height_cm: v.loadHeightCm,
  licence_number: v.licenceNumber,
  licence_expires: v.licenceExpires,
});

export const toVehicle = (v: VehicleRow): VehicleRead => ({ id: v.id, ...toVehicleInput(v), needs_licence: needsTransportLicence({ payload_kg: v.payloadKg, max_mass_kg: v.maxMassKg }) });

/** The columns of a vehicle as entered; a licence the rule does not ask for is not kept. */
export const vehicleValues = (v: VehicleInput) => {
  const needs = needsTransportLicence(v);
  return {
    type: v.type,
    name: v.name,
    plate: v.plate,
    payloadKg: v.payload_kg,
    maxMassKg: v.max_mass_kg,
    loadLengthCm: v.load_length_cm,
    loadWidthCm: v.load_width_cm,
    loadHeightCm: v.load_height_cm,
    licenceNumber: needs ? v.licence_number : '',
    licenceExpires: needs ? v.licence_expires : '',
  };
};

export const toDocument = (d: DocumentRow): DriverDocumentRead => ({
  id: d.id,
  kind: d.kind,
  expires: d.expires,
  status: d.status,
  content_type: d.contentType,
  size_bytes: d.sizeBytes,
  uploaded_at: seconds(d.uploadedAt),
});
