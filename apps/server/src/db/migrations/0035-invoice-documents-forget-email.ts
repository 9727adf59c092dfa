import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Decision 0035: a deleted account's e-mail is nowhere, yet accounts deleted before this migration
// kept it in their invoices' documents (the buyer of the platform's invoices and credit notes, the
// seller of a driver's self-billed ones) and in the UBL's contact of that party. An e-mail is no
// mention an invoice must carry, so it goes; every other byte of the documents stays. A deleted
// user has the marker name and a deleted-<id>-…@deleted.invalid address (the deletion's own).

const DELETED_USER_NAME = 'Verwijderde gebruiker';

type Kind = 'invoice' | 'credit_note' | 'self_billed_invoice' | 'self_billed_credit_note';
type Row = { id: number; kind: Kind; document: string; ubl: string | null };
type Party = Record<string, unknown>;

const sideOf = (kind: Kind): 'buyer' | 'seller' => (kind === 'invoice' || kind === 'credit_note' ? 'buyer' : 'seller');
const UBL_PARTY = { buyer: 'cac:AccountingCustomerParty', seller: 'cac:AccountingSupplierParty' } as const;

function documentWithoutEmail(document: string, kind: Kind): string | null {
  const doc = JSON.parse(document) as Record<string, unknown>;
  const side = sideOf(kind);
  const party = doc[side] as Party | undefined;
  if (!party || !('email' in party)) return null;
  const { email: _email, ...rest } = party;
  return JSON.stringify({ ...doc, [side]: rest });
}

function ublWithoutEmail(ubl: string, kind: Kind): string {
  const end = `</cac:Party></${UBL_PARTY[sideOf(kind)]}>`;
  return ubl.replace(new RegExp(`<cac:Contact><cbc:ElectronicMail>[^<]*</cbc:ElectronicMail></cac:Contact>(?=${end})`), '');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<Row>`
    select i.id, i.kind, i.document, i.ubl from invoices i join users u on u.id = i.user_id
    where u.first_name = ${DELETED_USER_NAME} and u.email like 'deleted-' || u.id || '-%@deleted.invalid'
    order by i.id`.execute(db);
  for (const r of rows) {
    const document = documentWithoutEmail(r.document, r.kind);
    if (document === null) continue;
    await sql`update invoices set document = ${document}, ubl = ${r.ubl === null ? null : ublWithoutEmail(r.ubl, r.kind)} where id = ${r.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The e-mails are gone: nothing to put back.
}
