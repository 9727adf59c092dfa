import { describe, expect, it } from 'vitest';
import { canonicalJson } from './consignment-note.ts';

describe('canonical JSON of a note entry', () => {
  it('sorts keys at every level, leaves out undefined and is the same for the same value', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 'x' }], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[1,{"y":"x","z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
    expect(canonicalJson('é "q"')).toBe('"é \\"q\\""');
  });
  it('refuses what JSON cannot carry', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
    expect(() => canonicalJson({ f: () => 1 })).toThrow();
  });
});
