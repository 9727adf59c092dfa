import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';

describe('payments and demo drivers by environment', () => {
  it('runs a developer machine on the sandbox with demo drivers', () => {
    const c = loadConfig({});
    expect(c.payments.provider).toBe('sandbox');
    expect(c.demoDrivers).toMatchObject({ offerDelaySeconds: 3, stepSeconds: 20 });
  });

  it('refuses to start production on test-mode payments by default, and keeps demo drivers off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    const demo = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(demo.demoDrivers).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', DEMO_DRIVERS: 'on' }).demoDrivers).not.toBeNull();
  });

  it('needs the Stripe keys for Stripe, and never the other way round', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    const c = loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(c.payments).toMatchObject({ provider: 'stripe', secretKey: 'sk_test_x', publishableKey: null });
  });
});
