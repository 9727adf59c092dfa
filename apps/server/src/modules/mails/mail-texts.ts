import { type EventOf, eventText, type Locale, localeTagOf, type EventPayloads, formatEuro, type PaymentMethodName, type PaymentReceipt, restrictionStatement } from '@vm/domain';
import { formatWindow } from '@vm/domain/window-format';
import type { MailWindow } from './mails.mapper.ts';

// The mails' words, plain text, in the languages the product speaks. Each names the job by its
// reference number and links to it.

export type MailText = { subject: string; text: string };
/** What a receipt states (kept with the payment when it succeeded). */
export type ReceiptFacts = Omit<PaymentReceipt, 'paid_at' | 'subject' | 'lines' | 'money'>;

const money = (euros: number, l: Locale) => formatEuro(Math.round(euros * 100), localeTagOf(l));

const METHOD: Record<PaymentMethodName, Record<Locale, string>> = {
  card: { nl: 'kredietkaart', fr: 'carte de crédit', en: 'credit card' },
  invoice: { nl: 'factuur', fr: 'facture', en: 'invoice' },
  bancontact: { nl: 'Bancontact', fr: 'Bancontact', en: 'Bancontact' },
};

const GREETING: Record<Locale, string> = { nl: 'Hallo,', fr: 'Bonjour,', en: 'Hello,' };
const OPEN: Record<Locale, string> = { nl: 'Bekijk de opdracht:', fr: 'Voir la mission :', en: 'View the job:' };
const FOOTER: Record<Locale, string> = {
  nl: 'Je krijgt deze mail omdat je meldingen per mail aan hebt staan. Je kunt ze uitzetten op je accountpagina.',
  fr: 'Vous recevez ce mail car les notifications par mail sont activées. Vous pouvez les désactiver sur la page de votre compte.',
  en: 'You get this mail because mail notifications are on. You can switch them off on your account page.',
};

/** The job's booked windows, each on its own zone's clock, in the one form every screen uses, then its place. */
export type MailWindows = { pickup: MailWindow; delivery: MailWindow } | null;
const WINDOW_LABEL: Record<Locale, { pickup: string; delivery: string }> = {
  nl: { pickup: 'Ophalen', delivery: 'Leveren' },
  fr: { pickup: 'Enlèvement', delivery: 'Livraison' },
  en: { pickup: 'Pickup', delivery: 'Delivery' },
};
const WINDOW_SEP: Record<Locale, string> = { nl: ': ', fr: ' : ', en: ': ' };
export function windowLines(w: MailWindows, l: Locale): string[] {
  if (!w) return [];
  const line = (side: 'pickup' | 'delivery') =>
    `${WINDOW_LABEL[l][side]}${WINDOW_SEP[l]}${formatWindow(w[side].from, w[side].till, w[side].timezone, localeTagOf(l))}${w[side].place ? `, ${w[side].place}` : ''}`;
  return ['', line('pickup'), line('delivery')];
}

const body = (l: Locale, lines: string[], link: string) => [GREETING[l], '', ...lines, '', OPEN[l], link, '', '--', FOOTER[l], ''].join('\n');

export function offerMail(p: EventPayloads['shipment.offer.new'], first: boolean, l: Locale, link: string, when: MailWindows = null): MailText {
  if (first) {
    const t = {
      nl: { subject: `Nieuw bod op ${p.reference}`, line: `${p.driver_name} deed een bod van ${money(p.total, l)} op je opdracht ${p.reference}.` },
      fr: { subject: `Nouvelle offre pour ${p.reference}`, line: `${p.driver_name} a fait une offre de ${money(p.total, l)} pour votre mission ${p.reference}.` },
      en: { subject: `New offer on ${p.reference}`, line: `${p.driver_name} made an offer of ${money(p.total, l)} on your job ${p.reference}.` },
    }[l];
    return { subject: t.subject, text: body(l, [t.line, ...windowLines(when, l)], link) };
  }
  const t = {
    nl: { subject: `Nieuwe biedingen op ${p.reference}`, line: `Er kwamen nieuwe biedingen binnen op je opdracht ${p.reference}, de laatste van ${p.driver_name}: ${money(p.total, l)}.` },
    fr: { subject: `Nouvelles offres pour ${p.reference}`, line: `De nouvelles offres sont arrivées pour votre mission ${p.reference}, la dernière de ${p.driver_name} : ${money(p.total, l)}.` },
    en: { subject: `New offers on ${p.reference}`, line: `New offers came in on your job ${p.reference}, the latest from ${p.driver_name}: ${money(p.total, l)}.` },
  }[l];
  return { subject: t.subject, text: body(l, [t.line, ...windowLines(when, l)], link) };
}

/** The sender's receipt: amount, VAT, how it was paid. The mail and the job page's payment block both show it. */
export function receiptText(p: ReceiptFacts, l: Locale): { subject: string; lines: string[] } {
  const how = METHOD[p.method][l] + (p.card_last4 ? ` •••• ${p.card_last4}` : '');
  const t = {
    nl: {
      subject: `Betalingsbewijs ${p.reference}: bod van ${p.driver_name} aanvaard`,
      lines: [`Je aanvaardde het bod van ${p.driver_name} op ${p.reference}.`, '', `Totaal (incl. btw): ${money(p.total, l)}`, `Btw ${p.vat_percent}%: ${money(p.vat_amount, l)}`, `Betaald met: ${how}`],
    },
    fr: {
      subject: `Reçu ${p.reference} : offre de ${p.driver_name} acceptée`,
      lines: [`Vous avez accepté l’offre de ${p.driver_name} pour ${p.reference}.`, '', `Total (TVA comprise) : ${money(p.total, l)}`, `TVA ${p.vat_percent} % : ${money(p.vat_amount, l)}`, `Payé par : ${how}`],
    },
    en: {
      subject: `Receipt ${p.reference}: offer from ${p.driver_name} accepted`,
      lines: [`You accepted the offer from ${p.driver_name} on ${p.reference}.`, '', `Total (incl. VAT): ${money(p.total, l)}`, `VAT ${p.vat_percent}%: ${money(p.vat_amount, l)}`, `Paid by: ${how}`],
    },
  }[l];
  return { subject: t.subject, lines: t.lines };
}

export function acceptedMail(p: ReceiptFacts, l: Locale, link: string, when: MailWindows = null): MailText {
  const t = receiptText(p, l);
  return { subject: t.subject, text: body(l, [...t.lines, ...windowLines(when, l)], link) };
}

export function deliveredMail(p: EventPayloads['shipment.state.changed'], l: Locale, link: string): MailText {
  const t = {
    nl: { subject: `${p.reference} is geleverd`, line: `Je zending ${p.reference} is geleverd.` },
    fr: { subject: `${p.reference} est livrée`, line: `Votre envoi ${p.reference} a été livré.` },
    en: { subject: `${p.reference} was delivered`, line: `Your shipment ${p.reference} was delivered.` },
  }[l];
  // Issue 21 part 3: the proof and the consignment note are on the job's page, with the 24 hours to answer.
  const proof = {
    nl: 'Het bewijs van levering en de vrachtbrief (CMR) staan op de pagina van je opdracht. Bevestig daar binnen 24 uur de levering of meld een probleem; daarna geldt de levering als bevestigd.',
    fr: 'La preuve de livraison et la lettre de voiture (CMR) se trouvent sur la page de votre mission. Confirmez-y la livraison ou signalez un problème dans les 24 heures ; ensuite la livraison est considérée comme confirmée.',
    en: 'The proof of delivery and the consignment note (CMR) are on your job’s page. Confirm the delivery or report a problem there within 24 hours; after that the delivery counts as confirmed.',
  }[l];
  return { subject: t.subject, text: body(l, [t.line, proof], link) };
}

export function chatUnreadMail(p: EventPayloads['shipment.message.new'], l: Locale, link: string): MailText {
  const t = {
    nl: { subject: `Ongelezen bericht van ${p.from_name} over ${p.reference}`, line: `${p.from_name} stuurde je een bericht over ${p.reference}:` },
    fr: { subject: `Message non lu de ${p.from_name} sur ${p.reference}`, line: `${p.from_name} vous a envoyé un message sur ${p.reference} :` },
    en: { subject: `Unread message from ${p.from_name} about ${p.reference}`, line: `${p.from_name} sent you a message about ${p.reference}:` },
  }[l];
  return { subject: t.subject, text: body(l, [t.line, '', `"${p.preview}"`], link) };
}

/** After registration (issue 20): where the app is and where help is; no settings footer, it is sent once. */
export function welcomeMail(l: Locale, appLink: string, helpLink: string): MailText {
  const t = {
    nl: {
      subject: 'Welkom bij Vrachtmarkt',
      lines: ['Je account is aangemaakt. Je kunt nu transport boeken en biedingen van chauffeurs ontvangen.', '', 'Naar de app:', appLink, '', 'Vragen? Kijk op de hulppagina of stuur ons een bericht:', helpLink],
    },
    fr: {
      subject: 'Bienvenue chez Vrachtmarkt',
      lines: ['Votre compte est créé. Vous pouvez maintenant réserver un transport et recevoir des offres de chauffeurs.', '', 'Vers l’application :', appLink, '', 'Des questions ? Consultez la page d’aide ou envoyez-nous un message :', helpLink],
    },
    en: {
      subject: 'Welcome to Vrachtmarkt',
      lines: ['Your account is ready. You can now book transport and receive offers from drivers.', '', 'Open the app:', appLink, '', 'Questions? See the help page or send us a message:', helpLink],
    },
  }[l];
  return { subject: t.subject, text: [GREETING[l], '', ...t.lines, ''].join('\n') };
}

/** A new driver's welcome: what is left before they can bid. */
export function driverWelcomeMail(l: Locale, appLink: string): MailText {
  const t = {
    nl: {
      subject: 'Welkom bij Vrachtmarkt, chauffeur',
      lines: ['Je chauffeursaccount is aangemaakt. Voeg je voertuigen en documenten toe en vraag de controle aan: zodra ons team je goedkeurt, kun je bieden.', '', 'Naar de chauffeursapp:', appLink],
    },
    fr: {
      subject: 'Bienvenue chez Vrachtmarkt, chauffeur',
      lines: ['Votre compte chauffeur est créé. Ajoutez vos véhicules et documents et demandez la vérification : dès que notre équipe vous approuve, vous pouvez faire des offres.', '', 'Vers l’application chauffeur :', appLink],
    },
    en: {
      subject: 'Welcome to Vrachtmarkt, driver',
      lines: ['Your driver account is ready. Add your vehicles and documents and ask for verification: once our team approves you, you can bid.', '', 'Open the driver app:', appLink],
    },
  }[l];
  return { subject: t.subject, text: [GREETING[l], '', ...t.lines, ''].join('\n') };
}

const DRIVER_SUBJECTS: Record<'approved' | 'refused' | 'expiring', Record<Locale, string>> = {
  approved: { nl: 'Je chauffeursaccount is goedgekeurd', fr: 'Votre compte chauffeur est approuvé', en: 'Your driver account is approved' },
  refused: { nl: 'Je chauffeursaccount is nog niet goedgekeurd', fr: 'Votre compte chauffeur n’est pas encore approuvé', en: 'Your driver account is not approved yet' },
  expiring: { nl: 'Een document vervalt binnenkort', fr: 'Un document expire bientôt', en: 'A document expires soon' },
};

/** Staff's decision (with the reason, in the driver's language) or a document about to expire. */
export function driverAccountMail(e: EventOf<'driver.verification.decided' | 'driver.document.expiring'>, l: Locale, appLink: string): MailText {
  const subject = e.type === 'driver.document.expiring' ? DRIVER_SUBJECTS.expiring[l] : DRIVER_SUBJECTS[e.payload.approved ? 'approved' : 'refused'][l];
  return { subject, text: [GREETING[l], '', eventText(e, l), '', appLink, ''].join('\n') };
}

const PROBLEM_SUBJECTS: Record<'problem.reported' | 'problem.answered' | 'problem.decided', Record<Locale, string>> = {
  'problem.reported': { nl: 'Probleem gemeld bij je opdracht', fr: 'Problème signalé pour votre mission', en: 'A problem was reported with your job' },
  'problem.answered': { nl: 'De chauffeur antwoordde op je melding', fr: 'Le chauffeur a répondu à votre signalement', en: 'The driver answered your report' },
  'problem.decided': { nl: 'Onze beslissing over het gemelde probleem', fr: 'Notre décision sur le problème signalé', en: 'Our decision on the reported problem' },
};

/** Issue 23: a problem with a job, the driver's answer, staff's decision with its reason (to both parties). */
export function problemMail(e: EventOf<'problem.reported' | 'problem.answered' | 'problem.decided'>, l: Locale, link: string): MailText {
  return { subject: `${PROBLEM_SUBJECTS[e.type][l]} (${e.payload.reference})`, text: [GREETING[l], '', eventText(e, l), '', link, ''].join('\n') };
}

// Issue 23 part 2: a restriction's statement of reasons (P2B art. 4), or its lifting, in the user's language.
const RESTRICTION_SUBJECTS: Record<'restrict' | 'suspend' | 'lifted', Record<Locale, string>> = {
  restrict: { nl: 'Je account is beperkt', fr: 'Votre compte est restreint', en: 'Your account is restricted' },
  suspend: { nl: 'Je account is geschorst', fr: 'Votre compte est suspendu', en: 'Your account is suspended' },
  lifted: { nl: 'De beperking van je account is opgeheven', fr: 'La restriction de votre compte est levée', en: 'The restriction on your account was lifted' },
};
const STATEMENT_HEADS: Record<'what' | 'when' | 'why' | 'contest' | 'basis', Record<Locale, string>> = {
  what: { nl: 'Wat is beperkt', fr: 'Ce qui est restreint', en: 'What is restricted' },
  when: { nl: 'Periode', fr: 'Période', en: 'Period' },
  why: { nl: 'Waarom', fr: 'Pourquoi', en: 'Why' },
  contest: { nl: 'Bezwaar maken', fr: 'Contester', en: 'How to contest' },
  basis: { nl: 'Rechtsgrond', fr: 'Base juridique', en: 'Legal basis' },
};

export function restrictionMail(e: EventOf<'account.restricted' | 'account.restriction.lifted'>, l: Locale, appLink: string): MailText {
  if (e.type === 'account.restriction.lifted') return { subject: RESTRICTION_SUBJECTS.lifted[l], text: [GREETING[l], '', eventText(e, l), '', appLink, ''].join('\n') };
  const s = restrictionStatement(e.payload, l);
  const part = (head: keyof typeof STATEMENT_HEADS, body: string) => [`${STATEMENT_HEADS[head][l]}:`, body, ''];
  return {
    subject: RESTRICTION_SUBJECTS[e.payload.kind][l],
    text: [GREETING[l], '', ...part('what', s.restricted), ...part('when', s.period), ...part('why', s.reason), ...part('contest', s.how_to_contest), ...part('basis', s.legal_basis), appLink, ''].join('\n'),
  };
}

/** Issue 23: staff's decision on a company's invoice payment, in the user's language; a refusal carries staff's reason. */
export function companyInvoiceMail(p: EventPayloads['company.invoice.status'], l: Locale, appLink: string): MailText {
  const approved = p.status === 'approved';
  const t = {
    nl: approved
      ? { subject: 'Betalen op factuur is goedgekeurd', lines: ['Je bedrijf mag voortaan op factuur betalen: kies "Factuur" wanneer je een bod aanvaardt. De factuur is te betalen binnen 30 dagen met de gestructureerde mededeling die erop staat.'] }
      : { subject: 'Betalen op factuur is niet goedgekeurd', lines: ['We kunnen betalen op factuur voor je bedrijf niet goedkeuren.', '', `Reden: ${p.reason ?? ''}`, '', 'Je kunt nog altijd met kaart of Bancontact betalen. Vragen? Antwoord via de helppagina.'] },
    fr: approved
      ? { subject: 'Le paiement sur facture est approuvé', lines: ['Votre entreprise peut désormais payer sur facture : choisissez « Facture » lorsque vous acceptez une offre. La facture est à payer dans les 30 jours avec la communication structurée qui y figure.'] }
      : { subject: 'Le paiement sur facture n’est pas approuvé', lines: ['Nous ne pouvons pas approuver le paiement sur facture pour votre entreprise.', '', `Motif : ${p.reason ?? ''}`, '', 'Vous pouvez toujours payer par carte ou Bancontact. Des questions ? Répondez via la page d’aide.'] },
    en: approved
      ? { subject: 'Invoice payment is approved', lines: ['Your company may now pay by invoice: choose "Invoice" when you accept an offer. The invoice is due within 30 days with the structured communication it shows.'] }
      : { subject: 'Invoice payment is not approved', lines: ['We cannot approve invoice payment for your company.', '', `Reason: ${p.reason ?? ''}`, '', 'You can still pay by card or Bancontact. Questions? Reply through the help page.'] },
  }[l];
  return { subject: t.subject, text: [GREETING[l], '', ...t.lines, '', appLink, ''].join('\n') };
}
