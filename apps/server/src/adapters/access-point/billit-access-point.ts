import {
  type AccessPoint,
  type AccessPointResult,
  type AccessPointSend,
  AccessPointRejectedError,
  AccessPointUnavailableError,
  ReceiverNotOnPeppolError,
  UnknownAccessPointDocumentError,
  parseAccessPointSend,
} from './access-point.ts';

type Options = {
  apiKey: string;
  /** The company the documents are sent for; Billit needs it when the key's user has several companies. */
  partyId: string | null;
  /** https://api.billit.be (production) or https://api.sandbox.billit.be; a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** Billit's business errors (HTTP 400): `{ errors: [{ Code, Description }] }`, or one such object. */
type BillitError = { Code?: unknown; Description?: unknown };
type BillitOrder = {
  OrderID?: unknown;
  CurrentDocumentDeliveryDetails?: {
    IsDocumentDelivered?: unknown;
    DocumentDeliveryStatus?: unknown;
    DocumentRefusedInfo?: unknown;
    DocumentRefusedReasonTC?: unknown;
  } | null;
};

/** Billit's answer when the customer's endpoint is not registered on Peppol for the document's type (docs.billit.be/docs/possible-errors). */
const NOT_ON_PEPPOL = /^TheCustomerDoesNotSupportPeppol/i;

function errorsOf(body: unknown): { code: string; description: string }[] {
  const b = body as { errors?: unknown; Errors?: unknown } & BillitError;
  const list = Array.isArray(b?.errors) ? b.errors : Array.isArray(b?.Errors) ? b.Errors : b && typeof b === 'object' ? [b] : [];
  return (list as BillitError[]).map((e) => ({ code: typeof e?.Code === 'string' ? e.Code : '', description: typeof e?.Description === 'string' ? e.Description : '' }));
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** The document's own number (BT-1, the cbc:ID right after the ProfileID): Billit keeps it as the order's OrderNumber. */
export function ublDocumentNumber(ubl: string): string | null {
  const m = /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>\s*<cbc:ID>([^<]{1,200})<\/cbc:ID>/.exec(ubl);
  if (!m) return null;
  return m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** Billit's delivery details as the port's status (docs.billit.be/docs/status-content-of-a-sales-invoice). */
export function billitStatusOf(order: BillitOrder): Omit<AccessPointResult, 'id'> {
  const d = order.CurrentDocumentDeliveryDetails ?? {};
  if (d.IsDocumentDelivered === true || d.DocumentDeliveryStatus === 'Delivered') return { status: 'delivered' };
  if (d.DocumentDeliveryStatus === 'Error') {
    const why = [d.DocumentRefusedInfo, d.DocumentRefusedReasonTC].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return { status: 'failed', reason: why ?? 'Billit reports a delivery error without a reason' };
  }
  return { status: 'accepted' };
}

/**
 * Billit's Peppol access point (docs/decisions/0032-peppol-access-point.md): our UBL as it is,
 * POST /v1/peppol/sendxml with `{ XML }`, the API key in the ApiKey header and the company in
 * PartyID; the documentId as Billit's idempotency token; GET /v1/orders/{OrderID} for the status.
 */
export function billitAccessPoint({ apiKey, partyId, baseUrl, timeoutMs = 15_000, fetchImpl = fetch }: Options): AccessPoint {
  const base = baseUrl.replace(/\/$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ApiKey: apiKey, ...extra };
    if (partyId) headers.PartyID = partyId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      // Never the request itself in the message: its headers carry the key.
      throw new AccessPointUnavailableError(`Billit unreachable: ${err instanceof Error ? err.name : 'error'}`);
    }
    const text = await res.text().catch(() => '');
    return { status: res.status, json: parseJson(text) };
  }

  const unavailableOrRejected = (what: string, status: number, json: unknown) => {
    const detail = errorsOf(json).map((e) => e.description || e.code).filter(Boolean).join('; ');
    const message = `Billit ${what}: HTTP ${status}${detail ? ` (${detail.slice(0, 300)})` : ''}`;
    return status === 429 || status >= 500 ? new AccessPointUnavailableError(message) : new AccessPointRejectedError(message);
  };

  async function status(id: string): Promise<AccessPointResult> {
    if (!/^\d{1,18}$/.test(id)) throw new UnknownAccessPointDocumentError(`not a Billit order id: ${JSON.stringify(id).slice(0, 40)}`);
    const res = await call('GET', `/v1/orders/${id}`);
    if (res.status === 404) throw new UnknownAccessPointDocumentError(`Billit has no order ${id}`);
    if (res.status !== 200) throw unavailableOrRejected('status', res.status, res.json);
    return { id, ...billitStatusOf((res.json ?? {}) as BillitOrder) };
  }

  /** A document sent before under this token: Billit answers 409 without the order, so find it by its number. */
  async function earlierSend(doc: AccessPointSend): Promise<AccessPointResult> {
    const number = ublDocumentNumber(doc.ubl);
    if (!number) throw new AccessPointRejectedError('the UBL has no document number (cbc:ID)');
    // Our own sales documents are 'Income' in Billit; a self-billed document is issued by us on the driver's behalf, so no direction filter.
    const direction = doc.documentType.startsWith('self_billing') ? '' : " and OrderDirection eq 'Income'";
    const filter = `OrderNumber eq '${number.replace(/'/g, "''")}'${direction}`;
    const res = await call('GET', `/v1/orders?$filter=${encodeURIComponent(filter)}`);
    if (res.status !== 200) throw unavailableOrRejected('lookup', res.status, res.json);
    const items = (res.json as { Items?: BillitOrder[] } | null)?.Items ?? [];
    const found = items.find((o) => typeof o.OrderID === 'number' || typeof o.OrderID === 'string');
    // Billit stores the token after success only, so the order exists; not yet listed: come back later.
    if (!found) throw new AccessPointUnavailableError(`Billit knows document ${doc.documentId} but does not list order ${number} yet`);
    return status(String(found.OrderID));
  }

  return {
    name: 'billit',
    status,
    async send(input) {
      const doc = parseAccessPointSend(input);
      // docs.billit.be/docs/idempotent-tokens names the header Idempotency-Key, docs/header-values
      // Idempotent-Key: both carry the same token, so whichever Billit reads, a retry is not a second send.
      const res = await call('POST', '/v1/peppol/sendxml', { XML: doc.ubl }, { 'Idempotency-Key': doc.documentId, 'Idempotent-Key': doc.documentId });
      if (res.status === 200 || res.status === 201) {
        const orderId = typeof res.json === 'number' || typeof res.json === 'string' ? res.json : (res.json as BillitOrder | null)?.OrderID;
        if (orderId === undefined || orderId === null || !/^\d{1,18}$/.test(String(orderId))) {
          throw new AccessPointUnavailableError('Billit accepted the document without an OrderID');
        }
        return { id: String(orderId), status: 'accepted' };
      }
      if (res.status === 409) return earlierSend(doc);
      const errors = errorsOf(res.json);
      if (res.status === 400 && errors.some((e) => NOT_ON_PEPPOL.test(e.code))) {
        throw new ReceiverNotOnPeppolError(doc.receiver, errors.find((e) => NOT_ON_PEPPOL.test(e.code))?.description || undefined);
      }
      throw unavailableOrRejected('refused the document', res.status, res.json);
    },
  };
}
