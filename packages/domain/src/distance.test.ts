import { describe, expect, it } from 'vitest';
import { DETOUR_FACTOR, estimatedRoadMetres, haversineMetres } from './distance.ts';

const brussels = { lat: 50.8467, lng: 4.3525 };
const antwerp = { lat: 51.2194, lng: 4.4025 };
const liege = { lat: 50.6326, lng: 5.5797 };

describe('distances (SPEC section 9: shown as ceil(metres/1000) km)', () => {
  it('measures the straight line over the earth: Brussels-Antwerp about 41.6 km, Brussels-Liège about 89.6 km', () => {
    expect(haversineMetres(brussels, antwerp)).toBeGreaterThan(41_400);
    expect(haversineMetres(brussels, antwerp)).toBeLessThan(41_900);
    expect(haversineMetres(brussels, liege)).toBeGreaterThan(89_000);
    expect(haversineMetres(brussels, liege)).toBeLessThan(90_000);
    expect(haversineMetres(liege, brussels)).toBeCloseTo(haversineMetres(brussels, liege), 6);
    expect(haversineMetres(brussels, brussels)).toBe(0);
    // Antipodes: half the earth's circumference.
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });

  it('estimates the road 30 % longer than the straight line, in whole metres', () => {
    expect(DETOUR_FACTOR).toBe(1.3);
    expect(estimatedRoadMetres(brussels, liege)).toBe(Math.round(haversineMetres(brussels, liege) * 1.3));
    expect(Number.isInteger(estimatedRoadMetres(brussels, antwerp))).toBe(true);
  });
});
