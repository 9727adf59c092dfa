import { useMutation } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';
import { createPasskey } from '../../../lib/passkeys.ts';

/** A signed-in staff member registers this device's passkey; the answer is who they are now (with the count). */
export async function addPasskey() {
  const { challenge_id, options } = await opsCall('POST /api/ops/passkeys/options', {});
  const credential = await createPasskey(options);
  return opsCall('POST /api/ops/passkeys', { body: { challenge_id, credential } });
}

export const useAddPasskey = () => useMutation({ mutationFn: addPasskey });
