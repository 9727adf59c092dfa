import { CANCELLED } from '@vm/domain/shipment-states';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@vm/client/api-client.ts';
import { keepChangedShipment } from './get-shipment.ts';

// POST /api/shipment/{id}/status with state 'cancelled'. A new job: the SPEC's plain cancel (no
// fee). After acceptance (issue 22) the request names the fee the sender was shown; the server
// answers 409 naming the fee when it is missing or is no longer the fee now.

type Cancel = { id: number; fee?: number };

export const cancelShipment = ({ id, fee }: Cancel) => call('POST /api/shipment/:id/status', { params: { id }, body: fee === undefined ? { state: CANCELLED } : { state: CANCELLED, fee } });

export const useCancelShipment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelShipment, onSuccess: (s) => keepChangedShipment(client, s) });
};

/** The fee the server names in a 409 (a fee was needed, or it changed): shown, then asked again. */
export type FeeConflict = { code: 'cancellation_fee_required' | 'cancellation_fee_changed'; fee: number; refund: number; message: string };

const CODES = ['cancellation_fee_required', 'cancellation_fee_changed'] as const;
const isCode = (x: unknown): x is FeeConflict['code'] => CODES.includes(x as FeeConflict['code']);
const record = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});

/**
 * The 409 of a cancel whose fee was missing or changed, else null. The code and the amounts are read
 * from the body or from its `details` (the error description is the server's sentence naming the fee).
 */
export function feeConflictOf(err: unknown): FeeConflict | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = record(err.body);
  const details = record(body.details);
  const code = [body.code, details.code, body.error].find(isCode);
  const fee = typeof details.fee === 'number' ? details.fee : body.fee;
  const refund = typeof details.refund === 'number' ? details.refund : body.refund;
  if (!code || typeof fee !== 'number' || typeof refund !== 'number') return null;
  return { code, fee, refund, message: err.message };
}
