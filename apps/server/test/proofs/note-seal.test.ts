import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { entryHash, noteSeal } from '../../src/modules/proofs/note-seal.ts';

// The consignment note's seal with a key from NOTE_SEAL_KEY (a JWK or a PEM): no database needed.

const noDb = null as unknown as Db;
const payload = { shipment_id: 7, seq: 1, kind: 'pickup', prev_hash: '0'.repeat(64), hash: entryHash('0'.repeat(64), { b: 1, a: 2 }) };

describe('the note seal with a configured key', () => {
  it('seals and opens with a JWK or a PEM, and a seal of another key does not open', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const fromJwk = noteSeal({ db: noDb, configuredKey: JSON.stringify(await exportJWK(privateKey)), now: () => new Date() });
    const fromPem = noteSeal({ db: noDb, configuredKey: await exportPKCS8(privateKey), now: () => new Date() });
    const jws = await fromJwk.seal(payload);
    expect(jws.split('.')).toHaveLength(3);
    expect(await fromPem.open(jws)).toEqual(payload);

    const other = noteSeal({ db: noDb, configuredKey: JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)), now: () => new Date() });
    expect(await other.open(jws)).toBeNull();
    // A changed character in the signed part breaks it.
    const [h, p, s] = jws.split('.') as [string, string, string];
    expect(await fromJwk.open(`${h}.${p}.${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}`)).toBeNull();
  });

  it('hashes the same body the same way whatever the key order', () => {
    expect(entryHash('x', { a: 1, b: [1, 2] })).toBe(entryHash('x', { b: [1, 2], a: 1 }));
    expect(entryHash('x', { a: 1 })).not.toBe(entryHash('y', { a: 1 }));
  });

  it('refuses a key that is not a private P-256 key', async () => {
    const bad = noteSeal({ db: noDb, configuredKey: JSON.stringify({ kty: 'oct', k: 'abc' }), now: () => new Date() });
    await expect(bad.seal(payload)).rejects.toThrow(/P-256/);
  });
});
