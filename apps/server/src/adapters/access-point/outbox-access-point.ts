import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type AccessPoint,
  type PeppolId,
  ReceiverNotOnPeppolError,
  UnknownAccessPointDocumentError,
  accessPointSendSchema,
  parseAccessPointSend,
} from './access-point.ts';

/**
 * The embedded default's test receiver that is not on Peppol (a valid enterprise number, check
 * digits included), as the sandbox payouts have a failing IBAN: sending to it throws
 * ReceiverNotOnPeppolError, so the fallback to mail can be tried without an account anywhere.
 */
export const OUTBOX_NOT_ON_PEPPOL_RECEIVER: PeppolId = { scheme: '0208', id: '0999999922' };

const isNotOnPeppol = (r: PeppolId) => r.scheme === OUTBOX_NOT_ON_PEPPOL_RECEIVER.scheme && r.id === OUTBOX_NOT_ON_PEPPOL_RECEIVER.id;
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * Writes `<documentId>.xml` (the UBL as sent) and `<documentId>.json` (who to whom, which type,
 * when) into a folder (PEPPOL_OUTBOX_DIR, default DATA_DIR/peppol-outbox). The file name is the
 * documentId, so the access point's id is the documentId and a second send finds the first.
 * A document in the folder counts as delivered: there is no network behind it.
 */
export function outboxAccessPoint(dir: string, now: () => Date = () => new Date()): AccessPoint {
  const files = (id: string) => ({ xml: path.join(dir, `${id}.xml`), json: path.join(dir, `${id}.json`) });
  return {
    name: 'outbox',
    async send(input) {
      const doc = parseAccessPointSend(input);
      if (isNotOnPeppol(doc.receiver)) throw new ReceiverNotOnPeppolError(doc.receiver, 'the outbox test receiver');
      await fs.mkdir(dir, { recursive: true });
      const { xml, json } = files(doc.documentId);
      const tmp = `${xml}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, doc.ubl);
      try {
        // A hard link fails when the name exists: of two sends of one documentId (two processes,
        // a retry) exactly one writes, and a reader never sees half a document.
        await fs.link(tmp, xml);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return { id: doc.documentId, status: 'delivered' };
      } finally {
        await fs.rm(tmp, { force: true });
      }
      const envelope = { documentId: doc.documentId, documentType: doc.documentType, sender: doc.sender, receiver: doc.receiver, sentAt: now().toISOString() };
      await fs.writeFile(`${json}.tmp`, JSON.stringify(envelope, null, 2));
      await fs.rename(`${json}.tmp`, json);
      return { id: doc.documentId, status: 'delivered' };
    },
    async status(id) {
      const valid = accessPointSendSchema.shape.documentId.safeParse(id);
      if (!valid.success || !(await exists(files(id).xml))) throw new UnknownAccessPointDocumentError(`no document ${JSON.stringify(id).slice(0, 120)} in the outbox`);
      return { id, status: 'delivered' };
    },
  };
}
