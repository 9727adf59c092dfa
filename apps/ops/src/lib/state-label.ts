import { shipmentStateLabel } from '@vm/domain/events';
import { isLocale } from '@vm/domain/messages-nl';
import { SHIPMENT_STATES, type ShipmentStateName } from '@vm/domain/shipment-states';

/** A job's state as the product words it everywhere (the domain's texts), or as sent when unknown. */
export const stateLabel = (state: string, lang: string): string =>
  (SHIPMENT_STATES as readonly string[]).includes(state) && isLocale(lang) ? shipmentStateLabel(state as ShipmentStateName, lang) : state;
