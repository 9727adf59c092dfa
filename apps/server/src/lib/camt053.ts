import { parseStructuredCommunication } from '@vm/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Reads an ISO 20022 CAMT.053 bank-to-customer statement (issue 22 part 5: staff import the bank's
// statement and invoice payments are matched by their Belgian structured communication). Pure: the
// caller passes the file's bytes and gets the booked credits; nothing is stored here.
//
// Safety: at most 10 MB; a DOCTYPE (and with it any entity declaration, internal or external) is
// refused before the parser sees the text, so no XXE and no entity expansion ("billion laughs").
// Only XML's five predefined entities and numeric character references are decoded.
//
// Versions: camt.053.001.02 to 001.13. The parts read here differ only in a few places, all handled:
// the entry's status (`<Sts>BOOK</Sts>` up to 001.03, `<Sts><Cd>BOOK</Cd></Sts>` later), the
// transaction amount (`AmtDtls/TxAmt/Amt`, or `Amt` directly in `TxDtls` from 001.03) and the
// debtor's name (`Dbtr/Nm`, or `Dbtr/Pty/Nm` from 001.08).
//
// What comes out: per statement its id and account IBAN, and one credit per transaction of each
// booked credit entry (CdtDbtInd CRDT, status BOOK): a batch booking (several TxDtls in one entry)
// gives one credit per transaction. When a batch's transactions do not all carry their own amount,
// the entry comes out as one credit with the entry's amount, and with a structured communication
// only when the batch holds exactly one valid one. Debits, pending and informational entries,
// reversals (RvslInd true: a returned debit, not a payment) and transactions marked DBIT inside a
// credit entry are left out.

/** The largest statement accepted, in bytes. */
export const CAMT053_MAX_BYTES = 10 * 1024 * 1024;

export type Camt053ErrorCode = 'too_large' | 'doctype_refused' | 'not_utf8' | 'malformed' | 'not_camt053' | 'unsupported_version' | 'bad_amount';

export class Camt053Error extends Error {
  constructor(
    readonly code: Camt053ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'Camt053Error';
  }
}

export type Camt053Credit = {
  /** Amount in cents (minor units of a two-decimal currency). */
  amount_cents: number;
  /** ISO 4217 code of the amount. */
  currency: string;
  /** The booking date, YYYY-MM-DD (the date part of BookgDt/DtTm when the bank gives a date-time). */
  booking_date: string;
  /** The bank's reference of the transaction (TxDtls/Refs/AcctSvcrRef), else of the entry (Ntry/AcctSvcrRef). */
  bank_reference: string | null;
  /** The payer's end-to-end id, unless NOTPROVIDED. */
  end_to_end_id: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  /** The Belgian structured communication as its 12 digits, only when the mod-97 check holds. */
  structured_communication: string | null;
  /** The free-text remittance information (RmtInf/Ustrd lines joined by a space), for staff to read. */
  unstructured: string | null;
  /** Where it is in the file: the entry's and the transaction's position, from 0 (null: the entry as a whole). */
  entry_index: number;
  transaction_index: number | null;
};

export type Camt053Statement = {
  /** Stmt/Id. */
  id: string;
  /** Stmt/Acct/Id/IBAN (null for an account identified otherwise). */
  iban: string | null;
  /** Stmt/CreDtTm as written. */
  created_at: string | null;
  credits: Camt053Credit[];
};

export type Camt053Document = {
  /** The schema version from the namespace, e.g. '001.02', '001.08'. */
  version: string;
  /** GrpHdr/MsgId. */
  message_id: string | null;
  statements: Camt053Statement[];
};

// --- Belgian structured communication ------------------------------------------------------------

/** A structured communication written in free text: +++xxx/xxxx/xxxxx+++ (or with *** as some banks print it). */
const IN_TEXT = /(\+{3}|\*{3})\s*(\d{3})\s*\/\s*(\d{4})\s*\/\s*(\d{5})\s*\1/g;

function communicationInText(text: string): string | null {
  for (const m of text.matchAll(IN_TEXT)) {
    const digits = parseStructuredCommunication(`${m[2]}${m[3]}${m[4]}`);
    if (digits) return digits;
  }
  return null;
}

// --- XML -----------------------------------------------------------------------------------------

type Node = Record<string, unknown>;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Decodes the predefined entities and character references only, each once (no DOCTYPE, no other entities). */
const xmlEntityDecoder = {
  setExternalEntities() {},
  addInputEntities() {},
  reset() {},
  setXmlVersion() {},
  decode: (text: string) =>
    text.replace(/&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g, (whole, hex?: string, dec?: string, name?: string) => {
      if (name) return NAMED[name]!;
      const cp = hex ? parseInt(hex, 16) : Number(dec);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }),
};

/** Elements that may repeat where this reader looks; always read as arrays. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  entityDecoder: xmlEntityDecoder,
  isArray: (name) => REPEATED.has(name),
});

const NAMESPACE = /\bxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.(\d{3})\.(\d{2})["']/;

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The child at a path of element names (the first of repeated ones). */
function at(node: unknown, ...path: string[]): unknown {
  let cur = node;
  for (const name of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (!isNode(cur)) return undefined;
    cur = cur[name];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}

/** An element's text (also of an element with attributes), trimmed; null when absent or empty. */
function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  const t = isNode(v) ? v['#text'] : v;
  if (typeof t !== 'string' && typeof t !== 'number') return null;
  const s = String(t).trim();
  return s === '' ? null : s;
}

const list = (node: unknown, name: string): unknown[] => {
  const v = isNode(node) ? node[name] : undefined;
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
};

/** An ISO 20022 decimal amount as integer minor units (two decimals), without floating point. */
function cents(amount: string): number {
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(amount);
  if (!m) throw new Camt053Error('bad_amount', `Not an amount: ${amount}`);
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) throw new Camt053Error('bad_amount', `More than two decimals: ${amount}`);
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

const amountOf = (node: unknown): { cents: number; currency: string } | null => {
  const value = text(node);
  if (value === null) return null;
  const currency = isNode(node) && typeof node['@_Ccy'] === 'string' ? node['@_Ccy'] : '';
  return { cents: cents(value), currency };
};

/** The transaction's amount: Amt (001.03 on) or AmtDtls/TxAmt/Amt. */
const txAmount = (tx: unknown) => amountOf(at(tx, 'Amt')) ?? amountOf(at(tx, 'AmtDtls', 'TxAmt', 'Amt'));

const isBooked = (entry: unknown) => (text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts')) === 'BOOK';

/** The Belgian structured communication of a transaction, from RmtInf/Strd or else from RmtInf/Ustrd. */
function communicationOf(tx: unknown): string | null {
  const rmt = at(tx, 'RmtInf');
  for (const strd of list(rmt, 'Strd')) {
    const ref = at(strd, 'CdtrRefInf');
    const code = text(ref, 'Tp', 'CdOrPrtry', 'Cd');
    const issuer = text(ref, 'Tp', 'Issr');
    const value = text(ref, 'Ref');
    if (value && (code === 'SCOR' || issuer?.toUpperCase() === 'BBA')) {
      const digits = parseStructuredCommunication(value);
      if (digits) return digits;
    }
  }
  const ustrd = unstructuredOf(tx);
  return ustrd ? communicationInText(ustrd) : null;
}

function unstructuredOf(tx: unknown): string | null {
  const lines = list(at(tx, 'RmtInf'), 'Ustrd')
    .map((l) => text(l))
    .filter((l): l is string => l !== null);
  return lines.length > 0 ? lines.join(' ') : null;
}

function partyOf(tx: unknown): { debtor_name: string | null; debtor_iban: string | null } {
  const parties = at(tx, 'RltdPties');
  const iban = text(parties, 'DbtrAcct', 'Id', 'IBAN');
  return {
    debtor_name: text(parties, 'Dbtr', 'Pty', 'Nm') ?? text(parties, 'Dbtr', 'Nm'),
    debtor_iban: iban ? iban.replace(/\s/g, '').toUpperCase() : null,
  };
}

const endToEnd = (tx: unknown) => {
  const id = text(tx, 'Refs', 'EndToEndId');
  return id && id !== 'NOTPROVIDED' ? id : null;
};

function creditsOf(entry: unknown, entryIndex: number): Camt053Credit[] {
  if (text(entry, 'CdtDbtInd') !== 'CRDT' || text(entry, 'RvslInd') === 'true' || !isBooked(entry)) return [];
  const entryAmount = amountOf(at(entry, 'Amt'));
  if (!entryAmount) throw new Camt053Error('bad_amount', `Entry ${entryIndex} has no amount`);
  const booking_date = (text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm') ?? text(entry, 'ValDt', 'Dt') ?? '').slice(0, 10);
  const entryRef = text(entry, 'AcctSvcrRef');
  const txs = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));

  const wholeEntry = (tx: unknown, communication: string | null): Camt053Credit => ({
    amount_cents: entryAmount.cents,
    currency: entryAmount.currency,
    booking_date,
    bank_reference: text(tx, 'Refs', 'AcctSvcrRef') ?? entryRef,
    end_to_end_id: endToEnd(tx),
    ...partyOf(tx),
    structured_communication: communication,
    unstructured: unstructuredOf(tx) ?? unstructuredOf(entry),
    entry_index: entryIndex,
    transaction_index: null,
  });

  if (txs.length === 0) return [wholeEntry(entry, communicationOf(entry))];
  if (txs.length === 1) {
    const tx = txs[0];
    if (text(tx, 'CdtDbtInd') === 'DBIT') return [];
    const amount = txAmount(tx) ?? entryAmount;
    return [{ ...wholeEntry(tx, communicationOf(tx)), amount_cents: amount.cents, currency: amount.currency || entryAmount.currency, transaction_index: 0 }];
  }
  const amounts = txs.map(txAmount);
  if (amounts.some((a) => a === null)) {
    // A batch without the amount of each transaction: one credit for the entry.
    const found = new Set(txs.map(communicationOf).filter((c): c is string => c !== null));
    return [{ ...wholeEntry(undefined, found.size === 1 ? [...found][0]! : null), bank_reference: entryRef, unstructured: unstructuredOf(entry) }];
  }
  return txs.flatMap((tx, i) => {
    if (text(tx, 'CdtDbtInd') === 'DBIT') return [];
    const amount = amounts[i]!;
    return [
      {
        amount_cents: amount.cents,
        currency: amount.currency || entryAmount.currency,
        booking_date,
        bank_reference: text(tx, 'Refs', 'AcctSvcrRef') ?? entryRef,
        end_to_end_id: endToEnd(tx),
        ...partyOf(tx),
        structured_communication: communicationOf(tx),
        unstructured: unstructuredOf(tx),
        entry_index: entryIndex,
        transaction_index: i,
      },
    ];
  });
}

/** Reads a CAMT.053 statement file; throws Camt053Error when the file is refused or not one. */
export function readCamt053(bytes: Uint8Array): Camt053Document {
  if (bytes.byteLength > CAMT053_MAX_BYTES) throw new Camt053Error('too_large', `The statement is ${bytes.byteLength} bytes; at most ${CAMT053_MAX_BYTES} are read`);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new Camt053Error('not_utf8', 'The statement is not UTF-8 text');
  }
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(xml)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) throw new Camt053Error('not_utf8', `The statement declares ${declared}; ISO 20022 files are UTF-8`);
  // Refused wherever it appears, comments and CDATA included: a bank statement never needs one.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Camt053Error('doctype_refused', 'The statement declares a DOCTYPE or entities, which are refused');

  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Camt053Error('malformed', `Not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const ns = NAMESPACE.exec(xml);
  const root = (parser.parse(xml) as Node)['Document'];
  // An empty <BkToCstmrStmt/> reads as '' (a statement file with nothing in it), not as absent.
  const body = isNode(root) ? root['BkToCstmrStmt'] : undefined;
  if (!ns || body === undefined) throw new Camt053Error('not_camt053', 'Not an ISO 20022 camt.053 bank-to-customer statement');
  const major = Number(ns[1]);
  const minor = Number(ns[2]);
  if (major !== 1 || minor < 2 || minor > 13) throw new Camt053Error('unsupported_version', `camt.053.${ns[1]}.${ns[2]} is not supported`);

  return {
    version: `${ns[1]}.${ns[2]}`,
    message_id: text(body, 'GrpHdr', 'MsgId'),
    statements: list(body, 'Stmt').map((stmt) => {
      const iban = text(stmt, 'Acct', 'Id', 'IBAN');
      return {
        id: text(stmt, 'Id') ?? '',
        iban: iban ? iban.replace(/\s/g, '').toUpperCase() : null,
        created_at: text(stmt, 'CreDtTm'),
        credits: list(stmt, 'Ntry').flatMap((entry, i) => creditsOf(entry, i)),
      };
    }),
  };
}
