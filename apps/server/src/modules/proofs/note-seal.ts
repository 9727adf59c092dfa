import { createHash } from 'node:crypto';
import { canonicalJson } from '@vm/domain';
import { calculateJwkThumbprint, CompactSign, compactVerify, exportJWK, generateKeyPair, importJWK, importPKCS8, type JWK } from 'jose';
import type { Db } from '../../db/database.ts';
import * as repo from './proofs.repository.ts';

// The consignment note's seal: every entry's hash is sha256(previous hash + canonical JSON of its
// body), and the server signs (shipment, seq, kind, previous hash, hash) as a compact JWS (ES256).
// The key comes from NOTE_SEAL_KEY, or else is made once and kept in the database so every process
// of one deployment seals and checks with the same key.

const ALG = 'ES256';
type KeyLike = Parameters<CompactSign['sign']>[0];
type Keys = { privateKey: KeyLike; publicKey: KeyLike; kid: string };

export const entryHash = (prevHash: string, body: unknown): string => createHash('sha256').update(prevHash).update(canonicalJson(body)).digest('hex');

export type SealPayload = { shipment_id: number; seq: number; kind: string; prev_hash: string; hash: string };

async function fromJwk(jwk: JWK): Promise<Keys> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('NOTE_SEAL_KEY must be a private P-256 (ES256) key');
  const { d: _private, ...pub } = jwk;
  const privateKey = (await importJWK(jwk, ALG)) as KeyLike;
  const publicKey = (await importJWK(pub, ALG)) as KeyLike;
  return { privateKey, publicKey, kid: await calculateJwkThumbprint(pub) };
}

async function parseConfigured(text: string): Promise<Keys> {
  if (text.trim().startsWith('{')) return fromJwk(JSON.parse(text) as JWK);
  const privateKey = await importPKCS8(text, ALG, { extractable: true });
  return fromJwk(await exportJWK(privateKey));
}

export function noteSeal({ db, configuredKey, now }: { db: Db; configuredKey: string | null; now: () => Date }) {
  // The key never changes for a deployment, so holding it in process memory cannot go stale.
  let keys: Promise<Keys> | null = null;
  const load = () => {
    keys ??= (async () => {
      if (configuredKey) return parseConfigured(configuredKey);
      const stored = await repo.serverKey(
        db,
        'note-seal',
        async () => JSON.stringify(await exportJWK((await generateKeyPair(ALG, { extractable: true })).privateKey)),
        now(),
      );
      return fromJwk(JSON.parse(stored) as JWK);
    })();
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };

  return {
    /** Loads the key; callers that seal inside a transaction call it first (the embedded database has one connection). */
    async ready(): Promise<void> {
      await load();
    },
    async seal(payload: SealPayload): Promise<string> {
      const k = await load();
      return new CompactSign(new TextEncoder().encode(canonicalJson(payload))).setProtectedHeader({ alg: ALG, kid: k.kid, typ: 'vm-note-entry' }).sign(k.privateKey);
    },
    /** The sealed payload, or null when the signature does not verify with this deployment's key. */
    async open(jws: string): Promise<SealPayload | null> {
      const k = await load();
      try {
        const { payload } = await compactVerify(jws, k.publicKey);
        return JSON.parse(new TextDecoder().decode(payload)) as SealPayload;
      } catch {
        return null;
      }
    },
  };
}

export type NoteSeal = ReturnType<typeof noteSeal>;
