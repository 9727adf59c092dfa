import { cardErrorKey } from '@vm/domain/marketplace';
import { ApiError } from '@vm/client/api-client.ts';
import { validationText } from '../../lib/i18n.ts';

// The card form's typing aids and its refusal texts. Formatting works on digits only, so
// deleting a slash or a space deletes what the user meant and the caret stays where it was.

/** The digits of a card number, in groups of four: '4242424242424242' -> '4242 4242 4242 4242'. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as MM/JJ while typing: '1229' -> '12/29'. The slash appears with the third digit,
 * so backspace after '12/2' gives '12/' -> '12' and never gets stuck on the slash. A first digit
 * above 1 can only be a month on its own: '4' -> '04'.
 */
export function formatExpiry(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * Reformats an input in place (before a form library reads it) and keeps the caret after the
 * same number of digits as before. Deleting only a separator (the space or the slash) deletes
 * the digit before it, as the user meant.
 */
export function reformatInput(input: HTMLInputElement, format: (raw: string) => string): void {
  let raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  let digitsBeforeCaret = digitsOf(raw.slice(0, caret)).length;
  const previous = input.dataset.formatted ?? '';
  if (raw.length < previous.length && digitsOf(raw) === digitsOf(previous) && digitsBeforeCaret > 0) {
    const d = digitsOf(raw);
    raw = d.slice(0, digitsBeforeCaret - 1) + d.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const atEnd = caret >= input.value.length;
  const after = format(raw);
  input.dataset.formatted = after;
  if (after === input.value) return;
  input.value = after;
  let pos = 0;
  for (let seen = 0; pos < after.length && seen < digitsBeforeCaret; pos++) if (/\d/.test(after[pos]!)) seen++;
  // Typing at the end stays at the end (also past a zero added in front of a lone month digit).
  if (atEnd) pos = after.length;
  if (document.activeElement === input) input.setSelectionRange(pos, pos);
}

export type CardErrorText = { message: string; detail: string | null };

/**
 * A card refusal in the user's language: the provider's code (from our server's 402, or from
 * Stripe.js in the browser) picks the catalogue text; the provider's own words become a detail.
 */
export function cardErrorText(err: unknown): CardErrorText {
  if (err instanceof ApiError && err.body && typeof err.body === 'object' && 'decline_code' in err.body) {
    const body = err.body as { decline_code: string; provider_message?: string };
    return { message: validationText(cardErrorKey(body.decline_code)) ?? err.message, detail: body.provider_message ?? null };
  }
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' && !(err instanceof ApiError)) {
    const e = err as { code: string; decline_code?: string; message?: string };
    return { message: validationText(cardErrorKey(e.code, e.decline_code)) ?? '', detail: e.message ?? null };
  }
  const message = err && typeof err === 'object' && 'message' in err ? String(err.message) : String(err);
  return { message, detail: null };
}
