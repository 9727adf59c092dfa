import { isLocale, type Locale, type SupportTopic } from '@vm/domain';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { SupportRequestRow } from './support.repository.ts';

// A kept request to the mail staff read, in one place. Staff work in Dutch (the product language);
// the sender's language is stated so the answer can be in theirs.

const TOPIC: Record<SupportTopic, string> = { payment: 'Betalen', cancellation: 'Annuleren', insurance: 'Verzekering', account: 'Account', other: 'Iets anders' };
// In Dutch, the staff's language (not each language's own name, as a picker shows it).
const LANGUAGE: Record<Locale, string> = { nl: 'Nederlands', fr: 'Frans', en: 'Engels' };

export function toSupportMail(r: SupportRequestRow, to: string): MailMessage {
  const language = isLocale(r.locale) ? LANGUAGE[r.locale] : r.locale;
  const lines = [
    `Van: ${r.name} <${r.email}>`,
    `Onderwerp: ${TOPIC[r.topic]}`,
    `Taal: ${language}`,
    `Account: ${r.userId === null ? 'niet aangemeld' : `gebruiker ${r.userId}`}`,
    ...(r.shipmentId === null ? [] : [`Opdracht: ${r.shipmentId}`]),
    `Aanvraag: ${r.id}`,
    '',
    r.message,
    '',
    '--',
    'Antwoorden gaat naar de afzender (Reply-To).',
    '',
  ];
  return { to, replyTo: r.email, subject: `[Contact ${r.id}] ${TOPIC[r.topic]}: ${r.name}`, text: lines.join('\n') };
}
