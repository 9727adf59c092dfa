import { describe, expect, it } from 'vitest';
import { checkBelgianVat, checkVat, isValidVat, normaliseVat } from './vat.ts';

// Real, published VAT numbers (each also checked against jsvat-next and, for Belgium, by hand:
// 97 - (04031707 mod 97) = 01), and the same numbers with one digit changed.
const valid = {
  BE: ['BE0403170701', 'BE0417497106', 'BE1000000021'],
  NL: ['NL004495445B01', 'NL820098395B01'],
  FR: ['FR40303265045', 'FR03512803495'],
  DE: ['DE136695976', 'DE129273398'],
  LU: ['LU15027442', 'LU20260743'],
};
const wrongDigits = {
  BE: ['BE0403170702', 'BE0417497107', 'BE1000000022'],
  NL: ['NL004495446B01', 'NL123456789B01'],
  FR: ['FR00303265045', 'FR40303265046'],
  DE: ['DE136695975', 'DE129273399'],
  LU: ['LU15027443', 'LU20260744'],
};

// For each other member state: a number that passes its check digits (from jsvat's own test
// lists) and the same number with its last digit or letter changed. Greece's prefix is EL.
const otherMemberStates: [string, string, string][] = [
  ['AT', 'ATU12011204', 'ATU12011205'],
  ['BG', 'BG131134023', 'BG131134024'],
  ['HR', 'HR33392005961', 'HR33392005962'],
  ['CY', 'CY10259033P', 'CY10259033Q'],
  ['CZ', 'CZ25093282', 'CZ25093283'],
  ['DK', 'DK20214414', 'DK20214415'],
  ['EE', 'EE100207415', 'EE100207416'],
  ['FI', 'FI09853608', 'FI09853609'],
  ['EL', 'EL094012834', 'EL094012835'],
  ['HU', 'HU10672101', 'HU10672102'],
  ['IE', 'IE6336982T', 'IE6336982U'],
  ['IT', 'IT01114601006', 'IT01114601007'],
  ['LV', 'LV40003009497', 'LV40003009498'],
  ['LT', 'LT100001647810', 'LT100001647811'],
  ['MT', 'MT11407334', 'MT11407335'],
  ['PL', 'PL5262493733', 'PL5262493734'],
  ['PT', 'PT501519246', 'PT501519247'],
  ['RO', 'RO16252454', 'RO16252455'],
  ['SK', 'SK2020273893', 'SK2020273894'],
  ['SI', 'SI50223054', 'SI50223055'],
  ['ES', 'ESA08017535', 'ESA08017536'],
  ['SE', 'SE502069927701', 'SE502069927601'],
];

describe('VAT numbers (SPEC section 5, company block)', () => {
  it('accepts a number from every other EU member state, and refuses it with a wrong check digit', () => {
    for (const [country, good, wrong] of otherMemberStates) {
      expect(checkVat(good), good).toEqual({ ok: true, value: good, countryCode: country, number: good.slice(2) });
      expect(checkVat(wrong), wrong).toEqual({ ok: false, problem: 'vat_checksum' });
    }
  });

  it('refuses a Greek number under the ISO code GR: VIES knows Greece as EL', () => {
    expect(checkVat('GR094012834')).toEqual({ ok: false, problem: 'vat_country' });
  });

  for (const [country, numbers] of Object.entries(valid)) {
    it(`accepts real ${country} numbers`, () => {
      for (const n of numbers) expect(checkVat(n), n).toMatchObject({ ok: true, value: n, countryCode: country, number: n.slice(2) });
    });
  }

  for (const [country, numbers] of Object.entries(wrongDigits)) {
    it(`refuses ${country} numbers whose check digits do not hold`, () => {
      for (const n of numbers) expect(checkVat(n), n).toEqual({ ok: false, problem: 'vat_checksum' });
    });
  }

  it('says what is wrong with a Belgian number: BE0 or BE1 and 9 digits', () => {
    for (const n of ['BE403170701', 'BE2403170701', 'BE04031707011', 'BE040317070A', 'BE']) expect(checkVat(n), n).toEqual({ ok: false, problem: 'vat_be_format' });
  });

  it('does the Belgian mod-97 check itself: the last two digits are 97 - (the first 8 mod 97)', () => {
    // 00000000 mod 97 = 0, so the check is 97.
    expect(checkBelgianVat('BE0000000097')).toMatchObject({ ok: true });
    expect(checkBelgianVat('BE0000000000')).toEqual({ ok: false, problem: 'vat_checksum' });
    // 11000000 mod 97 = 6: check 91.
    expect(checkBelgianVat('BE1100000091')).toMatchObject({ ok: true, countryCode: 'BE', number: '1100000091' });
    expect(checkBelgianVat('BE1100000090')).toEqual({ ok: false, problem: 'vat_checksum' });
  });

  it('refuses the wrong length or letters of another country format', () => {
    for (const n of ['NL12345', 'FR123', 'DE12345678', 'LU1502744', 'DE1366959761']) expect(checkVat(n), n).toEqual({ ok: false, problem: 'vat_format' });
  });

  it('needs the EU country code in front', () => {
    for (const n of ['0403170701', 'US123456789', 'CHE123456789', 'GB980780684', 'XX0403170701']) expect(checkVat(n), n).toEqual({ ok: false, problem: 'vat_country' });
  });

  it('reads numbers as people copy them: lower case, spaces, dots and dashes', () => {
    expect(normaliseVat(' be 0403.170.701 ')).toBe('BE0403170701');
    expect(checkVat('be 0403.170.701')).toMatchObject({ ok: true, value: 'BE0403170701' });
    expect(checkVat('NL 8200.98.395.B01')).toMatchObject({ ok: true, value: 'NL820098395B01' });
    expect(checkVat('LU-150-274-42')).toMatchObject({ ok: true, value: 'LU15027442' });
    expect(isValidVat('DE 136 695 976')).toBe(true);
    expect(isValidVat('DE 136 695 975')).toBe(false);
  });
});
