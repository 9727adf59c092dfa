import { describe, expect, it } from 'vitest';
import text from '../geodata/be-postcodes.tsv?raw';
import { languageOf, parsePostcodes, placeName, postcodeIndex } from './postcodes.ts';

const index = postcodeIndex(parsePostcodes(text));

describe('the Belgian postcode data', () => {
  it('holds every postcode line of the data file, each resolving to a place in Belgium', () => {
    const zips = new Set(text.split('\n').filter((l) => /^\d{4}\t/.test(l)).map((l) => l.slice(0, 4)));
    expect(zips.size).toBeGreaterThan(1100);
    for (const zip of zips) {
      const places = index.byZip(zip);
      expect(places.length, zip).toBeGreaterThan(0);
      for (const p of places) {
        expect(p.name.length, zip).toBeGreaterThan(0);
        expect(p.lat, zip).toBeGreaterThan(49.4);
        expect(p.lat, zip).toBeLessThan(51.6);
        expect(p.lng, zip).toBeGreaterThan(2.5);
        expect(p.lng, zip).toBeLessThan(6.5);
      }
    }
  });

  it('covers the whole range of Belgian postcodes, 1000 to 9992', () => {
    const zips = index.places.map((p) => Number(p.zip));
    expect(Math.min(...zips)).toBe(1000);
    expect(Math.max(...zips)).toBeGreaterThanOrEqual(9990);
  });

  it('knows 9000 as Gent, in both languages', () => {
    const [gent] = index.byZip('9000');
    expect(gent?.name).toBe('Gent');
    expect(placeName(gent!, 'nl')).toBe('Gent');
    expect(placeName(gent!, 'fr')).toBe('Gand');
    expect(index.byZip('9000').map((p) => p.name)).not.toContain('Gentinnes');
  });

  it('knows 1000 as Brussel / Bruxelles', () => {
    const [brussels] = index.byZip('1000');
    expect(placeName(brussels!, 'nl')).toBe('Brussel');
    expect(placeName(brussels!, 'fr')).toBe('Bruxelles');
  });

  it('keeps accents and gives Liège its Dutch name', () => {
    const [liege] = index.byZip('4000');
    expect(placeName(liege!, 'fr')).toBe('Liège');
    expect(placeName(liege!, 'nl')).toBe('Luik');
    expect(index.byZip('4030')[0]?.name).toBe('Grivegnée');
  });

  it('answers nothing for a postcode that does not exist', () => {
    expect(index.byZip('0999')).toEqual([]);
    expect(index.byZip('1001')).toEqual([]);
  });
});

describe('languageOf', () => {
  it('reads the first known language of Accept-Language, nl by default', () => {
    expect(languageOf('nl-BE')).toBe('nl');
    expect(languageOf('fr-BE,fr;q=0.9,nl;q=0.8')).toBe('fr');
    expect(languageOf('de-DE,en;q=0.5')).toBe('en');
    expect(languageOf(undefined)).toBe('nl');
  });
});
