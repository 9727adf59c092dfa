import Stripe from 'stripe';

/**
 * The Stripe SDK client both Stripe adapters use (payments, payouts): bounded in time, one retry
 * (safe: every write carries our idempotency key, so Stripe answers a repeat with the first result),
 * and pointed at a local fake when the tests give an API base.
 */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    // A request or a job must not hang on Stripe for the SDK's default 80 s.
    timeout: 10_000,
    maxNetworkRetries: 1,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}
