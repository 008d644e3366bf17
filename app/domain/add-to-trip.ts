// "Add to trip" on the details pages (issue 13, issue 34; spec §3 "Trip list payloads", §5 "Trip
// list name"): from what a product's details page shows to the product's trip list item, built
// into the spec payload by the product's registry builder. Pure; the dialog posts it.
import type { CarTripItem } from '~/products/car/car';
import type { FlightTripItem } from '~/products/flight/flight';
import type { HotelTripItem } from '~/products/hotel/hotel';
import type { OfferTripItem } from '~/products/offer/offer-trip';
import type { ResortTripItem } from '~/products/weeks/resort-trip';
import type { TransferTripItem } from '~/products/offer/transfer';
import type { OfferProductCode } from './offers';
import { type ProductCode, isProductCode, products } from '~/products/registry';
import type { ConsoleNote } from './console-notes';
import type { TripListInput } from '~/products/types';
import { defaultTripName } from './trips';
import { currencyFractionDigits } from './intl-format';

/** An amount as a page shows it (minor units of its currency). */
type Amount = { amountMinor: number; currency: string };

/** What the dialog needs to add one item: its call, dates and place, and its payload for a trip. */
export type TripCandidate = {
  product: ProductCode;
  /** The create call (`POST /api/trips/<call>`). */
  call: string;
  checkin: string;
  checkout: string;
  /** The destination the default trip name starts with. */
  place: string | null;
  /** Where the item is, when known: with `place`, what our destination picture is looked up by (citieimages). */
  coordinates: Coordinates | null;
  payload: (trip: TripListInput) => Record<string, unknown>;
};

export type Coordinates = { latitude: number; longitude: number };

/** An amount in major units of its currency (JPY has none, most have two). */
export function majorUnits({ amountMinor, currency }: Amount): number {
  return Math.round(amountMinor) / 10 ** currencyFractionDigits(currency);
}

/** Spec §5: the name a new trip gets unless the user types another, in the page's language. */
export const candidateTripName = (candidate: Pick<TripCandidate, 'place' | 'checkin' | 'checkout'>, language: string) =>
  defaultTripName(candidate.place, candidate.checkin, candidate.checkout, language);

type Where = { checkin: string; checkout: string; place: string | null; coordinates: Coordinates | null };

function candidate<C extends ProductCode, Item>(product: C, item: Item, where: Where): TripCandidate {
  const { calls, build } = products[product].tripList as unknown as { calls: { create: string }; build: (trip: TripListInput, item: Item) => Record<string, unknown> };
  // product_type: calls serve several products (a cruise is listed by the activities' call).
  return { product, call: calls.create, ...where, payload: (trip) => ({ ...build(trip, item), product_type: product }) };
}

/** The hotel details page's data the hotel trip item is made from. */
export type HotelDetailsInput = {
  search: { destination: string; checkin: string; checkout: string; rooms: number; guests: number };
  destination: { name: string } | null;
  hotel: {
    slug: string;
    name: string;
    address: string;
    stars: number;
    latitude: number;
    longitude: number;
    destination: string;
    rooms: readonly {
      fits: boolean;
      available: number;
      price: { nights: number; beforeTax: Amount; tax: Amount; total: Amount; strikeTotal: Amount | null };
      supplierPrice: { currency: string; exclusive: number; tax: number; inclusive: number; supplierCode: string };
    }[];
  };
};

/**
 * Spec §3 "Hotel trip" from the hotel details page: the hotel at the search's stay, priced as
 * its first room that takes the party (the cheapest), else its first room. Null: no room at all.
 */
export function hotelTripCandidate(page: HotelDetailsInput): TripCandidate | null {
  const { hotel, search } = page;
  const room = hotel.rooms.find((r) => r.fits && r.available >= search.rooms) ?? hotel.rooms[0];
  if (!room) return null;
  const usd = (minor: number) => majorUnits({ amountMinor: minor, currency: room.supplierPrice.currency });
  const city = page.destination?.name ?? hotel.destination;
  const item: HotelTripItem = {
    hotelName: hotel.name,
    hotelId: hotel.slug,
    cityName: city,
    hotelAddress: hotel.address,
    searchId: [search.destination, search.checkin, search.checkout, `${search.rooms}x${search.guests}`].join('/'),
    starRating: hotel.stars,
    lat: hotel.latitude,
    long: hotel.longitude,
    fromDate: search.checkin,
    toDate: search.checkout,
    rooms: Array.from({ length: search.rooms }, () => ({ adults: search.guests, children: 0 })),
    searchRequest: { destination: search.destination, checkin: search.checkin, checkout: search.checkout, rooms: search.rooms, guests: search.guests },
    nights: room.price.nights,
    price: majorUnits(room.price.beforeTax),
    tax: majorUnits(room.price.tax),
    inclusive: majorUnits(room.price.total),
    supplierCode: room.supplierPrice.supplierCode,
    strikeOutPrice: room.price.strikeTotal ? majorUnits(room.price.strikeTotal) : null,
    usd: { price: usd(room.supplierPrice.exclusive), tax: usd(room.supplierPrice.tax), inclusive: usd(room.supplierPrice.inclusive) },
    currency: room.price.total.currency,
  };
  return candidate('HLT', item, { checkin: search.checkin, checkout: search.checkout, place: city, coordinates: { latitude: hotel.latitude, longitude: hotel.longitude } });
}

/** The flight details page's data the flight trip item is made from. */
export type FlightDetailsInput = {
  search: { tripType: string; cabin: string; adults: number; children: number; infants: number; legs: readonly { from: string; to: string; date: string }[] };
  offer: {
    id: string;
    legs: readonly {
      itineraryId: string;
      from: string;
      to: string;
      stops: number;
      durationMinutes: number;
      segments: readonly { departsAt: string; arrivesAt: string; flightNumber: string; airlineCode: string }[];
    }[];
  };
  fares: readonly { brand: { code: string; name: string }; price: { beforeTaxMinor: number; taxMinor: number; totalMinor: number; currency: string } }[];
  /**
   * Our destination at the airport the flight goes to (flightGoesTo), or null: looked up by the
   * page's loader, so the destination list stays out of the browser (docs/decisions/0037).
   */
  destination: { name: string; latitude: string; longitude: string } | null;
};

/** The airport a flight search goes to: a round trip's turning point, else the last leg's arrival. */
export function flightGoesTo(search: { tripType: string; legs: readonly { to: string }[] }): string | null {
  const leg = search.tripType === 'roundtrip' ? search.legs[0] : search.legs[search.legs.length - 1];
  return leg?.to ?? null;
}

/**
 * Spec §3 "Flight trip" from the flight details page, at its cheapest fare (the first): the
 * trip is where the flight goes (a round trip's turning point). Null: no fare left.
 */
export function flightTripCandidate(page: FlightDetailsInput): TripCandidate | null {
  const { search, offer } = page;
  const fare = page.fares[0];
  const first = search.legs[0];
  const last = search.legs[search.legs.length - 1];
  if (!fare || !first || !last) return null;
  const goesTo = flightGoesTo(search) ?? last.to;
  const { destination } = page;
  const { currency } = fare.price;
  const item: FlightTripItem = {
    id: offer.id,
    uid: `${offer.id}:${fare.brand.code}`,
    bounds: offer.legs.map((leg) => ({
      itinerary_id: leg.itineraryId,
      from: leg.from,
      to: leg.to,
      stops: leg.stops,
      duration_minutes: leg.durationMinutes,
      departs_at: leg.segments[0]?.departsAt ?? null,
      arrives_at: leg.segments[leg.segments.length - 1]?.arrivesAt ?? null,
      flights: leg.segments.map((s) => `${s.airlineCode}${s.flightNumber}`),
    })),
    // Amounts as numbers with their currency, never the page's display text: trips sum and format them.
    fareSummary: {
      brand: fare.brand.code,
      brand_name: fare.brand.name,
      currency,
      before_tax: majorUnits({ amountMinor: fare.price.beforeTaxMinor, currency }),
      tax: majorUnits({ amountMinor: fare.price.taxMinor, currency }),
      total: majorUnits({ amountMinor: fare.price.totalMinor, currency }),
    },
    request: {
      tripType: search.tripType,
      cabinClass: search.cabin,
      adults: search.adults,
      children: search.children,
      infants: search.infants,
      brandedFare: fare.brand.code,
      legs: search.legs.map((leg) => ({ from: leg.from, to: leg.to, date: leg.date })),
      lat: destination ? Number(destination.latitude) : 0,
      lng: destination ? Number(destination.longitude) : 0,
    },
  };
  const coordinates = destination ? { latitude: Number(destination.latitude), longitude: Number(destination.longitude) } : null;
  return candidate('FLT', item, { checkin: first.date, checkout: last.date, place: destination?.name ?? goesTo, coordinates });
}

type CarPlace = { code: string; name: string; city: string; country: string };

/** The car details page's data the car trip item is made from. */
export type CarDetailsInput = {
  search: { pickupDate: string; pickupTime: string; dropoffDate: string; dropoffTime: string };
  car: {
    id: number;
    uid: string;
    carfamily: string;
    cartype: string;
    baggage: number;
    noPax: number;
    is_ac: boolean;
    mileage: number | null;
    freecancellation: boolean;
    pickup: CarPlace;
    dropoff: CarPlace;
    price: { days: number; dailyRate: Amount & { text: string }; total: Amount & { text: string } };
  };
};

/** Spec §3 "Car trip" from the car details page: the car over the searched rental. */
export function carTripCandidate(page: CarDetailsInput): TripCandidate {
  const { car, search } = page;
  const place = (where: CarPlace, date: string, time: string) => ({ code: where.code, name: where.name, city: where.city, country: where.country, date, time });
  const item: CarTripItem = {
    uid: car.uid,
    id: String(car.id),
    carFamily: car.carfamily,
    baggage: car.baggage,
    carType: car.cartype,
    pickup: place(car.pickup, search.pickupDate, search.pickupTime),
    dropoff: place(car.dropoff, search.dropoffDate, search.dropoffTime),
    fareSummary: { days: car.price.days, daily_rate: majorUnits(car.price.dailyRate), total: majorUnits(car.price.total), total_text: car.price.total.text },
    airConditioning: car.is_ac,
    passengers: car.noPax,
    mileage: car.mileage === null ? 'unlimited' : `${car.mileage} km/day`,
    isTransport: false,
    freeCancellation: car.freecancellation,
    currency: car.price.total.currency,
  };
  return candidate('CAR', item, { checkin: search.pickupDate, checkout: search.dropoffDate, place: car.pickup.city, coordinates: null });
}

/** The offer details page's data (activities, transfers, cruises, restaurants) the trip item is made from. */
export type OfferDetailsInput = {
  product: OfferProductCode;
  search: { date: string; time: string | null; guests: number; returnDate: string | null; returnTime: string | null };
  /** Our destination the offer is in, or null when the catalogue has none. */
  place: { name: string; latitude: number; longitude: number } | null;
  offer: {
    slug: string;
    name: string;
    guestRating: number;
    options: readonly {
      code: string;
      name: string;
      fits: boolean;
      slots: readonly { day: string; time: string; bookable: boolean }[];
      price: { beforeTax: Amount; tax: Amount; total: Amount; strikeTotal: Amount | null };
    }[];
  };
};

/**
 * Spec §3 "Activity trip" (cruises and restaurants alike) and "Transfer trip" from the offer
 * details page: its first option that takes the party, at its first bookable slot (a transfer's
 * is the searched pickup; a return adds the way back). Null: nothing can be booked.
 */
export function offerTripCandidate(page: OfferDetailsInput): TripCandidate | null {
  const { offer, search, place } = page;
  const option = offer.options.find((o) => o.fits && o.slots.some((slot) => slot.bookable));
  const slot = option?.slots.find((s) => s.bookable);
  if (!option || !slot) return null;
  const coordinates = place ? { latitude: place.latitude, longitude: place.longitude } : null;
  const where = { checkin: slot.day, checkout: search.returnDate ?? slot.day, place: place?.name ?? null, coordinates };
  if (page.product === 'TRF') {
    const item: TransferTripItem = {
      transfersName: `${offer.name} · ${option.name}`,
      date: slot.day,
      time: slot.time,
      returnDate: search.returnDate,
      returnTime: search.returnTime,
    };
    return candidate('TRF', item, where);
  }
  const total = majorUnits(option.price.total);
  const item: OfferTripItem = {
    productCode: offer.slug,
    optionCode: option.code,
    startTime: `${slot.day}T${slot.time}`,
    pax: search.guests,
    destination: place?.name ?? '',
    guestRating: offer.guestRating,
    // What this visitor pays: our costs and markups never reach a page.
    price: { b2b: total, b2c: total, markup: 0, taxes: majorUnits(option.price.tax), strike: option.price.strikeTotal ? majorUnits(option.price.strikeTotal) : null },
  };
  return candidate(page.product, item, where);
}

/** The resort or stay details page's data the trip item is made from (the loader builds the item: it has the week's figures). */
export type WeeksDetailsInput = {
  product: 'RST' | 'STY';
  place: { name: string } | null;
  /** The first unit type with a week free, as the trip item, with its week; null when none is. */
  trip: { item: ResortTripItem; checkin: string; checkout: string } | null;
};

/** Spec §3 "Resort trip" from a resort's or a stay's details page: its first week free. */
export function weeksTripCandidate(page: WeeksDetailsInput): TripCandidate | null {
  if (!page.trip) return null;
  const { item, checkin, checkout } = page.trip;
  return candidate(page.product, item, { checkin, checkout, place: page.place?.name ?? null, coordinates: { latitude: item.lat, longitude: item.long } });
}

/**
 * Why a details page of `product` has no trip item: a product without a trip list is not
 * supported; an offer, resort or stay with none has no bookable date or week; a hotel or a
 * flight lacks the room or fare the item is made of.
 */
export function noTripItemNote(product: string): ConsoleNote {
  if (!isProductCode(product) || !('tripList' in products[product])) return 'unsupportedProduct';
  return product === 'HLT' || product === 'FLT' || product === 'CAR' ? 'tripData' : 'noDates';
}
