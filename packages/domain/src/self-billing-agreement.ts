import type { Locale } from './messages.ts';

// Issue 22: the self-billing agreement a driver accepts when joining (or later, on the account
// page). Its text lives here, once, apart from the apps' catalogues: only the screens that show it
// load it (the driver app's first page stays within its size budget).

export type SelfBillingAgreement = { title: string; paragraphs: readonly string[] };

export const SELF_BILLING_AGREEMENT: Record<Locale, SelfBillingAgreement> = {
  nl: {
    title: 'Overeenkomst voor zelffacturatie',
    paragraphs: [
      'Vrachtmarkt maakt in jouw naam en voor jouw rekening een factuur op (zelffacturatie, artikel 53, § 2 van het Belgische Btw-wetboek) voor elke rit waarvan het geld aan jou wordt vrijgegeven.',
      'Je aanvaardt elke zelffactuur, tenzij je ze binnen 30 dagen na ontvangst schriftelijk betwist.',
      'Je blijft zelf verantwoordelijk voor je btw-verplichtingen: de aangifte en betaling van de btw op deze facturen, of de vermelding van je vrijstellingsregeling.',
      'Elke partij kan deze overeenkomst schriftelijk beëindigen; ritten die daarna worden vrijgegeven, factureer je dan zelf.',
    ],
  },
  fr: {
    title: 'Convention d’autofacturation',
    paragraphs: [
      'Vrachtmarkt établit en votre nom et pour votre compte une facture (autofacturation, article 53, § 2 du Code belge de la TVA) pour chaque course dont l’argent vous est libéré.',
      'Vous acceptez chaque autofacture, sauf si vous la contestez par écrit dans les 30 jours de sa réception.',
      'Vous restez responsable de vos obligations en matière de TVA : la déclaration et le paiement de la TVA sur ces factures, ou la mention de votre régime de franchise.',
      'Chaque partie peut mettre fin à cette convention par écrit ; vous facturez alors vous-même les courses libérées ensuite.',
    ],
  },
  en: {
    title: 'Self-billing agreement',
    paragraphs: [
      'Vrachtmarkt draws up an invoice in your name and on your behalf (self-billing, article 53, § 2 of the Belgian VAT Code) for every job whose money is released to you.',
      'You accept each self-billed invoice unless you contest it in writing within 30 days of receiving it.',
      'You keep your own VAT obligations: declaring and paying the VAT on these invoices, or stating your exemption scheme.',
      'Either party may end this agreement in writing; you then invoice the jobs released afterwards yourself.',
    ],
  },
};
