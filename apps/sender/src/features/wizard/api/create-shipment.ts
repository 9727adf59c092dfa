import type { CreateShipmentInput } from '@vm/domain/shipment';
import { call } from '@vm/client/api-client.ts';

/** POST /api/shipment: the content JSON plus each photo under the field name its package lists. */
export function createShipment(content: CreateShipmentInput, files: Map<string, File>) {
  const form = new FormData();
  form.append('content', JSON.stringify(content));
  for (const [field, file] of files) form.append(field, file);
  return call('POST /api/shipment', { form });
}
