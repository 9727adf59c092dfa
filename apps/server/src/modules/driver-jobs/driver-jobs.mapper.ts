import type { DriverJobRead, LocationRead, ShipmentRead } from '@vm/domain';

/** The driver's view: no other driver's offers; before acceptance no street, number, name or instructions. */
export function toDriverJob(s: ShipmentRead, mine: DriverJobRead['my_offer'], assigned: boolean): DriverJobRead {
  const { offers: _offers, accepted_offer: _accepted, ...rest } = s;
  const hide = (l: LocationRead): LocationRead =>
    assigned ? l : { ...l, notes: '', address: { ...l.address, name: '', street: '', number: '', box: '', formatted: `${l.address.zip} ${l.address.city}`.trim() } };
  return {
    ...rest,
    pickup_location: hide(s.pickup_location),
    delivery_location: hide(s.delivery_location),
    my_offer: mine,
  };
}
