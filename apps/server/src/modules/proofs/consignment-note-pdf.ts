import type { DeliveryEntryBody, Locale, NoteEntryBody, NoteSignature, PickupEntryBody } from '@vm/domain';
import PDFDocument from 'pdfkit';

// The consignment note as a PDF, printed from the sealed entries only (never edited): the pickup
// entry's particulars of CMR article 6, the delivery entry, every entry's hash and seal. Signature
// images are drawn when their bytes match the SHA-256 the entry sealed.

type Labels = Record<
  | 'title'
  | 'reference'
  | 'made_out'
  | 'sender'
  | 'carrier'
  | 'taking_over'
  | 'delivery_place'
  | 'consignee'
  | 'goods'
  | 'number_of_packages'
  | 'gross_weight'
  | 'reservations'
  | 'signatures'
  | 'delivered'
  | 'none'
  | 'good'
  | 'role_sender'
  | 'role_carrier'
  | 'role_consignee'
  | 'seal'
  | 'not_delivered',
  string
>;

const LABELS: Record<Locale, Labels> = {
  nl: {
    title: 'Vrachtbrief (CMR)',
    reference: 'Referentie',
    made_out: 'Datum en plaats van opmaak',
    sender: 'Afzender',
    carrier: 'Vervoerder',
    taking_over: 'Plaats en datum van inontvangstneming',
    delivery_place: 'Plaats bestemd voor de aflevering',
    consignee: 'Geadresseerde',
    goods: 'Aard van de goederen en wijze van verpakking',
    number_of_packages: 'Aantal colli',
    gross_weight: 'Brutogewicht',
    reservations: 'Voorbehoud',
    signatures: 'Handtekeningen',
    delivered: 'Plaats en datum van aflevering',
    none: 'Geen',
    good: 'Goederen in goede staat ontvangen',
    role_sender: 'Afzender',
    role_carrier: 'Vervoerder',
    role_consignee: 'Geadresseerde',
    seal: 'Zegel',
    not_delivered: 'Nog niet afgeleverd',
  },
  fr: {
    title: 'Lettre de voiture (CMR)',
    reference: 'Référence',
    made_out: 'Date et lieu de l’établissement',
    sender: 'Expéditeur',
    carrier: 'Transporteur',
    taking_over: 'Lieu et date de la prise en charge',
    delivery_place: 'Lieu prévu pour la livraison',
    consignee: 'Destinataire',
    goods: 'Nature de la marchandise et mode d’emballage',
    number_of_packages: 'Nombre de colis',
    gross_weight: 'Poids brut',
    reservations: 'Réserves',
    signatures: 'Signatures',
    delivered: 'Lieu et date de la livraison',
    none: 'Aucune',
    good: 'Marchandises reçues en bon état',
    role_sender: 'Expéditeur',
    role_carrier: 'Transporteur',
    role_consignee: 'Destinataire',
    seal: 'Sceau',
    not_delivered: 'Pas encore livré',
  },
  en: {
    title: 'Consignment note (CMR)',
    reference: 'Reference',
    made_out: 'Date and place of making out',
    sender: 'Sender',
    carrier: 'Carrier',
    taking_over: 'Place and date of taking over',
    delivery_place: 'Place designated for delivery',
    consignee: 'Consignee',
    goods: 'Nature of the goods and method of packing',
    number_of_packages: 'Number of packages',
    gross_weight: 'Gross weight',
    reservations: 'Reservations',
    signatures: 'Signatures',
    delivered: 'Place and date of delivery',
    none: 'None',
    good: 'Goods received in good condition',
    role_sender: 'Sender',
    role_carrier: 'Carrier',
    role_consignee: 'Consignee',
    seal: 'Seal',
    not_delivered: 'Not delivered yet',
  },
};

export type PdfEntry = { seq: number; body: NoteEntryBody; hash: string; jws: string };

export function consignmentNotePdf(entries: PdfEntry[], lang: Locale, signatureImages: Map<string, Buffer>): Promise<Buffer> {
  const l = LABELS[lang];
  const when = (s: number) => new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(s * 1000));
  const pickup = entries.find((e) => e.body.kind === 'pickup')?.body as PickupEntryBody | undefined;
  const delivery = entries.find((e) => e.body.kind === 'delivery')?.body as DeliveryEntryBody | undefined;
  const first = entries[0];
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${l.title} ${pickup?.particulars.reference ?? ''}`, ...(first ? {} : {}) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const field = (n: number, label: string, text: string) => {
    doc.font('Helvetica-Bold').fontSize(9).text(`${n}. ${label}`);
    doc.font('Helvetica').fontSize(10).text(text || '-');
    doc.moveDown(0.4);
  };
  const signatures = (list: NoteSignature[]) => {
    for (const s of list) {
      const role = s.role === 'sender' ? l.role_sender : s.role === 'carrier' ? l.role_carrier : l.role_consignee;
      doc.font('Helvetica').fontSize(10).text(`${role}: ${s.name}, ${when(s.signed_at)}`);
      const img = s.image_sha256 ? signatureImages.get(s.image_sha256) : undefined;
      if (img) {
        try {
          doc.image(img, { fit: [160, 60] });
        } catch {
          // An image pdfkit cannot draw leaves the name and time, which are sealed anyway.
        }
      }
    }
  };

  doc.font('Helvetica-Bold').fontSize(16).text(l.title);
  doc.moveDown(0.5);
  if (pickup) {
    const p = pickup.particulars;
    doc.font('Helvetica').fontSize(10).text(`${l.reference}: ${p.reference}`);
    doc.moveDown(0.5);
    field(1, l.made_out, `${p.made_out.place}, ${when(p.made_out.date)}`);
    field(2, l.sender, `${p.sender.name}\n${p.sender.address}`);
    field(3, l.carrier, `${p.carrier.name}\n${p.carrier.address}`);
    field(4, l.taking_over, `${p.taking_over.place}, ${when(p.taking_over.date)}`);
    field(5, l.delivery_place, `${p.delivery_place.place} (${when(p.delivery_place.date_from)} - ${when(p.delivery_place.date_till)})`);
    field(6, l.consignee, `${p.consignee.name}\n${p.consignee.address}`);
    field(7, l.goods, p.goods.map((g) => `${g.description} (${g.packing})`).join('\n'));
    field(8, l.number_of_packages, String(p.number_of_packages));
    field(9, l.gross_weight, `${p.gross_weight_kg} kg`);
    field(10, `${l.reservations} (${l.taking_over})`, pickup.condition === 'good' ? `${l.none}. ${l.good}.` : pickup.reservations);
    doc.font('Helvetica-Bold').fontSize(9).text(`11. ${l.signatures}`);
    signatures(pickup.signatures);
    doc.moveDown(0.4);
  }
  if (delivery) {
    field(12, l.delivered, `${delivery.delivered.place}, ${when(delivery.delivered.date)}`);
    field(13, `${l.reservations} (${l.consignee})`, delivery.condition === 'good' ? `${l.none}. ${l.good}.` : delivery.reservations);
    doc.font('Helvetica-Bold').fontSize(9).text(`14. ${l.signatures}`);
    signatures(delivery.signatures);
  } else {
    doc.font('Helvetica').fontSize(10).text(l.not_delivered);
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(8).text(l.seal);
  for (const e of entries) {
    doc.font('Courier').fontSize(6).text(`#${e.seq} ${e.body.kind} sha256 ${e.hash}`);
    doc.text(`JWS ${e.jws.slice(0, 60)}...${e.jws.slice(-40)}`);
  }
  doc.end();
  return done;
}
