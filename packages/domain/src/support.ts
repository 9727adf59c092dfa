import { z } from 'zod';
import { emailSchema } from './user.ts';
import { hasControlCharacters, rowIdSchema } from './wire.ts';

// The help page's contact form (issue 20, defect 12): what a sender asks staff, guest or signed in.

export const SUPPORT_TOPICS = ['payment', 'cancellation', 'insurance', 'account', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const MAX_SUPPORT_MESSAGE_LENGTH = 4000;

/** POST /api/support/contact: who asks (staff reply to this address), about what, and optionally which job. */
export const supportContactSchema = z.object({
  name: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(200, 'too_long')
    .refine((v) => !hasControlCharacters(v), 'required'),
  email: emailSchema,
  topic: z.enum(SUPPORT_TOPICS, { error: 'required' }),
  message: z
    .string({ error: 'message_required' })
    .trim()
    .min(1, 'message_required')
    .max(MAX_SUPPORT_MESSAGE_LENGTH, 'too_long')
    .refine((v) => !hasControlCharacters(v, true), 'message_invalid'),
  /** A job of the signed-in caller's own; another's (or any, for a guest) answers 404. */
  shipment_id: rowIdSchema.nullable().optional(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;
