import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** E.164 form of a number typed in any common way; Belgian numbers may omit +32. */
export function toE164(input: string, defaultCountry: 'BE' = 'BE'): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}
