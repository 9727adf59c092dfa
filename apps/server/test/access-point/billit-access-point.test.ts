import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AccessPointRejectedError,
  AccessPointUnavailableError,
  ReceiverNotOnPeppolError,
} from '../../src/adapters/access-point/access-point.ts';
import { billitAccessPoint, billitStatusOf, ublDocumentNumber } from '../../src/adapters/access-point/billit-access-point.ts';
import { loadConfig } from '../../src/env.ts';
import { type FakeReply, type FakeRequest, fakeHttp } from '../helpers/fake-http.ts';
import { accessPointContract, contractDocument } from './access-point-contract.ts';

// A local stand-in for Billit's API as its docs describe it (docs/decisions/0032): POST
// /v1/peppol/sendxml with { XML } under the ApiKey and PartyID headers, the Idempotency-Key token
// stored after a success only (a reuse answers 409 without the order), 400
// TheCustomerDoesNotSupportPeppolForType_0 for a receiver not registered on Peppol, and the orders
// (GET /v1/orders/{id}, OData list with { Items }) whose CurrentDocumentDeliveryDetails settle.

const API_KEY = 'billit-test-key-5b1d';
const PARTY_ID = '574991';
const ON_PEPPOL = { scheme: '0208', id: '0123456749' };
const NOT_ON_PEPPOL = { scheme: '0208', id: '0999999922' };
/** Registered on Peppol, but its access point refuses what it gets (the delivery ends in Error). */
const REFUSING = { scheme: '0208', id: '0203040510' };

type Order = { OrderID: number; OrderNumber: string; OrderDirection: 'Income'; receiver: string; delivery: 'Pending' | 'Delivered' | 'Error' };
const state = { n: 569_700, orders: new Map<number, Order>(), tokens: new Set<string>(), down: 0, loseNextAnswer: false };

const registered = new Set([`${ON_PEPPOL.scheme}:${ON_PEPPOL.id}`, `${REFUSING.scheme}:${REFUSING.id}`]);
const buyerEndpoint = (xml: string) => /<cac:AccountingCustomerParty>[\s\S]*?<cbc:EndpointID schemeID="(\d{4})">([^<]+)<\/cbc:EndpointID>/.exec(xml);
const orderJson = (o: Order) => ({
  OrderID: o.OrderID,
  OrderNumber: o.OrderNumber,
  OrderDirection: o.OrderDirection,
  OrderType: 'Invoice',
  CurrentDocumentDeliveryDetails:
    o.delivery === 'Delivered'
      ? { DocumentDeliveryDate: '2026-11-26T10:00:00.00', IsDocumentDelivered: true, DocumentDeliveryStatus: 'Delivered' }
      : o.delivery === 'Error'
        ? { IsDocumentDelivered: false, DocumentDeliveryStatus: 'Error', DocumentRefusedDate: '2026-11-26T10:00:00.00', DocumentRefusedInfo: 'The receiving access point rejected the document' }
        : { IsDocumentDelivered: false, DocumentDeliveryStatus: 'Pending' },
});
const errors = (status: number, Code: string, Description: string): FakeReply => ({ status, json: { errors: [{ Code, Description }] } });

function answer(req: FakeRequest): FakeReply {
  if (req.headers.apikey !== API_KEY) return errors(401, 'Unauthorized', 'Authorization has been denied for this request.');
  if (req.headers.partyid !== PARTY_ID) return errors(403, 'Forbidden', 'No access to this party');
  if (state.down > 0) {
    state.down--;
    return errors(503, 'ServiceUnavailable', 'Service unavailable');
  }
  const path = req.url.pathname;
  if (req.method === 'POST' && path === '/v1/peppol/sendxml') {
    const token = req.headers['idempotency-key'] as string | undefined;
    if (token && state.tokens.has(token)) return { status: 409, json: { Code: 'Idempotent token already exists' } };
    const xml = (JSON.parse(req.body) as { XML?: string }).XML ?? '';
    const buyer = buyerEndpoint(xml);
    const number = /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>\s*<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)?.[1];
    if (!buyer || !number) return errors(400, 'GenericError', 'Data is Required');
    if (!registered.has(`${buyer[1]}:${buyer[2]}`)) return errors(400, 'TheCustomerDoesNotSupportPeppolForType_0', 'De klant ondersteunt geen Peppol voor type Invoice');
    const order: Order = { OrderID: ++state.n, OrderNumber: number, OrderDirection: 'Income', receiver: `${buyer[1]}:${buyer[2]}`, delivery: 'Pending' };
    state.orders.set(order.OrderID, order);
    if (token) state.tokens.add(token); // stored only once the action succeeded
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      return errors(502, 'BadGateway', 'upstream connection reset'); // done at Billit, the answer lost on the way
    }
    return { json: { OrderID: order.OrderID } };
  }
  const one = /^\/v1\/orders\/(\d+)$/.exec(path);
  if (req.method === 'GET' && one) {
    const o = state.orders.get(Number(one[1]));
    return o ? { json: orderJson(o) } : errors(404, 'NotFound', 'Order not found');
  }
  if (req.method === 'GET' && path === '/v1/orders') {
    const filter = req.url.searchParams.get('$filter') ?? '';
    const number = /OrderNumber eq '((?:[^']|'')*)'/.exec(filter)?.[1]?.replace(/''/g, "'");
    const direction = /OrderDirection eq '(\w+)'/.exec(filter)?.[1];
    const items = [...state.orders.values()].filter((o) => (number === undefined || o.OrderNumber === number) && (!direction || o.OrderDirection === direction));
    return { json: { Items: items.map(orderJson) } };
  }
  return errors(404, 'NotFound', `fake has no route for ${req.method} ${path}`);
}

/** The receivers' access points answer: delivered, or refused for the refusing receiver. */
function settle() {
  for (const o of state.orders.values()) if (o.delivery === 'Pending') o.delivery = o.receiver === `${REFUSING.scheme}:${REFUSING.id}` ? 'Error' : 'Delivered';
}

let fake: Awaited<ReturnType<typeof fakeHttp>>;
beforeAll(async () => {
  fake = await fakeHttp(answer);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  state.down = 0;
  state.loseNextAnswer = false;
});

const accessPoint = (over: { apiKey?: string } = {}) => billitAccessPoint({ apiKey: over.apiKey ?? API_KEY, partyId: PARTY_ID, baseUrl: fake.url, timeoutMs: 5_000 });
const line = (r: FakeRequest) => `${r.method} ${r.url.pathname}`;

accessPointContract('billit (local fake)', async () => ({
  accessPoint: accessPoint(),
  onPeppol: ON_PEPPOL,
  notOnPeppol: NOT_ON_PEPPOL,
  settle: async () => settle(),
  copies: async (number) => [...state.orders.values()].filter((o) => o.OrderNumber === number).length,
  unknownId: '999999999',
}));

describe('Billit access point: the calls', () => {
  it('posts the UBL as it is, with the key, the company and the documentId as idempotency token', async () => {
    const doc = contractDocument(ON_PEPPOL);
    const sent = await accessPoint().send(doc);
    expect(sent).toEqual({ id: String(state.n), status: 'accepted' });
    expect(fake.requests.map(line)).toEqual(['POST /v1/peppol/sendxml']);
    const [post] = fake.requests as [FakeRequest];
    expect(post.headers.apikey).toBe(API_KEY);
    expect(post.headers.partyid).toBe(PARTY_ID);
    expect(post.headers['idempotency-key']).toBe(doc.documentId);
    expect(post.headers['idempotent-key']).toBe(doc.documentId);
    expect(post.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post.body)).toEqual({ XML: doc.ubl });
  });

  it('a retry after a lost answer finds the order Billit made, by the document number, and sends nothing more', async () => {
    const doc = contractDocument(ON_PEPPOL);
    state.loseNextAnswer = true;
    await expect(accessPoint().send(doc)).rejects.toBeInstanceOf(AccessPointUnavailableError);
    const retry = await accessPoint().send(doc);
    const orders = [...state.orders.values()].filter((o) => o.OrderNumber === doc.number);
    expect(orders).toHaveLength(1);
    expect(retry).toEqual({ id: String(orders[0]!.OrderID), status: 'accepted' });
    expect(fake.requests.map(line)).toEqual(['POST /v1/peppol/sendxml', 'POST /v1/peppol/sendxml', 'GET /v1/orders', `GET /v1/orders/${orders[0]!.OrderID}`]);
    expect(fake.requests[2]!.url.searchParams.get('$filter')).toBe(`OrderNumber eq '${doc.number}' and OrderDirection eq 'Income'`);
  });

  it('Billit down: a transient error, and the same documentId goes through later', async () => {
    const doc = contractDocument(ON_PEPPOL);
    state.down = 1;
    await expect(accessPoint().send(doc)).rejects.toBeInstanceOf(AccessPointUnavailableError);
    expect((await accessPoint().send(doc)).status).toBe('accepted');
    expect([...state.orders.values()].filter((o) => o.OrderNumber === doc.number)).toHaveLength(1);
  });

  it('a refused delivery is failed, with the reason Billit gives', async () => {
    const sent = await accessPoint().send(contractDocument(REFUSING));
    settle();
    expect(await accessPoint().status(sent.id)).toEqual({ id: sent.id, status: 'failed', reason: 'The receiving access point rejected the document' });
  });

  it('a wrong key is final (no retry helps) and the message never carries the key', async () => {
    const err = await accessPoint({ apiKey: 'wrong-key' })
      .send(contractDocument(ON_PEPPOL))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccessPointRejectedError);
    expect(String((err as Error).message)).not.toContain('wrong-key');
    expect(String((err as Error).message)).toContain('401');
  });

  it('the receiver not on Peppol keeps Billit\'s words', async () => {
    const err = await accessPoint()
      .send(contractDocument(NOT_ON_PEPPOL))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReceiverNotOnPeppolError);
    expect((err as Error).message).toContain('De klant ondersteunt geen Peppol voor type Invoice');
  });

  it('reads the document number and Billit\'s delivery details', () => {
    expect(ublDocumentNumber('<cbc:ProfileID>x</cbc:ProfileID>\n  <cbc:ID>A&amp;B-1</cbc:ID>')).toBe('A&B-1');
    expect(billitStatusOf({})).toEqual({ status: 'accepted' });
    expect(billitStatusOf({ CurrentDocumentDeliveryDetails: { IsDocumentDelivered: true } })).toEqual({ status: 'delivered' });
    expect(billitStatusOf({ CurrentDocumentDeliveryDetails: { DocumentDeliveryStatus: 'Error' } }).status).toBe('failed');
  });
});

describe('Billit access point: configuration', () => {
  it('is chosen by its key; the outbox folder under DATA_DIR otherwise; plain http only on this machine', () => {
    const none = loadConfig({ DATA_DIR: '/tmp/vm-data' });
    expect(none.accessPoint).toEqual({ outboxDir: '/tmp/vm-data/peppol-outbox', billit: null, timeoutMs: 15_000 });
    expect(loadConfig({ PEPPOL_OUTBOX_DIR: '/tmp/peppol' }).accessPoint.outboxDir).toBe('/tmp/peppol');
    const billit = loadConfig({ BILLIT_API_KEY: 'k', BILLIT_PARTY_ID: '574991', BILLIT_API_URL: 'https://api.sandbox.billit.be/' });
    expect(billit.accessPoint.billit).toEqual({ apiKey: 'k', partyId: '574991', baseUrl: 'https://api.sandbox.billit.be' });
    expect(loadConfig({ BILLIT_API_KEY: 'k' }).accessPoint.billit).toEqual({ apiKey: 'k', partyId: null, baseUrl: 'https://api.billit.be' });
    expect(() => loadConfig({ BILLIT_API_KEY: 'k', BILLIT_API_URL: 'http://billit.example' })).toThrow();
  });
});
