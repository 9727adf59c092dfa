import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_INFO, MAX_PHOTOS, packageSchema, packageSize, PREDEFINED_SIZES } from './packages.ts';

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

describe('package types (SPEC sections 3 and 9)', () => {
  it('offers boxed, pallet and unboxed items; full load is shown but disabled', () => {
    expect(Object.entries(ITEM_TYPE_INFO).map(([type, info]) => `${type}:${info.enabled}`)).toEqual(['boxed:true', 'pallet:true', 'unboxed:true', 'full_load:false']);
  });

  it('takes 1 photo for small, 3 for medium and custom items, 5 for large', () => {
    expect(MAX_PHOTOS).toEqual({ small: 1, medium: 3, large: 5, custom: 3, boxed: 3, pallet: 3, unboxed: 3, full_load: 3 });
  });

  it('reads the six tags of SPEC section 3 and no others', () => {
    const tags = ['pallet_exchange', 'breakable', 'dangerous_goods', 'loading_bridge_required', 'no_stacking', 'refrigerated'];
    expect(packageSchema.parse({ type: 'small', description: 'Doos', tags }).tags).toEqual(tags);
    expect(firstError({ type: 'small', description: 'Doos', tags: ['fragile'] })).toMatch(/^tags\.0:/);
    expect(firstError({ type: 'small', description: 'Doos', tags: [...tags, 'breakable'] })).toMatch(/^tags:/);
  });
});

describe('a package on the wire', () => {
  const small = { type: 'small', description: 'Doos' };

  it('defaults notes, tags and photos to empty, and a pallet to not traded', () => {
    expect(packageSchema.parse(small)).toEqual({ type: 'small', description: 'Doos', notes: '', tags: [], photos: [] });
    const pallet = packageSchema.parse(item({ type: 'pallet', pallet_type: 'other_pallet' }));
    expect(pallet).toMatchObject({ must_be_traded: false, notes: '', tags: [], photos: [] });
  });

  it('needs a description of at most 1,000 characters; notes are optional, trimmed and at most 1,000', () => {
    expect(firstError({ type: 'small' })).toBe('description:required');
    expect(firstError({ ...small, description: 'x'.repeat(1000) })).toBeNull();
    expect(firstError({ ...small, description: 'x'.repeat(1001) })).toBe('description:too_long');
    expect(packageSchema.parse({ ...small, notes: ` ${'x'.repeat(1000)} ` }).notes).toHaveLength(1000);
    expect(firstError({ ...small, notes: 'x'.repeat(1001) })).toBe('notes:too_long');
  });

  it('references as many photos as its type takes (small 1, medium 3, large 5, an item 3), each by a field name of 1 to 100 characters', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
    for (const [type, max] of [['small', 1], ['medium', 3], ['large', 5]] as const) {
      expect(packageSchema.parse({ ...small, type, photos: names(max) }).photos).toHaveLength(max);
      expect(firstError({ ...small, type, photos: names(max + 1) })).toBe('photos:too_many_photos');
    }
    expect(packageSchema.parse(item({ type: 'boxed', photos: names(3) })).photos).toHaveLength(3);
    expect(firstError(item({ type: 'boxed', photos: names(4) }))).toBe('photos:too_many_photos');
    expect(firstError({ ...small, photos: ['x'.repeat(100)] })).toBeNull();
    expect(firstError({ ...small, photos: ['x'.repeat(101)] })).toMatch(/^photos\.0:/);
    expect(firstError({ ...small, photos: [''] })).toMatch(/^photos\.0:/);
  });

  it('is one of the known types, each with its own fields', () => {
    expect(firstError({ ...small, type: 'huge' })).toMatch(/^type:/);
    expect(packageSchema.parse(item({ type: 'unboxed' })).type).toBe('unboxed');
    expect(packageSchema.parse(item({ type: 'boxed' })).type).toBe('boxed');
    expect(packageSize(packageSchema.parse(item({ type: 'boxed', width: 100, length: 110 })))).toEqual({ width: 100, height: 10, length: 110, weight: 1 });
    expect(packageSchema.parse({ ...small, type: 'large' }).type).toBe('large');
  });
});
