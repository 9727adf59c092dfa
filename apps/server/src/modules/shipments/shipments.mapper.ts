import {
  costBreakdown,
  costBreakdownEuros,
  driverRating,
  experienceLevel,
  formatAddress,
  type InsuranceChoice,
  type Locale,
  type LocationRead,
  type OfferRead,
  type PackageRead,
  saleVatPercent,
  type ShipmentRead,
} from '@vm/domain';
import { localPlaceName } from '../../lib/places.ts';
import { imageVariants } from '../files/image-urls.ts';
import type { OfferRow, ShipmentRows } from './shipments.repository.ts';

// Rows to the wire shape (SPEC section 3, "Shipment (read)"): the repository reads rows, this
// builds what a client sees, with prices from the domain's pricing and image URLs.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `lang` is the reader's language: a town with two names (Luik/Liège) is named in it. */
export function toShipmentReads({ shipments, states, packages, photos, offers, ratings, late, buyers }: ShipmentRows, lang: Locale): ShipmentRead[] {
  return shipments.map((r) => {
      const buyer = buyers.find((b) => b.senderId === r.senderId);
      const vatPercent = saleVatPercent({ company_vat: buyer?.vat ?? null, country: buyer?.country ?? 'BE', pickup_country: r.pickupCountry, delivery_country: r.deliveryCountry });
      const location = (p: 'pickup' | 'delivery'): LocationRead => {
        const city = localPlaceName(r[`${p}City`], r[`${p}Zip`], r[`${p}Country`], lang, r[`${p}PlaceId`]);
        const parts = { street: r[`${p}Street`], number: r[`${p}Number`], box: r[`${p}Box`], zip: r[`${p}Zip`], city };
        return { lat: r[`${p}Lat`], lng: r[`${p}Lng`], notes: r[`${p}Notes`], address: { ...parts, name: r[`${p}Name`], country: r[`${p}Country`], formatted: formatAddress(parts) } };
      };
      const pkgs: PackageRead[] = packages
        .filter((p) => p.shipmentId === r.id)
        .map((p) => ({
          id: p.id,
          type: p.type,
          description: p.description,
          notes: p.notes,
          width: p.width,
          height: p.height,
          length: p.length,
          weight: p.weight,
          tags: p.tags,
          pallet_type: p.palletType,
          must_be_traded: p.mustBeTraded,
          attachments: photos.filter((ph) => ph.packageId === p.id).map((ph) => ({ id: ph.imageId, ...imageVariants(ph.imageId) })),
        }));
      // Prices follow the shipment's current insurance: changing it changes every offer's total.
      const shipmentOffers = offers.filter((o) => o.shipmentId === r.id).map((o) => offerRead(o, r.insurance, vatPercent));
      return {
        id: r.id,
        reference_id: r.referenceId,
        current_state: { state: r.state },
        states: states.filter((s) => s.shipmentId === r.id).map((s) => ({ state: s.state, created_at: seconds(s.createdAt) })),
        pickup_date_from: seconds(r.pickupDateFrom),
        pickup_date_till: seconds(r.pickupDateTill),
        pickup_timezone: r.pickupTimezone,
        delivery_date_from: seconds(r.deliveryDateFrom),
        delivery_date_till: seconds(r.deliveryDateTill),
        delivery_timezone: r.deliveryTimezone,
        pickup_location: location('pickup'),
        delivery_location: location('delivery'),
        current_location: r.currentLat !== null && r.currentLng !== null ? { lat: r.currentLat, lng: r.currentLng } : null,
        route: { points: r.routePoints, distance: r.routeDistance, duration: r.routeDuration, estimated: r.routeEstimated },
        driver_route: r.driverRouteDistance !== null && r.driverRouteDuration !== null ? { distance: r.driverRouteDistance, duration: r.driverRouteDuration } : null,
        packages: pkgs,
        offers: shipmentOffers,
        accepted_offer: shipmentOffers.find((o) => o.id === r.acceptedOfferId) ?? null,
        insurance: r.insurance,
        ratings: ratings
          .filter((x) => x.shipmentId === r.id)
          .map((x) => ({ ratingable_id: x.ratingableId, author_id: x.authorId, rating: x.rating })),
        running_late: late.filter((x) => x.shipmentId === r.id).map((x) => ({ leg: x.leg, eta: x.eta })),
        created_at: seconds(r.createdAt),
      };
    });
}

function offerRead(o: OfferRow, insurance: InsuranceChoice, vatPercent: number): OfferRead {
  const count = o.ratingCount ?? 0;
  const total = o.ratingTotal ?? 0;
  const vehicle = { type: o.vehicleType ?? 'van', name: o.vehicleName ?? '' };
  return {
    id: o.id,
    shipment_id: o.shipmentId,
    price: o.priceCents / 100,
    state: o.state,
    created_at: seconds(o.createdAt),
    cost_breakdown_sender: costBreakdownEuros(costBreakdown(o.priceCents, insurance, vatPercent)),
    car: { type: vehicle, driver: { user: { first_name: o.firstName, last_name: o.lastName, rating: { driver: driverRating(total, count) } } } },
    driver: {
      user: {
        id: o.driverId,
        first_name: o.firstName,
        last_name: o.lastName,
        driver_rating_count: count,
        driver_rating_total: total,
        profile_picture: o.profileImageId ? imageVariants(o.profileImageId) : null,
      },
    },
    level: experienceLevel(count),
  };
}

