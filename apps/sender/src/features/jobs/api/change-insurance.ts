import type { InsuranceChoice } from '@vm/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// PUT /api/shipment/{id} with a new insurance, while the job is new.

export const changeInsurance = ({ id, insurance }: { id: number; insurance: InsuranceChoice }) => call('PUT /api/shipment/:id', { params: { id }, body: { id, insurance } });

export const useChangeInsurance = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeInsurance, onSuccess: (s) => keepChangedShipment(client, s) });
};
