import type { InsuranceChoice } from '@vm/domain/insurance';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// PUT /api/shipment/{id} with a new insurance, while the job is new.

export const changeInsurance = ({ id, insurance }: { id: number; insurance: InsuranceChoice }) => api<ShipmentRead>(`/api/shipment/${id}`, { method: 'PUT', body: { id, insurance } });

export const useChangeInsurance = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeInsurance, onSuccess: (s) => keepChangedShipment(client, s) });
};
