import { describe, expect, it } from 'vitest';
import { foldText, formatAddress, hasStreetAndNumber, parseAddressText } from './address.ts';

describe('parseAddressText', () => {
  const cases: [string, Partial<ReturnType<typeof parseAddressText>>][] = [
    ['Kerkstraat 12, 3500 Hasselt', { street: 'Kerkstraat', number: '12', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12 bus 3, 3500 Hasselt', { street: 'Kerkstraat', number: '12', box: '3', zip: '3500', city: 'Hasselt' }],
    ['Rue de la Loi 16 bte 2, 1000 Bruxelles', { street: 'Rue de la Loi', number: '16', box: '2', zip: '1000', city: 'Bruxelles' }],
    ['12 rue Neuve, 4000 Liège', { street: 'rue Neuve', number: '12', zip: '4000', city: 'Liège' }],
    ['Meir 24A, Antwerpen', { street: 'Meir', number: '24A', zip: '', city: 'Antwerpen' }],
    ['Kerkstraat 12 3500 Hasselt', { street: 'Kerkstraat', number: '12', zip: '3500', city: 'Hasselt' }],
    ['Hasselt', { street: '', number: '', city: 'Hasselt' }],
    ['Kerkstraat, 3500 Hasselt', { street: 'Kerkstraat', number: '', zip: '3500', city: 'Hasselt' }],
    ['Grote Markt 1-3, 8000 Brugge', { street: 'Grote Markt', number: '1-3', city: 'Brugge' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads "${text}"`, () => {
      expect(parseAddressText(text)).toMatchObject(expected);
    });
  }

  it('needs a street and a number to be a full address', () => {
    expect(hasStreetAndNumber(parseAddressText('Kerkstraat 12, 3500 Hasselt') as never)).toBe(true);
    expect(hasStreetAndNumber(parseAddressText('Kerkstraat, 3500 Hasselt') as never)).toBe(false);
    expect(hasStreetAndNumber(parseAddressText('3500 Hasselt') as never)).toBe(false);
  });
});

describe('formatting and folding', () => {
  it('formats Belgian style and folds diacritics', () => {
    expect(formatAddress({ street: 'Kerkstraat', number: '12', box: '3', zip: '3500', city: 'Hasselt' })).toBe('Kerkstraat 12 bus 3, 3500 Hasselt');
    expect(foldText('Liège')).toBe('liege');
    expect(foldText('BRUXELLES')).toBe('bruxelles');
  });
});
