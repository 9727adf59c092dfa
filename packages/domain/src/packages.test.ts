import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_INFO, packageSchema, packageSize, PREDEFINED_SIZES } from './packages.ts';

const item = (over: Record<string, unknown>) => ({ type: 'boxed', description: 'Dozen', width: 10, height: 10, length: 10, weight: 1, ...over });
const firstError = (input: unknown) => {
  const r = packageSchema.safeParse(input);
  return r.success ? null : `${r.error.issues[0]!.path.join('.')}:${r.error.issues[0]!.message}`;
};

describe('custom item limits (SPEC section 5)', () => {
  for (const type of ['boxed', 'pallet', 'unboxed'] as const) {
    const extra = type === 'pallet' ? { pallet_type: 'other_pallet' } : {};
    it(`${type}: width 260, height 1360, depth 300, weight 35000, each at least 1`, () => {
      const ok = { type, ...extra, width: 260, height: 1360, length: 300, weight: 35000 };
      expect(firstError(item(ok))).toBeNull();
      expect(firstError(item({ ...ok, width: 261 }))).toBe('width:dimension_max');
      expect(firstError(item({ ...ok, height: 1361 }))).toBe('height:dimension_max');
      expect(firstError(item({ ...ok, length: 301 }))).toBe('length:dimension_max');
      expect(firstError(item({ ...ok, weight: 35001 }))).toBe('weight:dimension_max');
      expect(firstError(item({ ...ok, width: 0 }))).toBe('width:dimension_min');
      expect(firstError(item({ ...ok, weight: 1.5 }))).toBe('weight:number_whole');
      expect(firstError(item({ ...ok, height: undefined }))).toBe('height:required');
    });
  }

  it('refuses the full-load type, which is shown but disabled', () => {
    expect(ITEM_TYPE_INFO.full_load.enabled).toBe(false);
    expect(packageSchema.safeParse(item({ type: 'full_load' })).success).toBe(false);
  });

  it('needs a pallet type for pallets, and gives euro and ISO pallets their 80 x 120 footprint', () => {
    expect(firstError(item({ type: 'pallet' }))).toBe('pallet_type:required');
    const euro = packageSchema.parse(item({ type: 'pallet', pallet_type: 'euro_pallet', width: 100, length: 100, height: 120, weight: 600 }));
    expect(packageSize(euro)).toEqual({ width: 80, length: 120, height: 120, weight: 600 });
    const iso = packageSchema.parse(item({ type: 'pallet', pallet_type: 'iso_pallet', width: 100, length: 100, height: 1, weight: 1 }));
    expect(packageSize(iso)).toMatchObject({ width: 80, length: 120 });
    const other = packageSchema.parse(item({ type: 'pallet', pallet_type: 'other_pallet', width: 100, length: 110, height: 1, weight: 1 }));
    expect(packageSize(other)).toMatchObject({ width: 100, length: 110 });
  });
});

describe('predefined types', () => {
  it('count with their maximum size and need a description', () => {
    expect(PREDEFINED_SIZES).toEqual({
      small: { width: 50, height: 50, length: 100, weight: 50 },
      medium: { width: 100, height: 100, length: 200, weight: 500 },
      large: { width: 130, height: 180, length: 320, weight: 1250 },
    });
    expect(packageSize(packageSchema.parse({ type: 'medium', description: 'Zetel' }))).toEqual(PREDEFINED_SIZES.medium);
    expect(firstError({ type: 'small', description: ' ' })).toBe('description:required');
  });
});
