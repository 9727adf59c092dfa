import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  type AccessPoint,
  type AccessPointSend,
  type PeppolId,
  ReceiverNotOnPeppolError,
  UnknownAccessPointDocumentError,
} from '../../src/adapters/access-point/access-point.ts';
import { toUbl } from '../../src/lib/e-invoice/ubl.ts';
import { PLATFORM, randomDocument } from '../e-invoice/random-documents.ts';

/** What the checks every AccessPoint must pass need from one adapter. Made fresh for each check. */
export type AccessPointContractHarness = {
  accessPoint: AccessPoint;
  /** A receiver registered on Peppol for invoices, and one that is not (the caller then mails). */
  onPeppol: PeppolId;
  notOnPeppol: PeppolId;
  /** Lets the network deliver what was accepted. */
  settle(): Promise<void>;
  /** How many copies of the document with this number reached the network (must never exceed 1). */
  copies(documentNumber: string): Promise<number>;
  /** An id this access point never gave out. */
  unknownId: string;
};

let n = 0;
/** A real Peppol BIS invoice from the platform (lib/e-invoice/ubl.ts) to `receiver`, with its own number. */
export function contractDocument(receiver: PeppolId, overrides: Partial<AccessPointSend> = {}): AccessPointSend & { number: string } {
  const { doc } = randomDocument(7, 0); // scenario 0: a Belgian business customer, an invoice
  const number = `2026-${String(900_000 + ++n)}-${process.pid % 1000}`;
  const ubl = toUbl({ ...doc, number, buyer: { ...doc.buyer, enterprise_number: receiver.id, endpoint: { scheme: receiver.scheme, id: receiver.id } } });
  const sender = { scheme: PLATFORM.endpoint!.scheme, id: PLATFORM.endpoint!.id };
  return { number, documentId: `invoice-${number}`, ubl, sender, receiver, documentType: 'invoice', ...overrides };
}

/** The port's promises (docs/decisions/0032-peppol-access-point.md), checked the same way against any adapter. */
export function accessPointContract(name: string, makeHarness: () => Promise<AccessPointContractHarness>) {
  describe(`AccessPoint contract: ${name}`, () => {
    it('sends a document: accepted (or already delivered), then delivered', async () => {
      const h = await makeHarness();
      const doc = contractDocument(h.onPeppol);
      const sent = await h.accessPoint.send(doc);
      expect(['accepted', 'delivered']).toContain(sent.status);
      expect(sent.id).toMatch(/\S/);
      expect((await h.accessPoint.status(sent.id)).status).toBe(sent.status);
      await h.settle();
      expect(await h.accessPoint.status(sent.id)).toEqual({ id: sent.id, status: 'delivered' });
      expect(await h.copies(doc.number)).toBe(1);
    });

    it('sends once for the same documentId (a retry answers the first send), and again for another', async () => {
      const h = await makeHarness();
      const doc = contractDocument(h.onPeppol);
      const first = await h.accessPoint.send(doc);
      const retry = await h.accessPoint.send(doc);
      expect(retry.id).toBe(first.id);
      expect(await h.copies(doc.number)).toBe(1);
      const other = await h.accessPoint.send(contractDocument(h.onPeppol));
      expect(other.id).not.toBe(first.id);
    });

    it('says when the receiver is not on Peppol, and sends nothing', async () => {
      const h = await makeHarness();
      const doc = contractDocument(h.notOnPeppol);
      const err = await h.accessPoint.send(doc).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ReceiverNotOnPeppolError);
      expect((err as ReceiverNotOnPeppolError).receiver).toEqual(h.notOnPeppol);
      expect(await h.copies(doc.number)).toBe(0);
    });

    it('does not know an id it never gave out', async () => {
      const h = await makeHarness();
      await expect(h.accessPoint.status(h.unknownId)).rejects.toBeInstanceOf(UnknownAccessPointDocumentError);
    });

    it('refuses a documentId that is not a plain name before sending anything', async () => {
      const h = await makeHarness();
      const doc = contractDocument(h.onPeppol, { documentId: '../invoice-1' });
      await expect(h.accessPoint.send(doc)).rejects.toBeInstanceOf(ZodError);
      expect(await h.copies(doc.number)).toBe(0);
    });
  });
}
