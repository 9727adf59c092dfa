import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// Photos of a job that can still change: POST /api/shipment/{id}/photos (multipart, as at booking)
// and DELETE /api/shipment/{id}/photos/{photo}.

export function addPhotos({ id, packageId, files }: { id: number; packageId: number; files: File[] }) {
  const form = new FormData();
  const fields = files.map((_, i) => `photo_${i}`);
  form.append('content', JSON.stringify({ package_id: packageId, photos: fields }));
  files.forEach((f, i) => form.append(fields[i]!, f));
  return call('POST /api/shipment/:id/photos', { params: { id }, form });
}

export const removePhoto = ({ id, photoId }: { id: number; photoId: string }) => call('DELETE /api/shipment/:id/photos/:photo', { params: { id, photo: photoId } });

export const useAddPhotos = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: addPhotos, onSuccess: (s) => keepChangedShipment(client, s) });
};

export const useRemovePhoto = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: removePhoto, onSuccess: (s) => keepChangedShipment(client, s) });
};
