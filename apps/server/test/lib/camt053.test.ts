import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMT053_MAX_BYTES, Camt053Error, readCamt053 } from '../../src/lib/camt053.ts';

// Staff import the bank's CAMT.053 statement; invoice payments are matched by their Belgian
// structured communication (issue 22 part 5). The fixtures follow the ISO 20022 structure of the
// versions Belgian banks send (001.02 and 001.08).

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'camt053', name)));
const read = (name: string) => readCamt053(fixture(name));
const refusal = (bytes: Uint8Array) => {
  try {
    readCamt053(bytes);
  } catch (e) {
    if (e instanceof Camt053Error) return e.code;
    throw e;
  }
  throw new Error('not refused');
};
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('reading a statement', () => {
  it('version 001.02: the statement, its account and each booked credit with payer and communication', () => {
    expect(read('v02-single.xml')).toEqual({
      version: '001.02',
      message_id: 'KREDBEBB-20260112-0001',
      statements: [
        {
          id: '2026-0008-BE68539007547034',
          iban: 'BE68539007547034',
          created_at: '2026-01-13T06:15:02',
          credits: [
            {
              amount_cents: 36300,
              currency: 'EUR',
              booking_date: '2026-01-12',
              bank_reference: '0112A0001KBC-TX',
              end_to_end_id: 'INV-2026-000017',
              debtor_name: 'Janssens & Zonen NV',
              debtor_iban: 'BE95735000123458',
              structured_communication: '026000000440',
              unstructured: null,
              entry_index: 0,
              transaction_index: 0,
            },
            {
              amount_cents: 12240,
              currency: 'EUR',
              booking_date: '2026-01-12',
              bank_reference: '0112A0002KBC',
              end_to_end_id: null,
              debtor_name: 'Garage Peeters',
              debtor_iban: 'BE75363000001151',
              structured_communication: '026000000541',
              unstructured: 'Factuur 2026/17 mededeling +++026/0000/00541+++',
              entry_index: 1,
              transaction_index: 0,
            },
          ],
        },
      ],
    });
  });

  it('version 001.08: status as a code, the debtor as a party, the amount on the transaction, a date-time booking; pending entries left out', () => {
    const doc = read('v08-single.xml');
    expect(doc.version).toBe('001.08');
    expect(doc.statements).toHaveLength(1);
    expect(doc.statements[0]!.id).toBe('STMT-20260330-BE68539007547034');
    expect(doc.statements[0]!.iban).toBe('BE68539007547034');
    expect(doc.statements[0]!.credits).toEqual([
      {
        amount_cents: 151250,
        currency: 'EUR',
        booking_date: '2026-03-30',
        bank_reference: 'BNPF-260330-000981',
        end_to_end_id: 'E2E-DUBOIS-0330',
        debtor_name: 'Transports Dubois SRL',
        debtor_iban: 'BE59143000002226',
        structured_communication: '900000012341',
        unstructured: null,
        entry_index: 0,
        transaction_index: 0,
      },
    ]);
  });

  it('a batch booking gives one credit per transaction, each with its own amount, payer and communication', () => {
    const [stmt] = read('batch.xml').statements;
    expect(stmt!.credits.map((c) => [c.entry_index, c.transaction_index, c.amount_cents, c.debtor_name, c.debtor_iban, c.structured_communication, c.bank_reference])).toEqual([
      [0, 0, 50000, 'Bakkerij Wouters', 'BE95735000123458', '123456789002', 'ING-0416-BATCH-01-1'],
      // Found by the BBA issuer although the type is proprietary.
      [0, 1, 25005, 'Meubelen Claes BV', null, '026000000743', 'ING-0416-BATCH-01-2'],
      // In the second free-text line, written with asterisks.
      [0, 2, 25000, 'Vandamme Logistics', 'BE75363000001151', '424242424238', 'ING-0416-BATCH-01-3'],
      // A batch without per-transaction amounts: one credit of the entry's amount with its one valid communication.
      [1, null, 780000, null, null, '026000000440', 'ING-0416-BATCH-02'],
    ]);
    expect(stmt!.credits.slice(0, 3).reduce((sum, c) => sum + c.amount_cents, 0)).toBe(100005);
  });

  it('leaves debit entries out, even one whose text carries a valid communication', () => {
    const [stmt] = read('debit.xml').statements;
    expect(stmt!.credits).toHaveLength(1);
    expect(stmt!.credits[0]).toMatchObject({ amount_cents: 6050, debtor_name: 'Studio Lambrecht', structured_communication: '026000000642', bank_reference: '0203A0002KBC' });
  });

  it('keeps a credit whose communication fails the check, with no communication to match on', () => {
    const [stmt] = read('wrong-check-digit.xml').statements;
    expect(stmt!.credits.map((c) => [c.amount_cents, c.debtor_name, c.structured_communication, c.unstructured])).toEqual([
      [20000, 'Typfout BV', null, null],
      [7500, null, null, 'betaling +++026/0000/00542+++ dank u'],
    ]);
  });

  it('reads prefixed namespaces, several statements and a byte-order mark', () => {
    const xml = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><c:BkToCstmrStmt><c:GrpHdr><c:MsgId>M1</c:MsgId></c:GrpHdr>
<c:Stmt><c:Id>A</c:Id><c:Acct><c:Id><c:IBAN>BE68539007547034</c:IBAN></c:Id></c:Acct>
<c:Ntry><c:Amt Ccy="EUR">1.5</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts>BOOK</c:Sts><c:BookgDt><c:Dt>2026-06-01</c:Dt></c:BookgDt></c:Ntry></c:Stmt>
<c:Stmt><c:Id>B</c:Id><c:Acct><c:Id><c:Othr><c:Id>12345</c:Id></c:Othr></c:Id></c:Acct></c:Stmt>
</c:BkToCstmrStmt></c:Document>`;
    const doc = readCamt053(utf8(xml));
    expect(doc.version).toBe('001.04');
    expect(doc.statements.map((s) => [s.id, s.iban, s.credits.map((c) => c.amount_cents)])).toEqual([
      ['A', 'BE68539007547034', [150]],
      ['B', null, []],
    ]);
  });
});

describe('refusing files', () => {
  it('refuses a DOCTYPE with an external entity (XXE) without resolving it', () => {
    expect(refusal(fixture('doctype.xml'))).toBe('doctype_refused');
    // An internal entity declaration (entity expansion) is refused just the same.
    expect(refusal(utf8('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaa">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'))).toBe('doctype_refused');
  });

  it('refuses more than 10 MB before reading it', () => {
    const big = new Uint8Array(CAMT053_MAX_BYTES + 1).fill(0x20);
    expect(refusal(big)).toBe('too_large');
  });

  it('refuses malformed XML, other documents, unknown versions, other encodings and amounts with more than two decimals', () => {
    expect(refusal(utf8('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt></Document>'))).toBe('malformed');
    expect(refusal(utf8('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn/></Document>'))).toBe('not_camt053');
    expect(refusal(utf8('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.01"><BkToCstmrStmt/></Document>'))).toBe('unsupported_version');
    expect(refusal(utf8('<?xml version="1.0" encoding="ISO-8859-1"?><Document/>'))).toBe('not_utf8');
    expect(refusal(new Uint8Array([0x3c, 0x61, 0xff, 0x3e]))).toBe('not_utf8');
    const amount = (a: string) =>
      utf8(
        `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S</Id><Ntry><Amt Ccy="EUR">${a}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry></Stmt></BkToCstmrStmt></Document>`,
      );
    expect(refusal(amount('10.005'))).toBe('bad_amount');
    expect(refusal(amount('1e3'))).toBe('bad_amount');
    expect(readCamt053(amount('10.500')).statements[0]!.credits[0]!.amount_cents).toBe(1050);
  });
});
