import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { frCore } from './fr-core.ts';
import { frScreens } from './fr-screens.ts';
import { nlCore } from './nl-core.ts';
import { nlScreens } from './nl-screens.ts';

type Tree = { [key: string]: string | Tree };

/** Every 'a.b.c' key of a catalogue with its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const nl = flatten({ ...nlCore, ...nlScreens } as Tree);
const catalogues = { en: flatten(en as Tree), fr: flatten({ ...frCore, ...frScreens } as Tree) };

describe('the web catalogues', () => {
  it('Dutch has texts for every screen', () => {
    expect(nl.size).toBeGreaterThan(400);
  });

  for (const [name, catalogue] of Object.entries(catalogues)) {
    it(`${name} has exactly the Dutch keys`, () => {
      expect([...catalogue.keys()].sort()).toEqual([...nl.keys()].sort());
    });

    it(`${name} has no empty text`, () => {
      expect([...catalogue].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
    });

    it(`${name} uses the same {{placeholders}} as Dutch in every text`, () => {
      const differing = [...nl].filter(([key, text]) => placeholders(text).join() !== placeholders(catalogue.get(key) ?? '').join()).map(([key]) => key);
      expect(differing).toEqual([]);
    });
  }

  it('Dutch has no empty text', () => {
    expect([...nl].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('the first-paint part of French has exactly the keys of the Dutch one', () => {
    expect([...flatten(frCore as Tree).keys()].sort()).toEqual([...flatten(nlCore as Tree).keys()].sort());
  });

  it('French is French, not a copy of Dutch or English', () => {
    const fr = catalogues.fr;
    expect(fr.get('login.title')).toBe('Connexion');
    expect(fr.get('register.title')).toBe("S'inscrire");
    expect(fr.get('account.vat')).toBe('Numéro de TVA');
    expect(fr.get('account.cellphone')).toBe('Numéro de GSM');
    const words = (text: string) => text.replace(/\{\{.*?\}\}/g, '').replace(/[^\p{L}]/gu, '').length;
    const same = [...nl].filter(([key, text]) => words(text) > 12 && (fr.get(key) === text || fr.get(key) === catalogues.en.get(key)));
    expect(same.filter(([key]) => !key.startsWith('validation.')).map(([key]) => key)).toEqual([]);
  });
});
