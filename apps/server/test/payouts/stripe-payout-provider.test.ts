import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { type PayoutRequest, PayoutWebhookSignatureError } from '../../src/adapters/payouts/payout-provider.ts';
import { payoutDescriptor, payoutStatusOf, stripePayoutProvider } from '../../src/adapters/payouts/stripe-payout-provider.ts';
import { type FakeReply, type FakeRequest, fakeHttp } from '../helpers/fake-http.ts';
import { contractPayee, payoutProviderContract } from './payout-provider-contract.ts';

// A local stand-in for Stripe Connect answering the documented JSON shapes (accounts, account links,
// transfers, payouts on a connected account), with the state that matters: idempotent replays,
// the connected account's balance, and payouts that settle or bounce. The real SDK runs end to end.

const SECRET_KEY = 'sk_test_payouts123';
const RETURN_URL = 'https://app.example.be/driver/payouts?onboarding=done';
const REFRESH_URL = 'https://app.example.be/driver/payouts?onboarding=again';

type Account = { id: string; email: string; metadata: Record<string, string>; onboarded: boolean; payoutsPaused: boolean; bank: 'ok' | 'closed'; balance: number };
type Transfer = { id: string; amount: number; destination: string; transfer_group: string | null; metadata: Record<string, string> };
type Payout = { id: string; account: string; amount: number; status: string; statement_descriptor: string | null; failure_code: string | null; failure_message: string | null; metadata: Record<string, string> };

const state = { n: 0, accounts: new Map<string, Account>(), transfers: [] as Transfer[], payouts: new Map<string, Payout>(), replays: new Map<string, { form: string; reply: FakeReply }>() };
const nextId = (prefix: string) => `${prefix}_${String(++state.n).padStart(6, '0')}`;

const missing = (what: string, id: string): FakeReply => ({ status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } } });
const invalid = (code: string, message: string): FakeReply => ({ status: 400, json: { error: { type: 'invalid_request_error', code, message } } });

const accountJson = (a: Account) => ({
  id: a.id,
  object: 'account',
  type: 'express',
  country: 'BE',
  email: a.email,
  business_type: 'individual',
  charges_enabled: false,
  payouts_enabled: a.onboarded,
  details_submitted: a.onboarded,
  capabilities: { transfers: a.onboarded ? 'active' : 'inactive' },
  metadata: a.metadata,
});
const transferJson = (t: Transfer) => ({ id: t.id, object: 'transfer', amount: t.amount, currency: 'eur', destination: t.destination, transfer_group: t.transfer_group, metadata: t.metadata, reversed: false });
const payoutJson = (p: Payout) => ({
  id: p.id,
  object: 'payout',
  amount: p.amount,
  currency: 'eur',
  method: 'standard',
  type: 'bank_account',
  source_type: 'card',
  arrival_date: 1_790_000_000,
  automatic: false,
  status: p.status,
  failure_code: p.failure_code,
  failure_message: p.failure_message,
  statement_descriptor: p.statement_descriptor,
  metadata: p.metadata,
});

/** Stripe's API without idempotency: one request, one answer. */
function handle(method: string, path: string, form: Record<string, string>, query: URLSearchParams, onAccount: string | undefined): FakeReply {
  if (method === 'POST' && path === '/v1/accounts') {
    const a: Account = { id: nextId('acct'), email: form.email ?? '', metadata: { user_id: form['metadata[user_id]'] ?? '' }, onboarded: false, payoutsPaused: false, bank: 'ok', balance: 0 };
    state.accounts.set(a.id, a);
    return { json: accountJson(a) };
  }
  const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
  if (method === 'GET' && account) {
    const a = state.accounts.get(account[1]!);
    return a ? { json: accountJson(a) } : missing('account', account[1]!);
  }
  if (method === 'POST' && path === '/v1/account_links') {
    if (!state.accounts.has(form.account ?? '')) return missing('account', form.account ?? '');
    return { json: { object: 'account_link', created: 1_790_000_000, expires_at: 1_790_000_300, url: `https://connect.stripe.com/setup/e/${form.account}/${nextId('link')}` } };
  }
  if (method === 'POST' && path === '/v1/transfers') {
    const dest = state.accounts.get(form.destination ?? '');
    if (!dest) return missing('destination', form.destination ?? '');
    if (!dest.onboarded) {
      return invalid('insufficient_capabilities_for_transfer', 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments');
    }
    dest.balance += Number(form.amount);
    const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => [/^metadata\[(.+)\]$/.exec(k)?.[1]].filter(Boolean).map((name) => [name, v])));
    const t: Transfer = { id: nextId('tr'), amount: Number(form.amount), destination: dest.id, transfer_group: form.transfer_group ?? null, metadata };
    state.transfers.push(t);
    return { json: transferJson(t) };
  }
  if (method === 'GET' && path === '/v1/transfers') {
    // By account and shipment (pay()'s look-up), or every transfer (the reconciliation's list since a moment).
    const data = state.transfers
      .filter((t) => (!query.has('destination') || t.destination === query.get('destination')) && (!query.has('transfer_group') || t.transfer_group === query.get('transfer_group')))
      .map(transferJson);
    return { json: { object: 'list', url: '/v1/transfers', has_more: false, data } };
  }
  if (method === 'POST' && path === '/v1/payouts') {
    const a = state.accounts.get(onAccount ?? '');
    // Without Stripe-Account the payout would leave the platform's own balance: this fake refuses that outright.
    if (!a) return invalid('platform_payout', 'this fake only pays out from connected accounts');
    const amount = Number(form.amount);
    if (a.payoutsPaused) return invalid('payouts_not_allowed', 'Payouts have been disabled on this account.');
    if (a.balance < amount) return invalid('balance_insufficient', 'You have insufficient funds in your Stripe account for this transfer.');
    a.balance -= amount;
    const p: Payout = { id: nextId('po'), account: a.id, amount, status: 'pending', statement_descriptor: form.statement_descriptor ?? null, failure_code: null, failure_message: null, metadata: { reference: form['metadata[reference]'] ?? '' } };
    state.payouts.set(p.id, p);
    return { json: payoutJson(p) };
  }
  const payout = /^\/v1\/payouts\/([^/]+)$/.exec(path);
  if (method === 'GET' && payout) {
    const p = state.payouts.get(payout[1]!);
    // A payout belongs to the connected account: asked anywhere else, Stripe does not know it.
    return p && p.account === onAccount ? { json: payoutJson(p) } : missing('payout', payout[1]!);
  }
  return { status: 500, json: { error: { type: 'api_error', message: `fake has no route for ${method} ${path}` } } };
}

/** Stripe's idempotency: a key seen before answers the first answer; the same key with other parameters is refused. */
function answer(req: FakeRequest): FakeReply {
  const form = Object.fromEntries(new URLSearchParams(req.body));
  const onAccount = req.headers['stripe-account'] as string | undefined;
  const key = req.method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
  if (!key) return handle(req.method, req.url.pathname, form, req.url.searchParams, onAccount);
  const scoped = `${onAccount ?? 'platform'}|${key}`;
  const seenBefore = state.replays.get(scoped);
  if (seenBefore) {
    if (seenBefore.form !== req.body) return invalid('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
    return seenBefore.reply;
  }
  const reply = handle(req.method, req.url.pathname, form, req.url.searchParams, onAccount);
  state.replays.set(scoped, { form: req.body, reply });
  return reply;
}

/** What the driver does at Stripe: finish onboarding with a bank account that takes the money, or a closed one. */
const onboard = (accountId: string, bank: 'ok' | 'closed' = 'ok') => Object.assign(state.accounts.get(accountId)!, { onboarded: true, bank });
/** A day passes: pending payouts reach the bank, which takes them or sends them back. */
function settle() {
  for (const p of state.payouts.values()) {
    if (p.status !== 'pending' && p.status !== 'in_transit') continue;
    if (state.accounts.get(p.account)!.bank === 'closed') Object.assign(p, { status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    else p.status = 'paid';
  }
}

let fake: Awaited<ReturnType<typeof fakeHttp>>;
beforeAll(async () => {
  fake = await fakeHttp(answer);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = () => stripePayoutProvider({ secretKey: SECRET_KEY, apiBase: fake.url, returnUrl: RETURN_URL, refreshUrl: REFRESH_URL });
const form = (r: FakeRequest) => Object.fromEntries(new URLSearchParams(r.body));
const line = (r: FakeRequest) => `${r.method} ${r.url.pathname}`;

/** A connected account that finished onboarding. */
async function readyAccount(key: string, bank: 'ok' | 'closed' = 'ok') {
  const { payeeId } = await provider().payee(contractPayee(), key);
  onboard(payeeId, bank);
  return payeeId;
}
const request = (payeeId: string, overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  payeeId,
  iban: 'BE68539007547034',
  amountCents: 15_000,
  currency: 'eur',
  reference: 'VM payout 2026-11 J. Janssens',
  shipments: [
    { reference: 'VM-2001', amountCents: 9_000 },
    { reference: 'VM-2002', amountCents: 6_000 },
  ],
  ...overrides,
});

payoutProviderContract('stripe (local fake)', async () => ({
  provider: provider(),
  readyPayee: async (failing) => ({ payeeId: await readyAccount(`contract-payee-${++state.n}`, failing ? 'closed' : 'ok'), iban: 'BE68539007547034' }),
  settle: async () => settle(),
}));

describe('Stripe payouts: connected accounts', () => {
  it('creates an Express account in Belgium asking for transfers, with the key, then an onboarding link', async () => {
    const payee = await provider().payee({ userId: 31, name: 'Els Peeters', email: 'els@example.be', iban: 'BE68539007547034' }, 'payee-31');
    expect(payee.payeeId).toMatch(/^acct_/);
    expect(payee.onboardingUrl).toBe(`https://connect.stripe.com/setup/e/${payee.payeeId}/${payee.onboardingUrl!.split('/').at(-1)}`);
    expect(fake.requests.map(line)).toEqual(['POST /v1/accounts', 'POST /v1/account_links']);
    const [create, link] = fake.requests as [FakeRequest, FakeRequest];
    expect(create.headers['idempotency-key']).toBe('payee-31');
    expect(create.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(form(create)).toEqual({
      type: 'express',
      country: 'BE',
      email: 'els@example.be',
      business_type: 'individual',
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': '31',
    });
    expect(form(link)).toEqual({ account: payee.payeeId, type: 'account_onboarding', refresh_url: REFRESH_URL, return_url: RETURN_URL });
    // A link is single-use: it never replays the key of the account.
    expect(link.headers['idempotency-key']).not.toBe('payee-31');
    expect(link.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('answers the same account for the same key, with a fresh onboarding link', async () => {
    const first = await provider().payee(contractPayee(), 'payee-again');
    const again = await provider().payee(contractPayee(), 'payee-again');
    expect(again.payeeId).toBe(first.payeeId);
    expect(again.onboardingUrl).not.toBe(first.onboardingUrl);
    expect(fake.requests.filter((r) => r.url.pathname === '/v1/accounts').map((r) => r.headers['idempotency-key'])).toEqual(['payee-again', 'payee-again']);
  });

  it('says whether an account can receive payouts yet (onboarding finished)', async () => {
    const p = provider();
    const { payeeId } = await p.payee(contractPayee(), 'payee-enabled');
    expect(await p.payoutsEnabled(payeeId)).toBe(false);
    onboard(payeeId);
    expect(await p.payoutsEnabled(payeeId)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: expect.objectContaining({ pathname: `/v1/accounts/${payeeId}` }) });
  });
});

describe('Stripe payouts: paying', () => {
  it('transfers each shipment to the account, grouped by shipment, then pays the total out from that account', async () => {
    const payeeId = await readyAccount('payee-pay');
    fake.requests.length = 0;
    const paid = await provider().pay(request(payeeId), 'payout-77');
    expect(paid.status).toBe('pending');
    expect(paid.id).toMatch(new RegExp(`^${payeeId}/po_`));
    // Each transfer is looked up first (by shipment and account), in case an earlier attempt made it.
    expect(fake.requests.map(line)).toEqual(['GET /v1/transfers', 'POST /v1/transfers', 'GET /v1/transfers', 'POST /v1/transfers', 'POST /v1/payouts']);
    expect(Object.fromEntries(fake.requests[0]!.url.searchParams)).toMatchObject({ destination: payeeId, transfer_group: 'VM-2001' });
    const [t1, t2, po] = fake.requests.filter((r) => r.method === 'POST') as [FakeRequest, FakeRequest, FakeRequest];

    expect(form(t1)).toMatchObject({ amount: '9000', currency: 'eur', destination: payeeId, transfer_group: 'VM-2001', 'metadata[idempotency_key]': 'payout-77:transfer:VM-2001' });
    expect(form(t2)).toMatchObject({ amount: '6000', currency: 'eur', destination: payeeId, transfer_group: 'VM-2002' });
    expect([t1, t2].map((t) => t.headers['idempotency-key'])).toEqual(['payout-77:transfer:VM-2001', 'payout-77:transfer:VM-2002']);
    // Transfers leave the platform's balance: no Stripe-Account on them.
    expect([t1, t2].map((t) => t.headers['stripe-account'])).toEqual([undefined, undefined]);

    expect(po.headers['stripe-account']).toBe(payeeId);
    expect(po.headers['idempotency-key']).toBe('payout-77:payout');
    expect(form(po)).toMatchObject({ amount: '15000', currency: 'eur', statement_descriptor: 'VM payout 2026-11 J. J' });
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual(Array(5).fill(`Bearer ${SECRET_KEY}`));
  });

  const postKeys = () => fake.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);

  it('sends the same keys when pay() is retried, and Stripe answers the same payout', async () => {
    const payeeId = await readyAccount('payee-retry');
    fake.requests.length = 0;
    const first = await provider().pay(request(payeeId), 'payout-78');
    expect(postKeys()).toEqual(['payout-78:transfer:VM-2001', 'payout-78:transfer:VM-2002', 'payout-78:payout']);
    fake.requests.length = 0;
    const retry = await provider().pay(request(payeeId), 'payout-78');
    // The transfers are found by their key; the payout is asked again with the same key.
    expect(postKeys()).toEqual(['payout-78:payout']);
    expect(fake.requests.find((r) => r.url.pathname === '/v1/payouts')!.headers['stripe-account']).toBe(payeeId);
    expect(retry).toEqual(first);
    // Paid once: two transfers, one payout.
    expect(state.transfers.filter((t) => t.destination === payeeId)).toHaveLength(2);
    expect([...state.payouts.values()].filter((p) => p.account === payeeId)).toHaveLength(1);
  });

  it('does not transfer a shipment twice when pay() is retried after Stripe forgot the keys (24 h)', async () => {
    const payeeId = await readyAccount('payee-late-retry');
    state.accounts.get(payeeId)!.payoutsPaused = true;
    await expect(provider().pay(request(payeeId), 'payout-85')).rejects.toThrow('Stripe payout: Payouts have been disabled on this account.');
    // A day later: Stripe no longer knows the keys, and the account may be paid out again.
    state.replays.clear();
    state.accounts.get(payeeId)!.payoutsPaused = false;
    fake.requests.length = 0;
    const paid = await provider().pay(request(payeeId), 'payout-85');
    expect(paid.status).toBe('pending');
    expect(postKeys()).toEqual(['payout-85:payout']);
    expect(state.transfers.filter((t) => t.destination === payeeId).map((t) => t.amount)).toEqual([9_000, 6_000]);
    expect(state.accounts.get(payeeId)!.balance).toBe(0);
  });

  it("reads a payout's status on the connected account and maps Stripe's states", async () => {
    const payeeId = await readyAccount('payee-status');
    const p = provider();
    const { id } = await p.pay(request(payeeId), 'payout-79');
    fake.requests.length = 0;
    expect(await p.status(id)).toEqual({ status: 'pending', failureReason: null });
    const poId = id.split('/')[1]!;
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', url: expect.objectContaining({ pathname: `/v1/payouts/${poId}` }) });
    expect(fake.requests[0]!.headers['stripe-account']).toBe(payeeId);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);

    state.payouts.get(poId)!.status = 'in_transit';
    expect((await p.status(id)).status).toBe('pending');
    settle();
    expect(await p.status(id)).toEqual({ status: 'paid', failureReason: null });
    state.payouts.get(poId)!.status = 'canceled';
    expect(await p.status(id)).toEqual({ status: 'failed', failureReason: 'canceled' });
  });

  it("gives a failed payout's reason in Stripe's words (the message, else the code)", async () => {
    const payeeId = await readyAccount('payee-closed', 'closed');
    const p = provider();
    const { id } = await p.pay(request(payeeId), 'payout-80');
    settle();
    expect(await p.status(id)).toEqual({ status: 'failed', failureReason: 'The bank account has been closed.' });
    Object.assign(state.payouts.get(id.split('/')[1]!)!, { failure_message: null, failure_code: 'no_account' });
    expect(await p.status(id)).toEqual({ status: 'failed', failureReason: 'no_account' });
  });

  it("throws Stripe's message when Stripe refuses (an account that has not finished onboarding)", async () => {
    const { payeeId } = await provider().payee(contractPayee(), 'payee-not-onboarded');
    await expect(provider().pay(request(payeeId), 'payout-81')).rejects.toThrow(
      'Stripe transfer: Your destination account needs to have at least one of the following capabilities enabled: transfers',
    );
    await expect(provider().status(`${payeeId}/po_unknown`)).rejects.toThrow("Stripe payout: No such payout: 'po_unknown'");
  });

  it('never sends the secret key anywhere but the auth header, nor puts it in an error', async () => {
    const { payeeId } = await provider().payee(contractPayee(), 'payee-secret');
    const err = await provider()
      .pay(request(payeeId), 'payout-82')
      .catch((e: unknown) => e as Error);
    expect((err as Error).message).toMatch(/^Stripe transfer: /);
    expect((err as Error).message).not.toContain(SECRET_KEY);
    // The cause kept for debugging is Stripe's answer, not our request.
    expect(JSON.stringify((err as Error).cause)).not.toContain(SECRET_KEY);
    expect(fake.requests.some((r) => r.body.includes(SECRET_KEY) || r.url.search.includes(SECRET_KEY))).toBe(false);
  });

  it('refuses a request whose shipments do not add up to the payout, before calling Stripe', async () => {
    const payeeId = await readyAccount('payee-sum');
    fake.requests.length = 0;
    await expect(provider().pay(request(payeeId, { amountCents: 15_001 }), 'payout-83')).rejects.toThrow('shipments add up to 15000 cents, not 15001');
    await expect(provider().status('po_without_account')).rejects.toThrow('not a Stripe payout id');
    expect(fake.requests).toEqual([]);
  });
});

describe('Stripe payouts: mapping', () => {
  it("maps Stripe's payout states and keeps the statement descriptor within Stripe's limits", () => {
    expect(['paid', 'pending', 'in_transit', 'failed', 'canceled'].map(payoutStatusOf)).toEqual(['paid', 'pending', 'pending', 'failed', 'failed']);
    expect(payoutDescriptor('VM "payout" <2026-11> for * everyone')).toBe('VM payout 2026-11 for');
    expect(payoutDescriptor('VM-2001')).toBe('VM-2001');
    expect(payoutDescriptor(' "*" ')).toBeUndefined();
  });
});

describe('Stripe payouts: the Connect webhook', () => {
  const secret = 'whsec_connect_unit';
  const provider = stripePayoutProvider({ secretKey: SECRET_KEY, apiBase: 'http://127.0.0.1:9', returnUrl: RETURN_URL, refreshUrl: REFRESH_URL, webhookSecret: secret });
  const sign = (body: string, s = secret) => new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload: body, secret: s });
  const connectEvent = (type: string, payout: Record<string, unknown>) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type, account: 'acct_000123', data: { object: { object: 'payout', failure_code: null, failure_message: null, ...payout } } });

  it("names the payout by its connected account and Stripe's id, as pay() does, with the status and a failure's reason", () => {
    const paid = connectEvent('payout.paid', { id: 'po_9', status: 'paid' });
    expect(provider.parseWebhook!(Buffer.from(paid), sign(paid))).toEqual({ id: 'evt_1', type: 'payout.paid', payout: { id: 'acct_000123/po_9', status: 'paid', failureReason: null } });
    const failed = connectEvent('payout.failed', { id: 'po_9', status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    expect(provider.parseWebhook!(Buffer.from(failed), sign(failed)).payout).toEqual({ id: 'acct_000123/po_9', status: 'failed', failureReason: 'The bank account has been closed.' });
    const moving = connectEvent('payout.updated', { id: 'po_9', status: 'in_transit' });
    expect(provider.parseWebhook!(Buffer.from(moving), sign(moving)).payout?.status).toBe('pending');
    const reversed = JSON.stringify({ id: 'evt_2', object: 'event', type: 'transfer.reversed', data: { object: { id: 'tr_1', object: 'transfer' } } });
    expect(provider.parseWebhook!(Buffer.from(reversed), sign(reversed))).toEqual({ id: 'evt_2', type: 'transfer.reversed', payout: null });
  });

  it('refuses a body not signed with the Connect secret, and has no webhook without one', () => {
    const body = connectEvent('payout.paid', { id: 'po_9', status: 'paid' });
    expect(() => provider.parseWebhook!(Buffer.from(body), sign(body, 'whsec_other'))).toThrow(PayoutWebhookSignatureError);
    expect(() => provider.parseWebhook!(Buffer.from(body), undefined)).toThrow(PayoutWebhookSignatureError);
    expect(() => provider.parseWebhook!(Buffer.from(body.replace('po_9', 'po_8')), sign(body))).toThrow(PayoutWebhookSignatureError);
    expect(stripePayoutProvider({ secretKey: SECRET_KEY, returnUrl: RETURN_URL, refreshUrl: REFRESH_URL }).parseWebhook).toBeUndefined();
  });
});

describe('Stripe payouts: what was sent, for the reconciliation', () => {
  it('adds up the transfers of each of our payouts by the key they carry, since a moment', async () => {
    const payeeId = await readyAccount('payee-sent');
    await provider().pay(request(payeeId), 'payout-91');
    fake.requests.length = 0;
    const since = new Date('2026-11-20T00:00:00Z');
    const sent = await provider().sent(since);
    // 9,000 + 6,000 cents in two transfers of payout 91 (transfers of earlier tests carry their own keys).
    expect(sent).toContainEqual({ payoutId: 91, amountCents: 15_000 });
    expect(fake.requests.map(line)).toEqual(['GET /v1/transfers']);
    expect(fake.requests[0]!.url.searchParams.get('created[gte]')).toBe(String(Math.floor(since.getTime() / 1000)));
  });
});
