import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/env.ts';

describe('payments and demo drivers by environment', () => {
  it('runs a developer machine on the sandbox with demo drivers', () => {
    const c = loadConfig({});
    expect(c.payments.provider).toBe('sandbox');
    expect(c.demoDrivers).toMatchObject({ offerDelaySeconds: 3, stepSeconds: 20 });
  });

  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/vm', ADMIN_TOKEN: 'a'.repeat(32), PUBLIC_URL: 'https://vrachtmarkt.be' };

  it('refuses to start production on embedded defaults, naming every missing variable, and keeps demo drivers off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/needs DATABASE_URL, ADMIN_TOKEN, PAYMENT_PROVIDER, PUBLIC_URL/);
    expect(() => loadConfig({ ...production })).toThrow(/needs PAYMENT_PROVIDER \(/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', DATABASE_URL: '' })).toThrow(/needs DATABASE_URL \(/);
    const demo = loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' });
    expect(demo.demoDrivers).toBeNull();
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', DEMO_DRIVERS: 'on' }).demoDrivers).not.toBeNull();
  });

  it('takes the kill -9 test’s clock and money job period outside production only, and reads the clock', () => {
    expect(loadConfig({}).testHooks).toEqual({ clock: null, moneyJobSeconds: null });
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '2026-11-23T09:58:00.000Z|1764130000000|10', TEST_MONEY_JOB_SECONDS: '2' }).testHooks).toEqual({
      clock: { at: new Date('2026-11-23T09:58:00.000Z'), anchorMs: 1_764_130_000_000, rate: 10 },
      moneyJobSeconds: 2,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'monday' })).toThrow(/Invalid environment variables: TEST_CLOCK/);
    for (const hook of [{ TEST_CLOCK: '2026-11-23T09:58:00Z|1764130000000|1' }, { TEST_MONEY_JOB_SECONDS: '2' }]) {
      expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', ...hook })).toThrow(/are for tests, not production/);
    }
  });

  it('turns on the shared stores only when configured', () => {
    const c = loadConfig({});
    expect([c.redisUrl, c.s3, c.metricsToken]).toEqual([null, null, null]);
    const s = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:4568' });
    expect(s.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(s.s3).toEqual({ bucket: 'uploads', endpoint: 'http://127.0.0.1:4568', region: 'us-east-1', accessKeyId: null, secretAccessKey: null });
  });

  it('takes a consignment note sealing key only when it is a private P-256 key (issue 21 part 3)', () => {
    expect(loadConfig({}).noteSealKey).toBeNull();
    const jwk = JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' });
    expect(loadConfig({ NOTE_SEAL_KEY: jwk }).noteSealKey).toBe(jwk);
    expect(() => loadConfig({ NOTE_SEAL_KEY: JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }) })).toThrow(/NOTE_SEAL_KEY must be a private P-256 key/);
    expect(() => loadConfig({ NOTE_SEAL_KEY: 'secret' })).toThrow(/NOTE_SEAL_KEY/);
  });

  it('needs the Stripe keys for Stripe, and never the other way round', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    const c = loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(c.payments).toMatchObject({ provider: 'stripe', secretKey: 'sk_test_x', publishableKey: null });
  });

  it('turns social login on only with both the id and the secret, and only https providers (http on this machine only)', () => {
    expect(loadConfig({}).social).toMatchObject({ facebook: null, oidc: null });
    expect(() => loadConfig({ FACEBOOK_APP_ID: 'id' })).toThrow(/FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together/);
    expect(() => loadConfig({ FACEBOOK_APP_SECRET: 's' })).toThrow(/go together/);
    expect(loadConfig({ FACEBOOK_APP_ID: 'id', FACEBOOK_APP_SECRET: 's' }).social.facebook).toEqual({
      appId: 'id',
      appSecret: 's',
      authUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      graphUrl: 'https://graph.facebook.com/v19.0',
    });
    expect(() => loadConfig({ FACEBOOK_APP_ID: 'id', FACEBOOK_APP_SECRET: 's', FACEBOOK_GRAPH_URL: 'http://graph.example.com' })).toThrow(/FACEBOOK_GRAPH_URL must be https/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_ID: 'c' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together/);
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' })).toThrow(/OIDC_ISSUER must be https/);
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000/oidc', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_LABEL: 'itsme' }).social.oidc).toEqual({
      issuer: 'http://127.0.0.1:9000/oidc',
      clientId: 'c',
      clientSecret: 's',
      label: 'itsme',
      scopes: 'openid email profile',
    });
  });

  it('bounds request bodies, event streams per user and the refresh grace by default, and refuses nonsense', () => {
    const c = loadConfig({});
    expect([c.requestTimeoutMs, c.sseStreamsPerUser, c.tokens.refreshReuseGraceSeconds]).toEqual([120_000, 6, 30]);
    const set = loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', SSE_STREAMS_PER_USER: '2', REFRESH_REUSE_GRACE_SECONDS: '0' });
    expect([set.requestTimeoutMs, set.sseStreamsPerUser, set.tokens.refreshReuseGraceSeconds]).toEqual([5000, 2, 0]);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/Invalid environment variables: REQUEST_TIMEOUT_SECONDS$/);
    expect(() => loadConfig({ SSE_STREAMS_PER_USER: 'many' })).toThrow(/SSE_STREAMS_PER_USER/);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '-1' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });

  it('names every broken rule between variables at once', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', FACEBOOK_APP_ID: 'id' })).toThrow(
      'Invalid environment variables: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together',
    );
  });
});
