import { describe, expect, it } from 'vitest';
import text from '../geodata/be-postcodes.tsv?raw';
import { foldText } from './address.ts';
import { languageOf, parsePostcodes, placeId, placeName, placeNames, POSTCODES_ATTRIBUTION, type PostcodeIndex, postcodeIndex } from './postcodes.ts';

// Read on first use inside a test, not on import: a data file that cannot be read then fails
// the tests that need it, and the tests of the parser itself still run.
let built: PostcodeIndex | undefined;
const index = () => (built ??= postcodeIndex(parsePostcodes(text)));

describe('the Belgian postcode data', () => {
  it('holds every postcode line of the data file, each resolving to a place in Belgium', () => {
    const zips = new Set(text.split('\n').filter((l) => /^\d{4}\t/.test(l)).map((l) => l.slice(0, 4)));
    expect(zips.size).toBeGreaterThan(1100);
    for (const zip of zips) {
      const places = index().byZip(zip);
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
    const zips = index().places.map((p) => Number(p.zip));
    expect(Math.min(...zips)).toBe(1000);
    expect(Math.max(...zips)).toBeGreaterThanOrEqual(9990);
  });

  it('knows 9000 as Gent, in both languages', () => {
    const [gent] = index().byZip('9000');
    expect(gent?.name).toBe('Gent');
    expect(placeName(gent!, 'nl')).toBe('Gent');
    expect(placeName(gent!, 'fr')).toBe('Gand');
    expect(index().byZip('9000').map((p) => p.name)).not.toContain('Gentinnes');
  });

  it('knows 1000 as Brussel / Bruxelles', () => {
    const [brussels] = index().byZip('1000');
    expect(placeName(brussels!, 'nl')).toBe('Brussel');
    expect(placeName(brussels!, 'fr')).toBe('Bruxelles');
  });

  it('keeps accents and gives Liège its Dutch name', () => {
    const [liege] = index().byZip('4000');
    expect(placeName(liege!, 'fr')).toBe('Liège');
    expect(placeName(liege!, 'nl')).toBe('Luik');
    expect(index().byZip('4030')[0]?.name).toBe('Grivegnée');
  });

  it('finds a place by its postcode and either name, and again by its stable id (defect 6: the town follows the reader)', () => {
    const typedInDutch = index().find('4000', 'Luik');
    expect(typedInDutch?.name).toBe('Liège');
    expect(placeId(typedInDutch!)).toBe('4000-liege');
    expect(index().find('4000', 'LIEGE')).toBe(typedInDutch);
    expect(index().byId('4000-liege')).toBe(typedInDutch);
    expect(placeId(index().find('1050', 'Elsene')!)).toBe('1050-ixelles');
    // A name the postcode does not serve, or an id the data no longer has, finds nothing.
    expect(index().find('9000', 'Luik')).toBeUndefined();
    expect(index().byId('4000-nergensdorp')).toBeUndefined();
  });

  it('credits GeoNames under its licence, CC BY 4.0', () => {
    expect(POSTCODES_ATTRIBUTION).toBe('GeoNames (geonames.org), CC BY 4.0');
  });

  it('answers nothing for a postcode that does not exist', () => {
    expect(index().byZip('0999')).toEqual([]);
    expect(index().byZip('1001')).toEqual([]);
  });
});

// Places Belgium names in both languages, at their main postcode: [postcode, Dutch, French].
const BOTH_NAMES: [string, string, string][] = [
  ['1000', 'Brussel', 'Bruxelles'],
  ['1020', 'Laken', 'Laeken'],
  ['1030', 'Schaarbeek', 'Schaerbeek'],
  ['1050', 'Elsene', 'Ixelles'],
  ['1060', 'Sint-Gillis', 'Saint-Gilles'],
  ['1080', 'Sint-Jans-Molenbeek', 'Molenbeek-Saint-Jean'],
  ['1082', 'Sint-Agatha-Berchem', 'Berchem-Sainte-Agathe'],
  ['1150', 'Sint-Pieters-Woluwe', 'Woluwe-Saint-Pierre'],
  ['1160', 'Oudergem', 'Auderghem'],
  ['1170', 'Watermaal-Bosvoorde', 'Watermael-Boitsfort'],
  ['1180', 'Ukkel', 'Uccle'],
  ['1190', 'Vorst', 'Forest'],
  ['1200', 'Sint-Lambrechts-Woluwe', 'Woluwe-Saint-Lambert'],
  ['1210', 'Sint-Joost-ten-Node', 'Saint-Josse-ten-Noode'],
  ['1300', 'Waver', 'Wavre'],
  ['1370', 'Geldenaken', 'Jodoigne'],
  ['1400', 'Nijvel', 'Nivelles'],
  ['1640', 'Sint-Genesius-Rode', 'Rhode-Saint-Genèse'],
  ['1800', 'Vilvoorde', 'Vilvorde'],
  ['1950', 'Kraainem', 'Crainhem'],
  ['2000', 'Antwerpen', 'Anvers'],
  ['2500', 'Lier', 'Lierre'],
  ['2800', 'Mechelen', 'Malines'],
  ['3000', 'Leuven', 'Louvain'],
  ['3300', 'Tienen', 'Tirlemont'],
  ['3440', 'Zoutleeuw', 'Léau'],
  ['3700', 'Tongeren', 'Tongres'],
  ['3790', 'Voeren', 'Fourons'],
  ['3800', 'Sint-Truiden', 'Saint-Trond'],
  ['4000', 'Luik', 'Liège'],
  ['4300', 'Borgworm', 'Waremme'],
  ['4500', 'Hoei', 'Huy'],
  ['5000', 'Namen', 'Namur'],
  ['7000', 'Bergen', 'Mons'],
  ['7060', 'Zinnik', 'Soignies'],
  ['7500', 'Doornik', 'Tournai'],
  ['7700', 'Moeskroen', 'Mouscron'],
  ['7780', 'Komen', 'Comines'],
  ['7800', 'Aat', 'Ath'],
  ['7850', 'Edingen', 'Enghien'],
  ['7860', 'Lessen', 'Lessines'],
  ['7880', 'Vloesberg', 'Flobecq'],
  ['8000', 'Brugge', 'Bruges'],
  ['8400', 'Oostende', 'Ostende'],
  ['8500', 'Kortrijk', 'Courtrai'],
  ['8587', 'Spiere-Helkijn', 'Espierres-Helchin'],
  ['8600', 'Diksmuide', 'Dixmude'],
  ['8620', 'Nieuwpoort', 'Nieuport'],
  ['8630', 'Veurne', 'Furnes'],
  ['8900', 'Ieper', 'Ypres'],
  ['8930', 'Menen', 'Menin'],
  ['9000', 'Gent', 'Gand'],
  ['9200', 'Dendermonde', 'Termonde'],
  ['9300', 'Aalst', 'Alost'],
  ['9500', 'Geraardsbergen', 'Grammont'],
  ['9600', 'Ronse', 'Renaix'],
  ['9700', 'Oudenaarde', 'Audenarde'],
];

/** The place of a postcode a sender finds by typing this name (any case, with or without accents). */
const findPlace = (zip: string, typed: string) => index().byZip(zip).find((p) => placeNames(p).some((n) => foldText(n) === foldText(typed)));

describe('places with a Dutch and a French name', () => {
  it('shows each in the UI language, whichever name the data holds', () => {
    for (const [zip, nl, fr] of BOTH_NAMES) {
      const place = findPlace(zip, nl);
      expect(place, `${zip} ${nl}`).toBeDefined();
      expect(placeName(place!, 'nl'), zip).toBe(nl);
      expect(placeName(place!, 'fr'), zip).toBe(fr);
    }
  });

  it('finds each place by either name, so a sender typing Anvers finds 2000 Antwerpen', () => {
    for (const [zip, nl, fr] of BOTH_NAMES) {
      expect(findPlace(zip, fr), `${zip} ${fr}`).toBe(findPlace(zip, nl));
      expect(placeNames(findPlace(zip, fr)!), zip).toEqual(expect.arrayContaining([nl, fr]));
    }
    expect(findPlace('2000', 'anvers')?.name).toBe('Antwerpen');
    expect(findPlace('4000', 'LIEGE')?.name).toBe('Liège');
  });

  it('gives an English UI the name in the data, the place\'s own language', () => {
    expect(placeName(index().byZip('1000')[0]!, 'en')).toBe('Bruxelles');
    expect(placeName(index().byZip('2000')[0]!, 'en')).toBe('Antwerpen');
    expect(placeName(index().byZip('4000')[0]!, 'en')).toBe('Liège');
  });

  it('keeps a one-name place that shares its name with a two-name town to its own name', () => {
    // 2430 Vorst (Laakdal) is not Forest in French, 7910 Forest (Frasnes) not Vorst in Dutch, 3800 Aalst (Sint-Truiden) not Alost.
    for (const [zip, name] of [['2430', 'Vorst'], ['7910', 'Forest'], ['3800', 'Aalst']] as const) {
      const place = findPlace(zip, name);
      expect(place, `${zip} ${name}`).toBeDefined();
      expect([placeName(place!, 'nl'), placeName(place!, 'fr')], zip).toEqual([name, name]);
    }
  });

  it('keeps a place with one name to that name in every language, listed once', () => {
    const [jette] = index().byZip('1090');
    expect(jette?.name).toBe('Jette');
    for (const lang of ['nl', 'fr', 'en'] as const) expect(placeName(jette!, lang)).toBe('Jette');
    expect(placeNames(jette!)).toEqual(['Jette']);
    expect(placeNames(index().byZip('1000')[0]!)).toEqual(['Bruxelles', 'Brussel']);
  });
});

describe('reading the data file', () => {
  it('skips comments, blank lines and lines without a valid postcode or place', () => {
    const places = parsePostcodes(['# a comment', '', '   ', '3500\tHasselt\t50.93\t5.33\tVLI', '350\tShort\t1\t1\tX', '35000\tLong\t1\t1\tX', 'abcd\tLetters\t1\t1\tX', '3600\t\t1\t1\tX', '3600'].join('\n'));
    expect(places).toEqual([{ zip: '3500', name: 'Hasselt', nl: 'Hasselt', fr: 'Hasselt', lat: 50.93, lng: 5.33, province: 'VLI' }]);
  });

  it('reads the province without trailing spaces or a Windows line end, and an empty one when missing', () => {
    const places = parsePostcodes('9000\tGent\t51.05\t3.72\tVOV \r\n1000\tBruxelles\t50.85\t4.35');
    expect(places.map((p) => p.province)).toEqual(['VOV', '']);
    expect(places[1]).toMatchObject({ nl: 'Brussel', fr: 'Bruxelles', lat: 50.85, lng: 4.35 });
  });

  it('finds the places of a postcode typed with spaces around it', () => {
    expect(index().byZip(' 9000 ').map((p) => p.name)).toContain('Gent');
  });
});

describe('languageOf', () => {
  it('reads the first known language of Accept-Language, nl by default', () => {
    expect(languageOf('nl-BE')).toBe('nl');
    expect(languageOf('fr-BE,fr;q=0.9,nl;q=0.8')).toBe('fr');
    expect(languageOf('de-DE,en;q=0.5')).toBe('en');
    expect(languageOf(undefined)).toBe('nl');
  });

  it('reads tags in any case, with spaces, weights and regions', () => {
    expect(languageOf('FR-be')).toBe('fr');
    expect(languageOf('EN')).toBe('en');
    expect(languageOf('de, fr')).toBe('fr');
    expect(languageOf('de;q=1, en;q=0.5')).toBe('en');
    expect(languageOf('fr;q=0.9')).toBe('fr');
    expect(languageOf('en-GB,fr;q=0.5')).toBe('en');
    expect(languageOf('nl-BE,fr;q=0.5')).toBe('nl');
  });

  it('falls back to nl for an empty header or only unknown languages', () => {
    expect(languageOf('')).toBe('nl');
    expect(languageOf('de-DE,es;q=0.8')).toBe('nl');
    expect(languageOf('*')).toBe('nl');
  });
});

describe('the postcode data in small', () => {
  const data = ['3800\tAalst\t50.81\t5.17\tVLI', '9300\tAalst\t50.94\t4.04\tVOV', '4000\tLiège\t50.63\t5.57\tWLG', '4000\tLiège\t50.64\t5.58\tWLG', '9000\tGent\t51.05\t3.72\tVOV'].join('\n');

  it('gives a two-name place its other name only in the province it belongs to, and one without a province everywhere', () => {
    const [limburgAalst, aalst, liege] = parsePostcodes(data);
    expect([limburgAalst!.nl, limburgAalst!.fr]).toEqual(['Aalst', 'Aalst']);
    expect([aalst!.nl, aalst!.fr]).toEqual(['Aalst', 'Alost']);
    expect([liege!.nl, liege!.fr]).toEqual(['Luik', 'Liège']);
  });

  it('finds a place by its id, the first of two with the same postcode and name', () => {
    const places = parsePostcodes(data);
    const idx = postcodeIndex(places);
    expect(idx.byId('4000-liege')).toBe(places[2]);
    expect(idx.byId('9000-gent')).toBe(places[4]);
    expect(idx.byId('9000-gand')).toBeUndefined();
    expect(idx.byZip(' 4000 ')).toEqual([places[2], places[3]]);
  });

  it('makes ids with one dash for any run of spaces', () => {
    expect(placeId({ zip: '3800', name: 'Sint Truiden' })).toBe('3800-sint-truiden');
    expect(placeId({ zip: '3800', name: 'Sint  Truiden' })).toBe('3800-sint-truiden');
  });
});
