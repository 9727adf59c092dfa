import { useMutation } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';
import { storeOpsSession } from '../../../lib/ops-session.ts';
import { assertPasskey } from '../../../lib/passkeys.ts';

/** The server's challenge, the authenticator's signature over it, the server's session. */
export async function signInWithPasskey() {
  const { challenge_id, options } = await opsCall('POST /api/ops/sign-in/passkey/options', {});
  const credential = await assertPasskey(options);
  return opsCall('POST /api/ops/sign-in/passkey', { body: { challenge_id, credential } });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: storeOpsSession });
}
