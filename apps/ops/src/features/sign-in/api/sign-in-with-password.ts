import { useMutation } from '@tanstack/react-query';
import type { StaffPasswordSignIn } from '@vm/domain';
import { opsCall } from '../../../lib/ops-api.ts';
import { storeOpsSession } from '../../../lib/ops-session.ts';

export const signInWithPassword = (body: StaffPasswordSignIn) => opsCall('POST /api/ops/sign-in', { body });

export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword, onSuccess: storeOpsSession });
}
