/**
 * A register of VAT numbers (the EU's VIES). The number's format and check digits are checked
 * before it gets here (@vm/domain vat.ts); this tells whether it is also an active registration.
 * - 'valid' / 'invalid': the register's answer.
 * - 'unavailable': the register could not answer (down, busy, timeout, a member state offline).
 *   The caller decides what that means (users.service saves the number: docs/decisions/0010).
 */
export type VatRegistryAnswer = 'valid' | 'invalid' | 'unavailable';

export type VatRegistry = {
  /** countryCode is the VAT prefix (EL for Greece), number the rest without spaces. */
  check(countryCode: string, number: string): Promise<VatRegistryAnswer>;
};
