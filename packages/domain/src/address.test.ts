import { describe, expect, it } from 'vitest';
import { addressSchema, foldText, formatAddress, hasStreetAndNumber, parseAddressText } from './address.ts';

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

describe('what a sender types (Belgian style: street number [box], [zip] city)', () => {
  const cases: [string, ReturnType<typeof parseAddressText>][] = [
    ['', { street: '', number: '', box: '', zip: '', city: '' }],
    ['   ', { street: '', number: '', box: '', zip: '', city: '' }],
    ['Kerkstraat   12 ,  3500   Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat  12 3500  Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12,,3500 Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12, B-3500 Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12, BE-3500 Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12, 3500', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: '' }],
    ['3500 Hasselt', { street: '', number: '', box: '', zip: '3500', city: 'Hasselt' }],
    ['Rue 1er Mai 5, 4000 Liège', { street: 'Rue 1er Mai', number: '5', box: '', zip: '4000', city: 'Liège' }],
    ['12, rue Neuve, 4000 Liège', { street: 'rue Neuve', number: '12', box: '', zip: '4000', city: 'Liège' }],
    ['Chaussée de Louvain 12/3, 1000 Bruxelles', { street: 'Chaussée de Louvain', number: '12/3', box: '', zip: '1000', city: 'Bruxelles' }],
    ['Kerkstraat 12b, 3500 Hasselt', { street: 'Kerkstraat', number: '12b', box: '', zip: '3500', city: 'Hasselt' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)} in full`, () => {
      expect(parseAddressText(text)).toEqual(expected);
    });
  }

  it('takes a 4-digit house number for a number, not a postcode', () => {
    expect(parseAddressText('Kerkstraat 1234, Hasselt')).toEqual({ street: 'Kerkstraat', number: '1234', box: '', zip: '', city: 'Hasselt' });
    expect(parseAddressText('Kerkstraat 1234')).toEqual({ street: 'Kerkstraat', number: '1234', box: '', zip: '', city: '' });
  });

  it('finds the box in Dutch, French or English, with or without a comma before it', () => {
    for (const text of ['Kerkstraat 12 boîte 4, 3500 Hasselt', 'Kerkstraat 12 boite 4, 3500 Hasselt', 'Kerkstraat 12, bus 4, 3500 Hasselt', 'Kerkstraat 12 bte4, 3500 Hasselt', 'Kerkstraat 12 BOX 4 , 3500 Hasselt']) {
      expect(parseAddressText(text), text).toEqual({ street: 'Kerkstraat', number: '12', box: '4', zip: '3500', city: 'Hasselt' });
    }
    expect(parseAddressText('Kerkstraat 12 b. A-1, 3500 Hasselt').box).toBe('A-1');
    expect(parseAddressText('Kerkstraat 12 bus 13, 3500 Hasselt').box).toBe('13');
  });
});

describe('a full address (SPEC section 5: street and number)', () => {
  it('is not full when the street or the number is only spaces', () => {
    expect(hasStreetAndNumber({ street: ' ', number: '12' })).toBe(false);
    expect(hasStreetAndNumber({ street: 'Kerkstraat', number: ' ' })).toBe(false);
    expect(hasStreetAndNumber({ street: 'Kerkstraat', number: '12' })).toBe(true);
  });

  it('is written without the parts that are missing', () => {
    expect(formatAddress({ street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' })).toBe('Kerkstraat 12, 3500 Hasselt');
    expect(formatAddress({ street: '', number: '', box: '', zip: '3500', city: 'Hasselt' })).toBe('3500 Hasselt');
    expect(formatAddress({ street: 'Kerkstraat', number: '', box: '', zip: '', city: '' })).toBe('Kerkstraat');
    expect(formatAddress({ street: '', number: '', box: '', zip: '', city: 'Hasselt' })).toBe('Hasselt');
    expect(formatAddress({ street: '', number: '', box: '', zip: '', city: '' })).toBe('');
  });

  it('matches place names without accents, case, curly apostrophes or surrounding spaces', () => {
    expect(foldText(' L’Écluse ')).toBe("l'ecluse");
    expect(foldText("Sint-Job-in-'t-Goor")).toBe("sint-job-in-'t-goor");
  });
});

describe('more ways of typing an address', () => {
  const full = (street: string, number: string, box = '') => ({ street, number, box, zip: '3500', city: 'Hasselt' });
  it('collapses repeated spaces inside the street name', () => {
    expect(parseAddressText('Grote   Markt 1, 3500 Hasselt')).toEqual(full('Grote Markt', '1'));
  });

  it('reads a lettered number before a French street, and a lettered range of numbers', () => {
    expect(parseAddressText('12A rue Neuve, 3500 Hasselt')).toEqual(full('rue Neuve', '12A'));
    expect(parseAddressText('Kerkstraat 12A-14B, 3500 Hasselt')).toEqual(full('Kerkstraat', '12A-14B'));
  });

  it('finds a box written against the number or the word', () => {
    expect(parseAddressText('Kerkstraat 12 bus3, 3500 Hasselt')).toEqual(full('Kerkstraat', '12', '3'));
    expect(parseAddressText('Kerkstraat 12bus 3, 3500 Hasselt')).toEqual(full('Kerkstraat', '12', '3'));
    expect(parseAddressText('Kerkstraat 12 ,bus 3, 3500 Hasselt')).toEqual(full('Kerkstraat', '12', '3'));
  });

  it('keeps a hyphenated place name whole', () => {
    expect(parseAddressText('Kerkstraat 12, 3500 Hasselt-Kuringen')).toEqual({ ...full('Kerkstraat', '12'), city: 'Hasselt-Kuringen' });
  });

  it('writes a box without a number, and a box alone, with single spaces', () => {
    expect(formatAddress({ street: 'Kerkstraat', number: '', box: '3', zip: '3500', city: 'Hasselt' })).toBe('Kerkstraat bus 3, 3500 Hasselt');
    expect(formatAddress({ street: '', number: '', box: '3', zip: '3500', city: 'Hasselt' })).toBe('bus 3, 3500 Hasselt');
  });
});

describe('issue 10: the number and box are kept, the town may come first', () => {
  const cases: [string, ReturnType<typeof parseAddressText>][] = [
    ['Kerkstraat 12 B-3500 Hasselt', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12, Hasselt, België', { street: 'Kerkstraat', number: '12', box: '', zip: '', city: 'Hasselt' }],
    ['Kerkstraat 12, 3500 Hasselt, Belgique', { street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' }],
    ['Kerkstraat 12 bus 3, 9000 Gent', { street: 'Kerkstraat', number: '12', box: '3', zip: '9000', city: 'Gent' }],
    ['Rue Neuve 5, 1000 Bruxelles', { street: 'Rue Neuve', number: '5', box: '', zip: '1000', city: 'Bruxelles' }],
    ['Antwerpen, Meir 1', { street: 'Meir', number: '1', box: '', zip: '', city: 'Antwerpen' }],
    ['Meir 1, Antwerpen', { street: 'Meir', number: '1', box: '', zip: '', city: 'Antwerpen' }],
    ['Meir 1 Antwerpen', { street: 'Meir', number: '1', box: '', zip: '', city: 'Antwerpen' }],
    ['Kerkstraat 12 bus 3 Gent', { street: 'Kerkstraat', number: '12', box: '3', zip: '', city: 'Gent' }],
    ['Rue de Herve 10, 4030 Grivegnée', { street: 'Rue de Herve', number: '10', box: '', zip: '4030', city: 'Grivegnée' }],
    ['2000 Antwerpen, Meir 1', { street: 'Meir', number: '1', box: '', zip: '2000', city: 'Antwerpen' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)} in full`, () => {
      expect(parseAddressText(text)).toEqual(expected);
    });
  }
});

describe('street, number and town typed in one run, without comma or postcode', () => {
  const cases: [string, ReturnType<typeof parseAddressText>][] = [
    ["'t Zand 12 Brugge", { street: "'t Zand", number: '12', box: '', zip: '', city: 'Brugge' }],
    ['O.-L.-Vrouwstraat 5 Mechelen', { street: 'O.-L.-Vrouwstraat', number: '5', box: '', zip: '', city: 'Mechelen' }],
    ['Kerkstraat 12A Gent', { street: 'Kerkstraat', number: '12A', box: '', zip: '', city: 'Gent' }],
    ['Kerkstraat 12-14 Gent', { street: 'Kerkstraat', number: '12-14', box: '', zip: '', city: 'Gent' }],
    ['Kerkstraat 12/3 Gent', { street: 'Kerkstraat', number: '12/3', box: '', zip: '', city: 'Gent' }],
    ['Kerkstraat 12-14B Gent', { street: 'Kerkstraat', number: '12-14B', box: '', zip: '', city: 'Gent' }],
    ['Kerkstraat 12 bus 12 Gent', { street: 'Kerkstraat', number: '12', box: '12', zip: '', city: 'Gent' }],
    ['Kerkstraat 12 bus12 Gent', { street: 'Kerkstraat', number: '12', box: '12', zip: '', city: 'Gent' }],
    ['Rue Haute 5 La Louvière', { street: 'Rue Haute', number: '5', box: '', zip: '', city: 'La Louvière' }],
  ];
  for (const [text, expected] of cases) {
    it(`reads ${JSON.stringify(text)} in full`, () => {
      expect(parseAddressText(text)).toEqual(expected);
    });
  }

  it('does not take a street named after Bus or Box for a box', () => {
    expect(parseAddressText('Busleydenvest 5, 2800 Mechelen')).toEqual({ street: 'Busleydenvest', number: '5', box: '', zip: '2800', city: 'Mechelen' });
    expect(parseAddressText('Boxstraat 3, 2000 Antwerpen')).toEqual({ street: 'Boxstraat', number: '3', box: '', zip: '2000', city: 'Antwerpen' });
  });
});

describe("a geocoder's answer", () => {
  const answer = { street: 'Meir', number: '1', box: '', zip: '2000', city: 'Antwerpen', country: 'BE', lat: 51.218, lng: 4.405, formatted: 'Meir 1, 2000 Antwerpen', precision: 'house', attribution: 'GeoNames' };

  it('keeps every part of the address, its position and how exact it is', () => {
    expect(addressSchema.parse(answer)).toEqual(answer);
  });

  it('refuses an unknown precision or a position that is not a number', () => {
    expect(addressSchema.safeParse({ ...answer, precision: 'country' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...answer, lat: '51.2' }).success).toBe(false);
  });
});

describe('parseAddressText: parts without a postcode, and a country alone', () => {
  it('takes the last of two parts without digits as the town', () => {
    expect(parseAddressText('Kerkstraat, Hasselt')).toEqual({ street: 'Kerkstraat', number: '', box: '', zip: '', city: 'Hasselt' });
  });

  it('reads the postcode part even when the street part also names the town', () => {
    expect(parseAddressText('Meir 1 Antwerpen, 2000 Antwerpen')).toMatchObject({ zip: '2000', city: 'Antwerpen' });
  });

  it('drops a country only after the town, not a country typed alone', () => {
    expect(parseAddressText('Kerkstraat 12, 3500 Hasselt, Belgium')).toEqual({ street: 'Kerkstraat', number: '12', box: '', zip: '3500', city: 'Hasselt' });
    expect(parseAddressText('België').city).toBe('België');
  });
});
