import { z } from 'zod';

/**
 * Issue 22: sending e-invoices over Peppol (docs/decisions/0032-peppol-access-point.md). The
 * embedded default writes each document into an outbox folder (like the mails); the real adapter
 * hands it to Billit's Peppol access point. The caller (the invoices module) makes the UBL
 * (lib/e-invoice/ubl.ts) and keeps the access point's id to ask for the status later.
 *
 * Promises every adapter keeps:
 * - `documentId` is our idempotency key: sending it again never sends the document twice, and
 *   answers the first send's id;
 * - a receiver that cannot receive this document over Peppol throws ReceiverNotOnPeppolError (the
 *   caller mails the PDF instead); AccessPointUnavailableError is transient (retry later, same
 *   documentId); AccessPointRejectedError is final for this document (fix it, a human looks).
 */

export const accessPointDocumentTypes = ['invoice', 'credit_note', 'self_billing_invoice', 'self_billing_credit_note'] as const;
export type AccessPointDocumentType = (typeof accessPointDocumentTypes)[number];

/** Where a document is: taken by the access point, received by the receiver's access point, or given up. */
export type AccessPointStatus = 'accepted' | 'delivered' | 'failed';

/** A Peppol participant: an ISO 6523 scheme (0208: Belgian enterprise number) and the id in it. */
export const peppolIdSchema = z.object({
  scheme: z.string().regex(/^\d{4}$/),
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,49}$/),
});
export type PeppolId = z.infer<typeof peppolIdSchema>;

/** A file name and a header value as it is: letters, digits, dot, dash and underscore, never '..'. */
const documentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/)
  .refine((s) => !s.includes('..'), 'no ..');

export const accessPointSendSchema = z.object({
  documentId: documentIdSchema,
  // A Peppol message is at most 100 MB; our documents carry no attachments and stay far below 2 MB.
  ubl: z.string().min(1).max(2_000_000).startsWith('<?xml'),
  sender: peppolIdSchema,
  receiver: peppolIdSchema,
  documentType: z.enum(accessPointDocumentTypes),
});
export type AccessPointSend = z.infer<typeof accessPointSendSchema>;

export type AccessPointResult = { id: string; status: AccessPointStatus; reason?: string };

export type AccessPoint = {
  readonly name: 'outbox' | 'billit';
  /** Hands a document to the network once per documentId. */
  send(input: AccessPointSend): Promise<AccessPointResult>;
  /** Where the document with the access point's id is; a failure says why in the provider's words. */
  status(id: string): Promise<AccessPointResult>;
};

export class AccessPointError extends Error {}
/** The receiver is not on Peppol (or not registered for this document type): send the PDF by mail instead. */
export class ReceiverNotOnPeppolError extends AccessPointError {
  constructor(readonly receiver: PeppolId, detail?: string) {
    super(`${receiver.scheme}:${receiver.id} cannot receive this document over Peppol${detail ? ` (${detail})` : ''}`);
  }
}
/** The access point could not be reached or asked to come back later: retry with the same documentId. */
export class AccessPointUnavailableError extends AccessPointError {}
/** The access point refused the document (validation, sender not set up, credentials): retrying will not help. */
export class AccessPointRejectedError extends AccessPointError {}
/** status() of an id this access point does not know. */
export class UnknownAccessPointDocumentError extends AccessPointError {}

/** The document as the port takes it, or a ZodError (a caller's bug: never sent). */
export const parseAccessPointSend = (input: AccessPointSend): AccessPointSend => accessPointSendSchema.parse(input);
