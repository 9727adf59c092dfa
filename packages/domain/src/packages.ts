import { z } from 'zod';
import { lineText, multilineText } from './wire.ts';

// Package types, sizes and limits of SPEC sections 3, 5 and 9. Units: cm and kg.

export const FIXED_TYPES = ['small', 'medium', 'large'] as const;
export type FixedType = (typeof FIXED_TYPES)[number];
export const ITEM_TYPES = ['boxed', 'pallet', 'unboxed', 'full_load'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export type WizardType = FixedType | 'custom';

export type Size = { width: number; height: number; length: number; weight: number };

/** Predefined sizes: what the sender's goods together may not exceed. */
export const PREDEFINED_SIZES: Record<FixedType, Size> = {
  small: { width: 50, height: 50, length: 100, weight: 50 },
  medium: { width: 100, height: 100, length: 200, weight: 500 },
  large: { width: 130, height: 180, length: 320, weight: 1250 },
};

/** Maxima of a custom item of each type; full load is shown but not selectable. */
export const ITEM_TYPE_INFO: Record<ItemType, { enabled: boolean; maxWidth: number; maxHeight: number; maxDepth: number; maxWeight: number }> = {
  boxed: { enabled: true, maxWidth: 260, maxHeight: 1360, maxDepth: 300, maxWeight: 35000 },
  pallet: { enabled: true, maxWidth: 260, maxHeight: 1360, maxDepth: 300, maxWeight: 35000 },
  unboxed: { enabled: true, maxWidth: 260, maxHeight: 1360, maxDepth: 300, maxWeight: 35000 },
  full_load: { enabled: false, maxWidth: 260, maxHeight: 1360, maxDepth: 300, maxWeight: 35000 },
};

/** How many photos each wizard type takes. */
export const MAX_PHOTOS: Record<WizardType | ItemType, number> = { small: 1, medium: 3, large: 5, custom: 3, boxed: 3, pallet: 3, unboxed: 3, full_load: 3 };

export const PALLET_TYPES = ['euro_pallet', 'iso_pallet', 'other_pallet'] as const;
export type PalletType = (typeof PALLET_TYPES)[number];
/** Euro and ISO pallets have a fixed footprint. */
export const PALLET_FOOTPRINT: Partial<Record<PalletType, { width: number; length: number }>> = {
  euro_pallet: { width: 80, length: 120 },
  iso_pallet: { width: 80, length: 120 },
};

export const PACKAGE_TAGS = ['pallet_exchange', 'breakable', 'dangerous_goods', 'loading_bridge_required', 'no_stacking', 'refrigerated'] as const;
export type PackageTag = (typeof PACKAGE_TAGS)[number];

const dimension = (max: number) =>
  z.number({ error: 'required' }).int('number_whole').min(1, 'dimension_min').max(max, 'dimension_max');

/** Multipart field names of a package's photos: as many as its type takes (SPEC section 5). */
const photos = (max: number) => z.array(lineText(100).min(1, 'required')).max(max, 'too_many_photos').default([]);

const common = {
  description: multilineText(1000).min(1, 'required'),
  notes: multilineText(1000).default(''),
  tags: z.array(z.enum(PACKAGE_TAGS)).max(PACKAGE_TAGS.length).default([]),
};

const fixedSchema = <T extends FixedType>(type: T) => z.object({ type: z.literal(type), ...common, photos: photos(MAX_PHOTOS[type]) });

const itemSchema = <T extends 'boxed' | 'pallet' | 'unboxed'>(type: T) =>
  z.object({
    type: z.literal(type),
    ...common,
    photos: photos(MAX_PHOTOS[type]),
    width: dimension(ITEM_TYPE_INFO[type].maxWidth),
    height: dimension(ITEM_TYPE_INFO[type].maxHeight),
    length: dimension(ITEM_TYPE_INFO[type].maxDepth),
    weight: dimension(ITEM_TYPE_INFO[type].maxWeight),
  });

/** One package on the wire (POST /api/shipment): a predefined type, or one custom item. */
export const packageSchema = z.discriminatedUnion('type', [
  fixedSchema('small'),
  fixedSchema('medium'),
  fixedSchema('large'),
  itemSchema('boxed'),
  itemSchema('unboxed'),
  itemSchema('pallet').extend({ pallet_type: z.enum(PALLET_TYPES, { error: 'required' }), must_be_traded: z.boolean().default(false) }),
]);
export type PackageInput = z.infer<typeof packageSchema>;

export type FixedPackage = Extract<PackageInput, { type: FixedType }>;
export const isFixedPackage = (p: PackageInput): p is FixedPackage => (FIXED_TYPES as readonly string[]).includes(p.type);

/** The size a package counts with: the predefined maximum, or the item's own. */
export function packageSize(p: PackageInput): Size {
  if (isFixedPackage(p)) return PREDEFINED_SIZES[p.type];
  const footprint = p.type === 'pallet' ? PALLET_FOOTPRINT[p.pallet_type] : undefined;
  return { width: footprint?.width ?? p.width, height: p.height, length: footprint?.length ?? p.length, weight: p.weight };
}
