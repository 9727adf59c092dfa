import type { CreateShipmentInput } from '@vm/domain/shipment';
import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

type NewShipment = { content: CreateShipmentInput; files: Map<string, File> };

/** POST /api/shipment: the content JSON plus each photo under the field name its package lists. */
export function createShipment({ content, files }: NewShipment) {
  const form = new FormData();
  form.append('content', JSON.stringify(content));
  for (const [field, file] of files) form.append(field, file);
  return call('POST /api/shipment', { form });
}

export const useCreateShipment = () => useMutation({ mutationFn: createShipment });
