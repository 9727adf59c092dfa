import type { ChangeShipmentInput } from '@vm/domain/shipment';
import type { InsuranceChoice } from '@vm/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { changeInsurance } from './change-insurance.ts';
import { keepChangedShipment } from './get-shipment.ts';

// PUT /api/shipment/{id}/details (and the insurance when it changed too), while the job is new.

type Change = { id: number; details: ChangeShipmentInput; insurance: InsuranceChoice | null };

async function changeShipment({ id, details, insurance }: Change) {
  const changed = await call('PUT /api/shipment/:id/details', { params: { id }, body: details });
  return insurance && insurance !== changed.insurance ? changeInsurance({ id, insurance }) : changed;
}

export const useChangeShipment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeShipment, onSuccess: (s) => keepChangedShipment(client, s) });
};
