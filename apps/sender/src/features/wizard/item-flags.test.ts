import { describe, expect, it } from 'vitest';
import { ITEM_TAGS, itemFlags } from './item-flags.ts';

describe('itemFlags', () => {
  it('offers pallet exchange only as the pallet switch', () => {
    expect(ITEM_TAGS).not.toContain('pallet_exchange');
    expect(ITEM_TAGS).toContain('breakable');
  });

  it('lists the flags of an item, pallet exchange only for a pallet', () => {
    expect(itemFlags({ type: 'boxed', tags: ['no_stacking', 'breakable'], mustBeTraded: false })).toEqual(['wizard.tags.breakable', 'wizard.tags.no_stacking']);
    expect(itemFlags({ type: 'pallet', tags: ['breakable'], mustBeTraded: true })).toEqual(['wizard.tags.breakable', 'wizard.tags.pallet_exchange']);
    expect(itemFlags({ type: 'boxed', tags: ['pallet_exchange'], mustBeTraded: true })).toEqual([]);
  });
});
