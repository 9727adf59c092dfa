import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { MailMessage, Mailer } from '../../src/adapters/mail/mailer.ts';
import type { PayoutProvider } from '../../src/adapters/payouts/payout-provider.ts';
import type { PaymentProvider } from '../../src/adapters/payments/payment-provider.ts';
import { type SandboxPaymentProvider, sandboxPaymentProvider } from '../../src/adapters/payments/sandbox-payment-provider.ts';
import type { PhoneVerifier } from '../../src/adapters/sms/phone-verifier.ts';
import { logPhoneVerifier } from '../../src/adapters/sms/log-phone-verifier.ts';
import { localFileStore } from '../../src/adapters/storage/local-file-store.ts';
import { buildApp } from '../../src/app.ts';
import { type DbHandle, openDatabase } from '../../src/db/database.ts';
import { type AppConfig, loadConfig } from '../../src/env.ts';
import { connectAdmin, databaseUrl } from './postgres.ts';
import { takeReusedPglite } from './reused-pglite.ts';

export type TestClock = { now: () => Date; advance: (seconds: number) => void };

export type TestApp = {
  app: FastifyInstance;
  handle: DbHandle;
  config: AppConfig;
  clock: TestClock;
  dataDir: string;
  /** SMS codes the embedded verifier "sent", newest last. */
  sms: { to: string; code: string; locale: string }[];
  mails: MailMessage[];
  payments: SandboxPaymentProvider;
  close: () => Promise<void>;
};

/** A fresh database copied from the migrated template, of the kind this project runs on. */
export async function freshDatabase(): Promise<DbHandle & { url?: string }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const template = inject('postgresTemplate');
    const name = `${template}_${randomUUID().slice(0, 8)}`;
    const admin = await connectAdmin(base);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: databaseUrl(base, name) });
    return {
      ...handle,
      url: databaseUrl(base, name),
      close: async () => {
        await handle.close();
        const a = await connectAdmin(base);
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = async () => new Blob([await fs.readFile(inject('pgliteTemplate'))]);
  const reused = await takeReusedPglite(dump);
  if (reused) return reused;
  return openDatabase({ databaseUrl: null, pglite: new PGlite({ loadDataDir: await dump() }) });
}

export async function createTestApp(
  env: Record<string, string> = {},
  existing?: { handle: DbHandle; dataDir: string },
  logStream?: { write: (line: string) => void },
  /** Adapters a test puts in place of the embedded defaults; `paymentProvider` wraps the sandbox (an outage, say). */
  adapters: { payoutProvider?: PayoutProvider; paymentProvider?: (sandbox: SandboxPaymentProvider) => PaymentProvider } = {},
): Promise<TestApp> {
  const dataDir = existing?.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'vm-test-')));
  // All test requests come from one address: keep the per-IP limits out of the way unless a test sets them.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: logStream ? 'info' : 'silent',
    TOKEN_RATE_LIMIT_PER_IP: '10000',
    SMS_RATE_LIMIT_PER_IP: '10000',
    RESET_RATE_LIMIT_PER_IP: '10000',
    // Demo drivers only where a test asks for them (and then it drives their tick by hand).
    DEMO_DRIVERS: 'false',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    ...env,
  });
  const handle = existing?.handle ?? (await freshDatabase());
  let current = new Date('2026-11-22T10:00:00Z');
  const clock: TestClock = { now: () => current, advance: (s) => (current = new Date(current.getTime() + s * 1000)) };

  const sms: { to: string; code: string; locale: string }[] = [];
  const phoneVerifier: PhoneVerifier = logPhoneVerifier({
    info: (obj, msg) => {
      const m = /for (\+\d+): (\d{6})$/.exec(msg);
      if (m) sms.push({ to: m[1]!, code: m[2]!, locale: (obj as { sms: { locale: string } }).sms.locale });
    },
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = { name: 'memory', send: async (m) => void mails.push(m) };

  const payments = await sandboxPaymentProvider({ db: handle.db, publicUrl: config.publicUrl, webhookSecret: 'whsec_test_secret', now: clock.now });
  const { paymentProvider: wrap, ...others } = adapters;
  const app = await buildApp({
    paymentProvider: wrap ? wrap(payments) : payments,
    ...others,
    config,
    db: handle.db,
    listen: handle.listen,
    now: clock.now,
    phoneVerifier,
    mailer,
    ...(config.s3 ? {} : { fileStore: localFileStore(path.join(dataDir, 'files')) }), // S3_BUCKET in env: the S3 store
    ...(logStream ? { logStream } : { logger: false as const }),
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    clock,
    dataDir,
    sms,
    mails,
    payments,
    close: async () => {
      await app.close();
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const json = <T = unknown>(res: LightMyRequestResponse): T => res.json() as T;
