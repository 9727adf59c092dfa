import { useMutation } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';
import { storeOpsSession } from '../../../lib/ops-session.ts';
import { createPasskey } from '../../../lib/passkeys.ts';

/** Registers this device's passkey through the set-up link; the answer is a session. */
export async function setUpPasskey(token: string) {
  const { challenge_id, options } = await opsCall('POST /api/ops/setup/passkey/options', { body: { token } });
  const credential = await createPasskey(options);
  return opsCall('POST /api/ops/setup/passkey', { body: { token, challenge_id, credential } });
}

export function useSetUpPasskey() {
  return useMutation({ mutationFn: setUpPasskey, onSuccess: storeOpsSession });
}
