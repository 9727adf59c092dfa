import { useMutation } from '@tanstack/react-query';
import { call, type RouteInput } from '@vm/client/api-client.ts';
import { getClientToken } from '@vm/client/session.ts';

export type DriverRegisterBody = RouteInput<'POST /api/drivers'>['body'];

/** POST /api/drivers with a client-credentials token: the account and the driver's business details at once. */
export const useRegisterDriver = () => useMutation({ mutationFn: async (body: DriverRegisterBody) => call('POST /api/drivers', { body, bearer: await getClientToken() }) });
