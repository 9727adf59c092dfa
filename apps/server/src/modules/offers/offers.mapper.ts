import type { DriverJobRead } from '@vm/domain';
import type { DriverOfferRow } from './offers.repository.ts';

/** A driver's own offer as their job list shows it. */
export type MyOfferRead = NonNullable<DriverJobRead['my_offer']>;

export const toMyOffer = (o: DriverOfferRow): MyOfferRead => ({ id: o.id, price: o.priceCents / 100, state: o.state });
