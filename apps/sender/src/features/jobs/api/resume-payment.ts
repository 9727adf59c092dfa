import { useMutation } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

// POST /api/payments/{id}/resume: the bank page of a waiting Bancontact payment, to finish paying there.

export const resumePayment = (paymentId: number) => call('POST /api/payments/:id/resume', { params: { id: paymentId } });

export const useResumePayment = () => useMutation({ mutationFn: resumePayment });
