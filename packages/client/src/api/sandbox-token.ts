import type { SandboxCardInput } from '@vm/domain/marketplace';
import { call } from '../api-client.ts';

/** POST /api/billing/sandbox/token (test mode): the card details become a token, as Stripe.js would; no state changes. */
export const sandboxToken = (card: SandboxCardInput) => call('POST /api/billing/sandbox/token', { body: card }).then((r) => r.id);
