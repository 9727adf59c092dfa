import { describe, expect, it } from 'vitest';
import { labelBox, placeLabels, townName } from './base-layer.ts';

describe('town labels on the built-in basemap', () => {
  it('never lets two labels overlap: the bigger town keeps its name', () => {
    const towns = [
      { name: 'Sint-Lambrechts-Herk', x: 100, y: 100, population: 4_000 },
      { name: 'Hasselt', x: 110, y: 104, population: 78_000 },
      { name: 'Kuringen', x: 130, y: 96, population: 9_000 },
      { name: 'Genk', x: 300, y: 100, population: 66_000 },
      { name: 'Diepenbeek', x: 200, y: 140, population: 19_000 },
    ];
    const placed = placeLabels(towns, 10);
    expect(placed.map((t) => t.name)).toEqual(['Hasselt', 'Genk', 'Diepenbeek']);
    for (const a of placed)
      for (const b of placed) {
        if (a === b) continue;
        const [p, q] = [labelBox(a), labelBox(b)];
        expect(p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom, `${a.name} / ${b.name}`).toBe(false);
      }
  });

  it('places at most the given number, biggest first', () => {
    const towns = Array.from({ length: 20 }, (_, i) => ({ name: `T${i}`, x: 0, y: i * 40, population: i }));
    expect(placeLabels(towns, 3).map((t) => t.name)).toEqual(['T19', 'T18', 'T17']);
  });

  it('names a town in the UI language where it has two names', () => {
    const brussels: Parameters<typeof townName>[0] = ['Brussels', 50.85, 4.35, 1_019_022, 'Brussel', 'Bruxelles'];
    expect(townName(brussels, 'nl')).toBe('Brussel');
    expect(townName(brussels, 'fr')).toBe('Bruxelles');
    expect(townName(brussels, 'en')).toBe('Brussels');
    expect(townName(['Hasselt', 50.93, 5.34, 78_000], 'fr')).toBe('Hasselt');
  });
});
