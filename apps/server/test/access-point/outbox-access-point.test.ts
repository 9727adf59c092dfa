import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTBOX_NOT_ON_PEPPOL_RECEIVER, outboxAccessPoint } from '../../src/adapters/access-point/outbox-access-point.ts';
import { accessPointContract, contractDocument } from './access-point-contract.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});
async function freshDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-peppol-outbox-'));
  dirs.push(dir);
  return path.join(dir, 'peppol-outbox');
}
const RECEIVER = { scheme: '0208', id: '0123456749' };

accessPointContract('outbox', async () => {
  const dir = await freshDir();
  return {
    accessPoint: outboxAccessPoint(dir),
    onPeppol: RECEIVER,
    notOnPeppol: OUTBOX_NOT_ON_PEPPOL_RECEIVER,
    settle: async () => {},
    async copies(number) {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      return names.filter((f) => f === `invoice-${number}.xml`).length;
    },
    unknownId: 'invoice-2026-999999',
  };
});

describe('outbox access point: the folder', () => {
  it('writes the UBL as sent and an envelope saying who to whom, named after the documentId', async () => {
    const dir = await freshDir();
    const at = new Date('2026-11-26T09:30:00Z');
    const doc = contractDocument(RECEIVER, { documentType: 'invoice' });
    await outboxAccessPoint(dir, () => at).send(doc);
    expect((await fs.readdir(dir)).sort()).toEqual([`${doc.documentId}.json`, `${doc.documentId}.xml`]);
    expect(await fs.readFile(path.join(dir, `${doc.documentId}.xml`), 'utf8')).toBe(doc.ubl);
    expect(JSON.parse(await fs.readFile(path.join(dir, `${doc.documentId}.json`), 'utf8'))).toEqual({
      documentId: doc.documentId,
      documentType: 'invoice',
      sender: { scheme: '0208', id: '0403170701' },
      receiver: RECEIVER,
      sentAt: '2026-11-26T09:30:00.000Z',
    });
  });

  it('keeps the first document when two sends of one documentId race (two processes, a retry)', async () => {
    const dir = await freshDir();
    const doc = contractDocument(RECEIVER);
    const second = { ...doc, ubl: `${doc.ubl}\n<!-- another version -->` };
    const ap = outboxAccessPoint(dir);
    const results = await Promise.all([ap.send(doc), ap.send(second), ap.send(doc)]);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([doc.documentId]));
    const written = await fs.readFile(path.join(dir, `${doc.documentId}.xml`), 'utf8');
    expect([doc.ubl, second.ubl]).toContain(written);
    // No temporary files are left behind.
    expect((await fs.readdir(dir)).sort()).toEqual([`${doc.documentId}.json`, `${doc.documentId}.xml`]);
  });

  it('a second send of one documentId writes nothing: the first document and its time stay', async () => {
    const dir = await freshDir();
    const doc = contractDocument(RECEIVER);
    await outboxAccessPoint(dir, () => new Date('2026-11-26T09:00:00Z')).send(doc);
    const again = await outboxAccessPoint(dir, () => new Date('2026-11-27T09:00:00Z')).send({ ...doc, ubl: `${doc.ubl}\n<!-- again -->` });
    expect(again).toEqual({ id: doc.documentId, status: 'delivered' });
    expect(await fs.readFile(path.join(dir, `${doc.documentId}.xml`), 'utf8')).toBe(doc.ubl);
    expect(JSON.parse(await fs.readFile(path.join(dir, `${doc.documentId}.json`), 'utf8')).sentAt).toBe('2026-11-26T09:00:00.000Z');
  });

  it('answers unknown for an id that would leave the folder', async () => {
    const ap = outboxAccessPoint(await freshDir());
    await expect(ap.status('../../etc/passwd')).rejects.toThrow(/no document/);
  });
});
