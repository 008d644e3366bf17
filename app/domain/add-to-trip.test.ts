import { describe, expect, it } from 'vitest';
import { type TripListCallName, tripListSchemas } from '#schemas/api/trips.schema';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import type { TripListInput } from '~/products/types';
import {
  candidateTripName,
  type CarDetailsInput,
  carTripCandidate,
  type FlightDetailsInput,
  flightGoesTo,
  flightTripCandidate,
  type HotelDetailsInput,
  hotelTripCandidate,
  majorUnits,
  type OfferDetailsInput,
  offerTripCandidate,
  type TripCandidate,
  type WeeksDetailsInput,
  weeksTripCandidate,
} from './add-to-trip';
import { TRIP_CALLS, tripPayloadRefusal } from './trips';

const trip: TripListInput = {
  tripListId: null,
  tripListName: 'Beach week',
  userId: 'u-1',
  orgId: 'wanderly',
  checkinDate: '2030-03-10',
  checkoutDate: '2030-03-15',
  tripImage: '',
};
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD', text: `$${amountMinor / 100}` });
const mxn = (amountMinor: number) => ({ amountMinor, currency: 'MXN', text: `MX$${amountMinor / 100}` });

const hotelPage: HotelDetailsInput = {
  search: { destination: 'cancun', checkin: '2030-03-10', checkout: '2030-03-15', rooms: 2, guests: 2 },
  destination: { name: 'Cancún' },
  hotel: {
    slug: 'hotel-azul',
    name: 'Hotel Azul',
    address: 'Blvd. Kukulcán 1',
    stars: 4,
    latitude: 21.1,
    longitude: -86.8,
    destination: 'cancun',
    rooms: [
      {
        fits: false,
        available: 5,
        price: { nights: 5, beforeTax: mxn(100_000), tax: mxn(16_000), total: mxn(116_000), strikeTotal: null },
        supplierPrice: { currency: 'USD', exclusive: 5_000, tax: 800, inclusive: 5_800, supplierCode: 'OWN' },
      },
      {
        fits: true,
        available: 3,
        price: { nights: 5, beforeTax: mxn(200_000), tax: mxn(32_000), total: mxn(232_000), strikeTotal: mxn(290_000) },
        supplierPrice: { currency: 'USD', exclusive: 10_000, tax: 1_600, inclusive: 11_600, supplierCode: 'OWN' },
      },
    ],
  },
};

const flightPage: FlightDetailsInput = {
  search: {
    tripType: 'roundtrip',
    cabin: 'economy',
    adults: 2,
    children: 1,
    infants: 0,
    legs: [
      { from: 'MEX', to: 'CUN', date: '2030-03-10' },
      { from: 'CUN', to: 'MEX', date: '2030-03-15' },
    ],
  },
  offer: {
    id: 'it-1~it-2',
    legs: [
      {
        itineraryId: 'it-1',
        from: 'MEX',
        to: 'CUN',
        stops: 0,
        durationMinutes: 130,
        segments: [{ departsAt: '2030-03-10T14:00:00Z', arrivesAt: '2030-03-10T16:10:00Z', flightNumber: '101', airlineCode: 'WA' }],
      },
      {
        itineraryId: 'it-2',
        from: 'CUN',
        to: 'MEX',
        stops: 0,
        durationMinutes: 130,
        segments: [{ departsAt: '2030-03-15T14:00:00Z', arrivesAt: '2030-03-15T16:10:00Z', flightNumber: '102', airlineCode: 'WA' }],
      },
    ],
  },
  fares: [{ brand: { code: 'BASIC', name: 'Basic' }, price: { beforeTaxMinor: 25_000, taxMinor: 4_000, totalMinor: 29_000, currency: 'USD' } }],
  destination: { name: 'Cancún', latitude: '21.161908', longitude: '-86.851528' },
};

const carPage: CarDetailsInput = {
  search: { pickupDate: '2030-03-10', pickupTime: '10:00', dropoffDate: '2030-03-15', dropoffTime: '09:00' },
  car: {
    id: 7,
    uid: 'car-7',
    carfamily: 'Compact',
    cartype: 'Nissan Versa',
    baggage: 2,
    noPax: 5,
    is_ac: true,
    mileage: null,
    freecancellation: true,
    pickup: { code: 'CUN-APT', name: 'Cancún Airport', city: 'Cancún', country: 'MX' },
    dropoff: { code: 'CUN-DT', name: 'Cancún Downtown', city: 'Cancún', country: 'MX' },
    price: { days: 5, dailyRate: usd(4_200), total: usd(21_000) },
  },
};

const offerPage: OfferDetailsInput = {
  product: 'ACT',
  search: { date: '2030-03-11', time: null, guests: 3, returnDate: null, returnTime: null },
  place: { name: 'Cancún', latitude: 21.16, longitude: -86.85 },
  offer: {
    slug: 'reef-snorkel',
    name: 'Reef snorkel',
    guestRating: 4.6,
    options: [
      {
        code: 'VIP',
        name: 'VIP boat',
        fits: false,
        slots: [{ day: '2030-03-11', time: '08:00', bookable: true }],
        price: { beforeTax: usd(50_000), tax: usd(8_000), total: usd(58_000), strikeTotal: null },
      },
      {
        code: 'STD',
        name: 'Shared boat',
        fits: true,
        slots: [
          { day: '2030-03-11', time: '09:00', bookable: false },
          { day: '2030-03-12', time: '09:00', bookable: true },
        ],
        price: { beforeTax: usd(20_000), tax: usd(3_200), total: usd(23_200), strikeTotal: usd(29_000) },
      },
    ],
  },
};

const weeksPage: WeeksDetailsInput = {
  product: 'STY',
  place: { name: 'Cancún' },
  trip: {
    checkin: '2030-03-09',
    checkout: '2030-03-16',
    item: {
      resortId: 12,
      provider: 'OWN',
      whitelabelNo: '3',
      unitCost: 900,
      retailPrice: 1_000,
      feedCost: 900,
      nights: 7,
      stars: 4,
      review: '4.5',
      address: 'Zona Hotelera',
      lat: 21.1,
      long: -86.8,
    },
  },
};

/** The call's body schema and the product's refusal rule both accept the payload. */
function expectAccepted(candidate: TripCandidate) {
  const payload = candidate.payload(trip);
  const validate = compileApiBody(tripListSchemas[candidate.call as TripListCallName]);
  expect(validate({ json: payload }), JSON.stringify(validate.errors)).toBe(true);
  expect(tripPayloadRefusal(TRIP_CALLS.get(candidate.call)!.rules, payload)).toBeNull();
  return payload;
}

describe("add to trip: the details pages' payload builders", () => {
  it('hotel: the first room that takes the party, prices in major units, the search as its request', () => {
    const candidate = hotelTripCandidate(hotelPage)!;
    expect(candidate).toMatchObject({ product: 'HLT', call: 'createTripList', checkin: '2030-03-10', checkout: '2030-03-15', place: 'Cancún' });
    expect(candidateTripName(candidate, 'en-US')).toBe('Cancún · Mar 2030');
    expect(candidateTripName(candidate, 'es-MX')).toBe('Cancún · mar 2030');
    expect(expectAccepted(candidate)).toMatchObject({
      trip_list_name: 'Beach week',
      user_id: 'u-1',
      org_id: 'wanderly',
      type: 3,
      usr_type: 2,
      Hotel_name: 'Hotel Azul',
      hotel_id: 'hotel-azul',
      city_name: 'Cancún',
      fromdate: '2030-03-10',
      todate: '2030-03-15',
      rooms: [
        { adults: 2, children: 0 },
        { adults: 2, children: 0 },
      ],
      no_of_rooms: 2,
      no_of_nights: 5,
      price: 2000,
      tax: 320,
      inclusive: 2320,
      per_night_price: 464,
      strike_out_price: 2900,
      discount_percentage: 20,
      usd_price: 100,
      usd_tax: 16,
      usd_inclusive: 116,
      currency: 'MXN',
      supplier_code: 'OWN',
      status: 'A',
    });
    expect(hotelTripCandidate({ ...hotelPage, hotel: { ...hotelPage.hotel, rooms: [] } })).toBeNull();
  });

  it("hotel: without the destination's name the payload keeps its slug as the city", () => {
    expect(hotelTripCandidate({ ...hotelPage, destination: null })!.payload(trip)).toMatchObject({ city_name: 'cancun' });
  });

  it('flight: the itinerary at its cheapest fare, placed where a round trip turns back', () => {
    const candidate = flightTripCandidate(flightPage)!;
    expect(candidate).toMatchObject({ product: 'FLT', call: 'createFlightTripList', checkin: '2030-03-10', checkout: '2030-03-15', place: 'Cancún' });
    const payload = expectAccepted(candidate);
    expect(payload).toMatchObject({
      id: 'it-1~it-2',
      uid: 'it-1~it-2:BASIC',
      bnds: [
        { from: 'MEX', to: 'CUN', flights: ['WA101'] },
        { from: 'CUN', to: 'MEX' },
      ],
      fare_summary: { brand: 'BASIC', before_tax: 250, tax: 40, total: 290, currency: 'USD' },
      request: {
        triptype: 'roundtrip',
        cabinclass: 'economy',
        noofadults: 2,
        noofchilds: 1,
        noofinfants: 0,
        brandedfare: 'BASIC',
        flightsearch: flightPage.search.legs,
        lat: 21.161908,
        lng: -86.851528,
      },
    });
    expect(flightTripCandidate({ ...flightPage, fares: [] })).toBeNull();
  });

  it('flight: goes to a round trip’s turning point, else the last arrival; with no destination of ours, the airport code and no pin', () => {
    expect(flightGoesTo(flightPage.search)).toBe('CUN');
    expect(flightGoesTo({ tripType: 'multicity', legs: [{ to: 'CUN' }, { to: 'JFK' }] })).toBe('JFK');
    const unknown = flightTripCandidate({ ...flightPage, destination: null })!;
    expect(unknown.place).toBe('CUN');
    expect(expectAccepted(unknown)).toMatchObject({ request: { lat: 0, lng: 0 } });
  });

  it('car: the car over the searched rental, its desks and fare', () => {
    const candidate = carTripCandidate(carPage);
    expect(candidate).toMatchObject({ product: 'CAR', call: 'createCarTripList', checkin: '2030-03-10', checkout: '2030-03-15', place: 'Cancún' });
    expect(expectAccepted(candidate)).toMatchObject({
      id: '7',
      uid: 'car-7',
      cartype: 'Nissan Versa',
      pickup_location: 'Cancún Airport',
      dropoff_location: 'Cancún Downtown',
      is_ac: 1,
      mileage: 'unlimited',
      freecancellation: 1,
      fare_summary: { days: 5, daily_rate: 42, total: 210 },
      request: {
        pickup_code: 'CUN-APT',
        dropoff_code: 'CUN-DT',
        pickup_date: '2030-03-10',
        dropoff_date: '2030-03-15',
        pickup_time: '10:00',
        pickup_city: 'Cancún',
        currency: 'USD',
      },
    });
  });

  it('activity (cruises and restaurants alike): the first option that takes the party, at its first bookable slot', () => {
    const candidate = offerTripCandidate(offerPage)!;
    expect(candidate).toMatchObject({
      product: 'ACT',
      call: 'createActivitiesTripList',
      checkin: '2030-03-12',
      checkout: '2030-03-12',
      place: 'Cancún',
      coordinates: { latitude: 21.16, longitude: -86.85 },
    });
    expect(expectAccepted(candidate)).toMatchObject({
      product_code: 'reef-snorkel',
      option_code: 'STD',
      start_time: '2030-03-12T09:00',
      pax: 3,
      destination: 'Cancún',
      guest_rating: 4.6,
      price: { b2b: 232, b2c: 232, markup: 0, taxes: 32, strike: 290 },
    });
    // Cruises and restaurants go by the activities' call, naming their own product.
    expect(expectAccepted(offerTripCandidate({ ...offerPage, product: 'CRUISE' })!)).toMatchObject({ product_code: 'reef-snorkel', product_type: 'CRUISE' });
    expect(expectAccepted(offerTripCandidate({ ...offerPage, product: 'RESTAURANT' })!)).toMatchObject({ option_code: 'STD', product_type: 'RESTAURANT' });
    const full = {
      ...offerPage,
      offer: { ...offerPage.offer, options: offerPage.offer.options.map((o) => ({ ...o, slots: o.slots.map((slot) => ({ ...slot, bookable: false })) })) },
    };
    expect(offerTripCandidate(full)).toBeNull();
  });

  it('transfer: the vehicle at the searched pickup, and the way back of a return', () => {
    const page: OfferDetailsInput = { ...offerPage, product: 'TRF', search: { date: '2030-03-11', time: '14:30', guests: 2, returnDate: '2030-03-15', returnTime: '10:00' } };
    const candidate = offerTripCandidate({
      ...page,
      offer: { ...page.offer, options: [{ ...page.offer.options[1]!, slots: [{ day: '2030-03-11', time: '14:30', bookable: true }] }] },
    })!;
    expect(candidate).toMatchObject({ product: 'TRF', call: 'createTransfersTripList', checkin: '2030-03-11', checkout: '2030-03-15', place: 'Cancún' });
    expect(expectAccepted(candidate)).toMatchObject({
      trf_transfers_name: 'Reef snorkel · Shared boat',
      trf_date: '2030-03-11',
      trf_time: '14:30',
      trf_return_date: '2030-03-15',
      trf_return_time: '10:00',
    });
  });

  it('resort and stay: the first week free, placed at the resort', () => {
    const candidate = weeksTripCandidate(weeksPage)!;
    expect(candidate).toMatchObject({
      product: 'STY',
      call: 'createResortsTripList',
      checkin: '2030-03-09',
      checkout: '2030-03-16',
      place: 'Cancún',
      coordinates: { latitude: 21.1, longitude: -86.8 },
    });
    expect(expectAccepted(candidate)).toMatchObject({ rst_resort_id: 12, rst_nights: 7, rst_retail_price: 1_000, rst_lat: 21.1, rst_long: -86.8 });
    expect(weeksTripCandidate({ ...weeksPage, product: 'RST' })!.call).toBe('createResortsTripList');
    expect(weeksTripCandidate({ ...weeksPage, trip: null })).toBeNull();
  });

  it("a page missing its product's data gives a payload the server refuses, naming the field", () => {
    const payload = carTripCandidate({ ...carPage, car: { ...carPage.car, pickup: { ...carPage.car.pickup, name: '' } } }).payload(trip);
    expect(tripPayloadRefusal(TRIP_CALLS.get('createCarTripList')!.rules, payload)).toBe('data required for CAR trip creation: pickup location');
  });

  it("reads amounts in their currency's major units", () => {
    expect(majorUnits({ amountMinor: 12_345, currency: 'USD' })).toBe(123.45);
    expect(majorUnits({ amountMinor: 12_345, currency: 'JPY' })).toBe(12_345);
  });
});
