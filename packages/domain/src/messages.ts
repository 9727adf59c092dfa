// Message catalogue shared by server and web: schemas carry a key, each side translates it.
// Dutch is the product language; English is the fallback for every other Accept-Language.

export type Locale = 'nl' | 'en';

const nl = {
  required: 'Dit veld is verplicht.',
  email_invalid: 'Vul een geldig e-mailadres in.',
  password_min: 'Het wachtwoord moet minstens 6 tekens lang zijn.',
  password_mismatch: 'De wachtwoorden komen niet overeen.',
  birthday_invalid: 'Vul een geldige datum in (DD/MM/JJJJ).',
  birthday_under_18: 'Je moet ouder zijn dan 18 jaar.',
  phone_invalid: 'Vul een geldig telefoonnummer in.',
  phone_not_verified: 'Verifieer eerst je telefoonnummer met de sms-code.',
  email_taken: 'Er bestaat al een account met dit e-mailadres.',
  code_format: 'De code bestaat uit 6 cijfers.',
  code_invalid: 'De code is onjuist.',
  code_expired: 'De code is verlopen. Vraag een nieuwe code aan.',
  code_too_many_tries: 'Te veel foute pogingen. Vraag een nieuwe code aan.',
  country_invalid: 'Kies een geldig land.',
  too_long: 'Deze tekst is te lang.',
  reset_token_invalid: 'Deze link om je wachtwoord te herstellen is ongeldig of verlopen.',
  reset_token_used: 'Deze link is al gebruikt om een nieuw wachtwoord te kiezen. Een link werkt maar één keer: vraag een nieuwe aan als dat nodig is.',
  reset_token_expired: 'Deze link is verlopen: een link blijft 1 uur geldig. Vraag een nieuwe aan.',
  invalid_credentials: 'Het e-mailadres of wachtwoord is onjuist.',
  // The web app and older clients match this sentence literally (SPEC section 8): never translate it.
  refresh_token_invalid: 'The refresh token is invalid.',
  invalid_client: 'Onbekende of ongeldige client.',
  unsupported_grant_type: 'Dit grant type wordt niet ondersteund.',
  invalid_scope: 'Ongeldige scope.',
  access_denied: 'Je bent niet (meer) aangemeld.',
  too_many_requests: 'Te veel pogingen. Probeer het later opnieuw.',
  not_found: 'Niet gevonden.',
  file_not_image: 'Dit bestand is geen afbeelding (JPEG, PNG, WebP, GIF, HEIC of AVIF).',
  file_too_large: 'Dit bestand is te groot (maximaal 10 MB).',
  image_too_many_pixels: 'Deze afbeelding heeft te veel pixels.',
  file_missing: 'Voeg een bestand toe.',
  invalid_body: 'De aanvraag is ongeldig.',
  server_error: 'Er ging iets mis. Probeer het later opnieuw.',
  number_whole: 'Vul een geheel getal in.',
  dimension_min: 'Minimaal 1.',
  dimension_max: 'Dit is meer dan het maximum voor dit type.',
  too_many_photos: "Te veel foto's voor dit pakket.",
  date_order: 'De startdatum moet voor de einddatum liggen.',
  date_in_past: 'De gekozen datum moet in de toekomst liggen.',
  date_invalid: 'Deze datum is ongeldig.',
  date_too_far: 'Je kunt ten hoogste een jaar vooruit boeken.',
  invalid_characters: 'Deze tekst bevat onzichtbare tekens die niet toegelaten zijn.',
  photo_used_twice: 'Elke foto hoort bij één pakket en komt maar één keer voor.',
  time_order: 'Het einduur moet minstens een uur na het beginuur liggen.',
  time_too_late: 'Kies een beginuur tot 23:00 en een einduur tot 23:59.',
  option_unavailable: 'Deze keuze is niet meer mogelijk.',
  before_pickup: 'De levering kan niet voor het ophalen beginnen.',
  address_incomplete: 'Het adres moet een volledig adres met straat en huisnummer zijn.',
  no_address_found: 'Geen adres gevonden voor deze locatie.',
  timezone_mismatch: 'De tijdzone past niet bij dit adres.',
  package_required: 'Voeg minstens één pakket toe.',
  state_change_not_allowed: 'Deze opdracht kan in haar huidige status niet meer zo gewijzigd worden.',
  insurance_locked: 'De verzekering kan niet meer gewijzigd worden: er is al een bod aanvaard of de opdracht is geannuleerd.',
  forbidden_role: 'Deze functie is niet beschikbaar voor jouw soort account.',
  offer_already_accepted: 'Voor deze opdracht is al een bod aanvaard.',
  payment_in_progress: 'Er loopt al een betaling voor deze opdracht. Wacht even en herlaad de pagina.',
  offer_not_open: 'Dit bod is niet meer geldig.',
  shipment_not_open: 'Deze opdracht staat niet meer open voor biedingen.',
  no_payment_method: 'Voeg eerst een kredietkaart toe.',
  payment_declined: 'De betaling werd geweigerd.',
  payment_pending: 'De betaling is nog niet bevestigd.',
  payment_unknown: 'We konden de betaling niet bevestigen bij de kaartuitgever. Probeer het over een minuut opnieuw; je betaalt nooit twee keer.',
  rating_not_allowed: 'Je kan pas een beoordeling geven als de opdracht afgerond is.',
  rating_already_given: 'Je hebt deze opdracht al beoordeeld.',
  rating_range: 'Kies 1 tot 5 sterren.',
  price_invalid: 'Vul een prijs in euro in, groter dan 0 en met hoogstens 2 decimalen.',
  vat_locked: 'Het btw-nummer kan niet meer gewijzigd worden.',
  vat_country: 'Begin het btw-nummer met de landcode van een EU-land, bv. BE0403170701.',
  vat_be_format: 'Een Belgisch btw-nummer is BE0 of BE1 gevolgd door 9 cijfers, bv. BE0403170701.',
  vat_format: 'Dit btw-nummer heeft niet de vorm die bij dit land hoort.',
  vat_checksum: 'Dit btw-nummer bestaat niet: controleer de cijfers.',
  vat_not_registered: 'Dit btw-nummer is niet actief volgens de Europese btw-databank (VIES).',
  card_number_invalid: 'Dit kaartnummer is ongeldig.',
  card_expiry_invalid: 'De vervaldatum is ongeldig.',
  card_cvc_invalid: 'De beveiligingscode is ongeldig.',
  return_path_invalid: 'Ongeldige terugkeerpagina.',
  webhook_signature_invalid: 'Invalid signature.',
  message_required: 'Typ eerst een bericht.',
  message_too_long: 'Een bericht is hoogstens 2.000 tekens lang.',
  message_invalid: 'Dit bericht bevat ongeldige tekens.',
  chat_not_open: 'De chat opent zodra een bod aanvaard is.',
  stream_token_invalid: 'Deze stroomsleutel is ongeldig of verlopen.',
  tracking_not_open: 'Tracking kan je delen zodra een bod aanvaard is.',
} as const;

export type MessageKey = keyof typeof nl;

const en: Record<MessageKey, string> = {
  required: 'This field is required.',
  email_invalid: 'Enter a valid email address.',
  password_min: 'The password must be at least 6 characters long.',
  password_mismatch: 'The passwords do not match.',
  birthday_invalid: 'Enter a valid date (DD/MM/YYYY).',
  birthday_under_18: 'You must be over 18 years old.',
  phone_invalid: 'Enter a valid phone number.',
  phone_not_verified: 'Verify your phone number with the SMS code first.',
  email_taken: 'An account with this email address already exists.',
  code_format: 'The code has 6 digits.',
  code_invalid: 'The code is incorrect.',
  code_expired: 'The code has expired. Request a new code.',
  code_too_many_tries: 'Too many wrong attempts. Request a new code.',
  country_invalid: 'Choose a valid country.',
  too_long: 'This text is too long.',
  reset_token_invalid: 'This password reset link is invalid or has expired.',
  reset_token_used: 'This link has already been used to choose a new password. A link works only once: ask for a new one if needed.',
  reset_token_expired: 'This link has expired: a link stays valid for 1 hour. Ask for a new one.',
  invalid_credentials: 'The email address or password is incorrect.',
  refresh_token_invalid: 'The refresh token is invalid.',
  invalid_client: 'Unknown or invalid client.',
  unsupported_grant_type: 'This grant type is not supported.',
  invalid_scope: 'Invalid scope.',
  access_denied: 'You are not (or no longer) signed in.',
  too_many_requests: 'Too many attempts. Try again later.',
  not_found: 'Not found.',
  file_not_image: 'This file is not an image (JPEG, PNG, WebP, GIF, HEIC or AVIF).',
  file_too_large: 'This file is too large (10 MB at most).',
  image_too_many_pixels: 'This image has too many pixels.',
  file_missing: 'Add a file.',
  invalid_body: 'The request is invalid.',
  server_error: 'Something went wrong. Try again later.',
  number_whole: 'Enter a whole number.',
  dimension_min: 'At least 1.',
  dimension_max: 'This is more than the maximum for this type.',
  too_many_photos: 'Too many photos for this package.',
  date_order: 'The start date should be less than the end date',
  date_in_past: 'The picked date should be in the future',
  date_invalid: 'This date is invalid.',
  date_too_far: 'You can book at most one year ahead.',
  invalid_characters: 'This text contains invisible characters that are not allowed.',
  photo_used_twice: 'Each photo belongs to one package and appears only once.',
  time_order: 'The end time must be at least one hour after the start time.',
  time_too_late: 'Choose a start time up to 23:00 and an end time up to 23:59.',
  option_unavailable: 'This choice is no longer available.',
  before_pickup: 'The delivery cannot start before the pickup.',
  address_incomplete: 'The address should contain a full address with street and number',
  no_address_found: 'No address found for this location.',
  timezone_mismatch: 'The time zone does not match this address.',
  package_required: 'Add at least one package.',
  state_change_not_allowed: 'This shipment can no longer be changed like that in its current state.',
  insurance_locked: 'The insurance can no longer be changed: an offer was accepted or the shipment was cancelled.',
  forbidden_role: 'This is not available for your kind of account.',
  offer_already_accepted: 'An offer has already been accepted for this shipment.',
  payment_in_progress: 'A payment for this shipment is already in progress. Wait a moment and reload the page.',
  offer_not_open: 'This offer is no longer valid.',
  shipment_not_open: 'This shipment is no longer open for offers.',
  no_payment_method: 'Add a credit card first.',
  payment_declined: 'The payment was declined.',
  payment_pending: 'The payment has not been confirmed yet.',
  payment_unknown: 'We could not confirm the payment with the card issuer. Try again in a minute; you will never be charged twice.',
  rating_not_allowed: 'You can rate a shipment once it is finalised.',
  rating_already_given: 'You have already rated this shipment.',
  rating_range: 'Choose 1 to 5 stars.',
  price_invalid: 'Enter a price in euros, above 0 and with at most 2 decimals.',
  vat_locked: 'The VAT number can no longer be changed.',
  vat_country: 'Start the VAT number with the country code of an EU country, e.g. BE0403170701.',
  vat_be_format: 'A Belgian VAT number is BE0 or BE1 followed by 9 digits, e.g. BE0403170701.',
  vat_format: 'This VAT number does not have the format of its country.',
  vat_checksum: 'This VAT number does not exist: check the digits.',
  vat_not_registered: 'This VAT number is not active according to the European VAT database (VIES).',
  card_number_invalid: 'This card number is invalid.',
  card_expiry_invalid: 'The expiry date is invalid.',
  card_cvc_invalid: 'The security code is invalid.',
  return_path_invalid: 'Invalid return page.',
  webhook_signature_invalid: 'Invalid signature.',
  message_required: 'Type a message first.',
  message_too_long: 'A message is at most 2,000 characters long.',
  message_invalid: 'This message contains invalid characters.',
  chat_not_open: 'Chat opens once an offer is accepted.',
  stream_token_invalid: 'This stream token is invalid or has expired.',
  tracking_not_open: 'Tracking can be shared once an offer is accepted.',
};

export const messages: Record<Locale, Record<MessageKey, string>> = { nl, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(nl, key);
}

/** Translates a key; unknown keys are returned as they are so nothing is ever shown blank. */
export function translate(key: string, locale: Locale): string {
  return isMessageKey(key) ? messages[locale][key] : key;
}

/** Picks nl or en from an Accept-Language header (nl-BE, nl;q=0.9, fr-BE -> en). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'nl';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((r) => r.lang && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const r of ranked) {
    if (r.lang === 'nl' || r.lang === 'en') return r.lang;
  }
  return ranked.length ? 'en' : 'nl';
}
