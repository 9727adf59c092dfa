import { PACKAGE_TAGS } from '@vm/domain/packages';
import type { CustomItem } from './wizard-state.ts';

/** The tags an item creator offers: pallet exchange is the pallet's own switch ('must be traded'), never a tag of other items. */
export const ITEM_TAGS = PACKAGE_TAGS.filter((tag) => tag !== 'pallet_exchange');

/** The flags of an item as catalogue keys, in the order the creator shows them; pallet exchange only for a pallet. */
export function itemFlags(item: Pick<CustomItem, 'type' | 'tags' | 'mustBeTraded'>): string[] {
  const flags = ITEM_TAGS.filter((tag) => item.tags.includes(tag)).map((tag) => `wizard.tags.${tag}`);
  return item.type === 'pallet' && (item.mustBeTraded || item.tags.includes('pallet_exchange')) ? [...flags, 'wizard.tags.pallet_exchange'] : flags;
}
