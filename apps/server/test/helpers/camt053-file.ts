// A bank's CAMT.053 statement (camt.053.001.08, as Belgian banks send it) with the credits a test
// needs: one booked credit entry per transfer, its structured communication in RmtInf/Strd. Used by
// the server tests and the e2e walk of the invoice-payment path (staff import the file).

export type StatementCredit = { amountCents: number; communication?: string; unstructured?: string; reference: string; bookingDate: string; debtorName?: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const amount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function camt053File(p: { id: string; iban: string; credits: StatementCredit[] }): string {
  const entries = p.credits
    .map(
      (c) => `
      <Ntry>
        <Amt Ccy="EUR">${amount(c.amountCents)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${c.bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${c.bookingDate}</Dt></ValDt>
        <AcctSvcrRef>${esc(c.reference)}</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${esc(c.reference)}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="EUR">${amount(c.amountCents)}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${esc(c.debtorName ?? 'Peeters Meubelen BV')}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>BE71096123456769</IBAN></Id></DbtrAcct></RltdPties>
            <RmtInf>${c.communication ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${c.communication.replace(/\D/g, '')}</Ref></CdtrRefInf></Strd>` : ''}${c.unstructured ? `<Ustrd>${esc(c.unstructured)}</Ustrd>` : ''}</RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${esc(p.id)}</MsgId><CreDtTm>2026-11-30T04:30:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${esc(p.id)}</Id>
      <CreDtTm>2026-11-30T04:30:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${p.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

