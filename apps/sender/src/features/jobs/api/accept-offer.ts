import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/offer/{offerId}: accept, paid by the stored card or by invoice, at the
// total the sender confirmed (the server answers 409 with the new price if it changed). A card that
// asks for 3-D Secure answers 402 authentication_required with redirect_url: the browser goes there
// and comes back to returnPath with ?payment= (see confirm-payment.ts), as from Bancontact.

type Accept = { shipmentId: number; offerId: number; total: number; returnPath?: string };

export const acceptOffer = ({ shipmentId, offerId, total, returnPath }: Accept) =>
  call('POST /api/shipment/:sid/offer/:oid', { params: { sid: shipmentId, oid: offerId }, body: { total, ...(returnPath ? { return_path: returnPath } : {}) } });

/** The 3-D Secure challenge's address when the accept answered 402 authentication_required, else null. */
export function challengeOf(err: unknown): string | null {
  const body = err instanceof ApiError && err.status === 402 ? (err.body as { error?: unknown; redirect_url?: unknown } | null) : null;
  return body?.error === 'authentication_required' && typeof body.redirect_url === 'string' ? body.redirect_url : null;
}

export const useAcceptOffer = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptOffer, onSuccess: (s) => keepChangedShipment(client, s) });
};
