import { useMutation } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';
import { storeOpsSession } from '../../../lib/ops-session.ts';

export const setUpPassword = (body: { token: string; password: string; code: string }) => opsCall('POST /api/ops/setup/password', { body });

export function useSetUpPassword() {
  return useMutation({ mutationFn: setUpPassword, onSuccess: storeOpsSession });
}
