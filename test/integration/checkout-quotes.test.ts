import { describe, expect, it } from 'vitest';
import { addDays, formatDay, parseDay, weekStartOnOrAfter } from '~/domain/weeks';
import { chargeForHold } from '~/services/booking/checkout-charge.server';
import { quoteWeeksHold } from '~/products/weeks/weeks-quote.server';
import { quoteDisplayOf } from '~/domain/quote';
import { getRateTable } from '~/services/catalog/rates.server';
import { getDb } from '~/services/platform/db.server';
import { type Hold, countAvailableUnits, createHold, findHoldByToken, recordHoldQuote } from '~/services/booking/holds.server';
import { builtInFlightSupplier as flights } from '~/services/suppliers/flights.server';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import { builtInCarSupplier as cars } from '~/services/suppliers/cars.server';
import { weeksSupplierFor } from '~/services/suppliers/weeks.server';
import { pageRequests } from '../support/page-requests';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';

const { holdCar, holdFlight, holdHotelRoom, holdOffer, loadCarCheckout, loadFlightCheckout, loadHotelCheckout, loadOfferCheckout, loadWeeksCheckout, travelerAction } =
  pageRequests;

/**
 * Issue 4: what a checkout shows and charges is the quote its hold recorded. Editing the
 * checkout link's pricing parameters changes neither the price shown nor `charge`.
 */
const site = 'http://localhost';
const get = (path: string, cookie?: string) => new Request(`${site}${path}`, cookie ? { headers: { cookie } } : undefined);
const post = (path: string) => new Request(`${site}${path}`, { method: 'POST' });
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
};
/** A new address per hold: these tests make more holds than one visitor may keep (the per-visitor cap has its own tests). */
let nextAddress = 1;
const clientIp = () => `198.51.100.${nextAddress++}`;
const held = <T extends { kind: string }>(result: T) => {
  expect(result.kind).toBe('held');
  return result as Extract<T, { kind: 'held' }>;
};

describe('checkout quotes come from the hold (pglite)', () => {
  const database = useSeededDatabase('pglite');

  it('hotel: guests, package and rooms in the link do not re-price; the package rate stays with its hold', async () => {
    const room = await database.db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select(['r.id'])
      .where('h.slug', '=', 'cancun-harbour-view')
      .where('r.code', '=', 'STD')
      .executeTakeFirstOrThrow();
    const stay = { destination: 'cancun', checkin: inDays(70), checkout: inDays(73), rooms: '1', guests: '2', roomTypeId: String(room.id) };
    const plain = held((await holdHotelRoom(post('/hotel-checkout'), formOf(stay), clientIp())).result);
    const shown = await loadHotelCheckout(get(`/hotel-checkout?hold=${plain.hold.token}`));
    expect(shown.charge).toEqual({ amountMinor: expect.any(Number), currency: 'USD', description: expect.stringContaining('3 nights · 1 room') });
    expect(shown.charge.amountMinor).toBeGreaterThan(0);
    // The page shows the charge (the wanderly visitor's currency is USD).
    expect(shown.price.total.amountMinor).toBe(shown.charge.amountMinor);
    // The summary shows the property's own first picture, not its destination's, and the room type's code rides along.
    expect(shown.hotel.image_path).toMatch(/^\/images\/properties\/v\d+\/cancun-harbour-view\/[a-z-]+\.svg$/);
    expect(shown.room).toMatchObject({ code: 'STD', name: 'Standard room' });
    const edited = await loadHotelCheckout(get(`/hotel-checkout?hold=${plain.hold.token}&guests=1&package=1&rooms=3&checkin=${inDays(71)}`));
    expect(edited.price).toEqual(shown.price);
    expect(edited.charge).toEqual(shown.charge);
    expect(edited.stay).toEqual(shown.stay);

    const pkg = held((await holdHotelRoom(post('/hotel-checkout'), formOf({ ...stay, checkin: inDays(80), checkout: inDays(83), package: '1' }), clientIp())).result);
    expect(pkg.hold.selection).toMatchObject({ priceType: 'PKG', guestsPerRoom: '2', startsOn: inDays(80), endsOn: inDays(83) });
    const packageShown = await loadHotelCheckout(get(`/hotel-checkout?hold=${pkg.hold.token}`));
    expect(packageShown.price.priceType).toBe('PKG');
    const plainAgain = held((await holdHotelRoom(post('/hotel-checkout'), formOf({ ...stay, checkin: inDays(80), checkout: inDays(83) }), clientIp())).result);
    const plainShown = await loadHotelCheckout(get(`/hotel-checkout?hold=${plainAgain.hold.token}&package=1`));
    expect(plainShown.price.priceType).toBe('B2C');
    expect(plainShown.charge.amountMinor).not.toBe(packageShown.charge.amountMinor);
  });

  it('holiday homes: guests in the link do not re-price', async () => {
    const home = await database.db
      .selectFrom('hotel_room_types as r')
      .innerJoin('hotels as h', 'h.id', 'r.hotel_id')
      .select(['r.id', 'r.max_guests'])
      .where('h.property_type', '=', 'holiday_home')
      .where('h.destination_slug', '=', 'cancun')
      .orderBy('r.max_guests', 'desc')
      .executeTakeFirstOrThrow();
    const stay = { destination: 'cancun', checkin: inDays(110), checkout: inDays(114), rooms: '1', guests: '2', roomTypeId: String(home.id) };
    const hold = held((await holdHotelRoom(post('/holidaystays/hotel-checkout'), formOf(stay), clientIp())).result);
    const shown = await loadHotelCheckout(get(`/holidaystays/hotel-checkout?hold=${hold.hold.token}`));
    expect(shown.stay.guests).toBe(2);
    expect(shown.charge.description).toContain('4 nights');
    const edited = await loadHotelCheckout(get(`/holidaystays/hotel-checkout?hold=${hold.hold.token}&guests=${home.max_guests}&package=1`));
    expect(edited.stay).toEqual(shown.stay);
    expect(edited.charge).toEqual(shown.charge);
  });

  it('a hold made before quotes were recorded is not payable: the checkout says to search again, initBooking charges nothing', async () => {
    const room = await database.db.selectFrom('hotel_room_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    const old = held(
      await createHold({
        orgId: 'wanderly',
        userId: null,
        product: 'HLT',
        itemRef: `room-type:${room.id}`,
        startsAt: new Date(`${inDays(90)}T00:00:00Z`),
        endsAt: new Date(`${inDays(92)}T00:00:00Z`),
        quantity: 1,
        ttlMinutes: 15,
      }),
    );
    expect(old.hold.quote).toBeNull();
    await expect(loadHotelCheckout(get(`/hotel-checkout?hold=${old.hold.token}`))).rejects.toMatchObject({ status: 410 });
    expect(await chargeForHold({ orgId: 'wanderly', userId: null }, 'HLT', old.hold.token)).toBeNull();

    // Nor a table or a car.
    const table = await database.db
      .selectFrom('offer_options as o')
      .innerJoin('offers as f', 'f.id', 'o.offer_id')
      .select('o.id')
      .where('f.product', '=', 'RESTAURANT')
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const oldTable = held(
      await createHold({
        orgId: 'wanderly',
        userId: null,
        product: 'RESTAURANT',
        itemRef: `offer-option:${table.id}`,
        startsAt: new Date(`${inDays(91)}T20:00:00Z`),
        endsAt: new Date(`${inDays(91)}T22:00:00Z`),
        quantity: 1,
        ttlMinutes: 15,
      }),
    );
    await expect(loadOfferCheckout(get(`/restaurants/checkout?hold=${oldTable.hold.token}&guests=1`), 'restaurants')).rejects.toMatchObject({ status: 410 });
    const car = await database.db.selectFrom('car_offers').select('id').orderBy('id').executeTakeFirstOrThrow();
    const oldCar = held(
      await createHold({
        orgId: 'wanderly',
        userId: null,
        product: 'CAR',
        itemRef: `car-offer:${car.id}`,
        startsAt: new Date(`${inDays(91)}T10:00:00Z`),
        endsAt: new Date(`${inDays(93)}T10:00:00Z`),
        quantity: 1,
        ttlMinutes: 15,
      }),
    );
    await expect(loadCarCheckout(get(`/cars/checkout?hold=${oldCar.hold.token}&driver_age=40`))).rejects.toMatchObject({ status: 410 });
    expect(await chargeForHold({ orgId: 'wanderly', userId: null }, 'CAR', oldCar.hold.token)).toBeNull();
  });

  // Flights need no login on viajamas (its visitors see MXN; the charge stays in USD).
  const viajamas = 'http://viajamas.localhost';
  const consumer = { orgId: 'viajamas', userId: null, priceType: 'B2C' as const };

  it('flight: the passenger mix, fare and trip in the link do not re-price; on the peso site the charge is the peso total (decision 0056)', async () => {
    const query = { tripType: 'oneway' as const, legs: [{ from: 'CUN', to: 'MCO', date: inDays(60) }], cabin: 'economy' as const, adults: 2, children: 0, infants: 0 };
    const [offer] = await flights.search(query, consumer);
    const details = await flights.details(offer!.id, query, consumer);
    const [cheapFare, dearFare] = [details!.fares[0]!.brand.code, details!.fares[details!.fares.length - 1]!.brand.code];
    const form = {
      triptype: 'oneway',
      from: 'CUN',
      to: 'MCO',
      depart: inDays(60),
      cabinclass: 'economy',
      noofadults: '2',
      noofchilds: '0',
      noofinfants: '0',
      offer: offer!.id,
      brandedfare: dearFare,
    };
    const hold = held((await holdFlight(new Request(`${viajamas}/flight/checkout`, { method: 'POST' }), formOf(form), clientIp())).result);
    const shown = await loadFlightCheckout(new Request(`${viajamas}/flight/checkout?hold=${hold.hold.token}`));
    const quoted = await flights.price({ ...query, offerId: offer!.id, fare: dearFare }, consumer);
    // Viajamás settles in pesos: the charge is the total the page shows, the fare's dollars converted once.
    expect(shown.charge).toEqual({
      amountMinor: shown.fare.price.totalMinor,
      currency: 'MXN',
      description: `Flight CUN–MCO · ${inDays(60)} · ${quoted!.fare.brand.name} · 2 passengers`,
    });
    expect(shown.charge.amountMinor).toBeGreaterThan(quoted!.fare.price.inclusive * 5);
    // Same seat count, cheaper mix (a child and a lap infant), cheaper fare: nothing changes.
    const tampered = new URLSearchParams({ ...form, hold: hold.hold.token, noofadults: '1', noofchilds: '1', noofinfants: '1', brandedfare: cheapFare });
    const edited = await loadFlightCheckout(new Request(`${viajamas}/flight/checkout?${tampered.toString()}`));
    expect(edited.fare).toEqual(shown.fare);
    expect(edited.charge).toEqual(shown.charge);
    expect(edited.search).toEqual(shown.search);
  });

  it("flight: the booking's dates are the local departure and arrival dates, also late in the evening", async () => {
    // West-coast and Hawaiian evening departures are already the next day in UTC.
    const candidates = await database.db
      .selectFrom('flights')
      .select(['origin', 'destination'])
      .where('origin', 'in', ['HNL', 'SFO', 'LAS', 'YVR'])
      .where('departure_minutes', '>=', 16 * 60)
      .orderBy('id')
      .execute();
    let checked = false;
    for (const { origin, destination } of candidates) {
      for (let days = 100; days < 107 && !checked; days++) {
        const query = { tripType: 'oneway' as const, legs: [{ from: origin, to: destination, date: inDays(days) }], cabin: 'economy' as const, adults: 1, children: 0, infants: 0 };
        const late = (await flights.search(query, consumer)).find((o) => {
          const first = o.legs[0]!.segments[0]!;
          return o.cheapest && first.departsLocal.date !== first.departsAt.slice(0, 10);
        });
        if (!late) continue;
        const first = late.legs[0]!.segments[0]!;
        const last = late.legs.at(-1)!.segments.at(-1)!;
        const form = {
          triptype: 'oneway',
          from: origin,
          to: destination,
          depart: inDays(days),
          cabinclass: 'economy',
          noofadults: '1',
          noofchilds: '0',
          noofinfants: '0',
          offer: late.id,
          brandedfare: late.cheapest!.brand.code,
        };
        const hold = held((await holdFlight(new Request(`${viajamas}/flight/checkout`, { method: 'POST' }), formOf(form), clientIp())).result);
        expect(first.departsLocal.date).toBe(inDays(days));
        expect(hold.hold.startsAt.toISOString().slice(0, 10)).toBe(inDays(days + 1));
        const saved = await travelerAction(
          new Request(`${viajamas}/flight/checkout`, { method: 'POST' }),
          formOf({ intent: 'traveler', hold: hold.hold.token, firstName: 'Late', lastName: 'Flyer', email: 'late.flyer@example.com', phone: '+15550100' }),
          'FLT',
        );
        expect(saved.status).toBe(200);
        const booking = await getDb().selectFrom('bookings').select(['starts_on', 'ends_on']).where('hold_id', '=', hold.hold.id).executeTakeFirstOrThrow();
        expect(booking).toEqual({ starts_on: inDays(days), ends_on: last.arrivesLocal.date });
        checked = true;
      }
      if (checked) break;
    }
    expect(checked, 'a seeded evening departure whose UTC date is the next day').toBe(true);
  });

  it('car: the drop-off desk and driver age in the link do not re-price', async () => {
    const [offer] = await cars.search(
      { pickupCode: 'CUNA', dropoffCode: 'CUNA', sameDropoff: true, pickupDate: inDays(64), pickupTime: '10:00', dropoffDate: inDays(67), dropoffTime: '10:00', driverAge: 35 },
      { orgId: 'wanderly', userId: null, priceType: 'B2C' },
    );
    const form = {
      pickup: 'CUNA',
      same_dropoff: '1',
      pickup_date: inDays(64),
      pickup_time: '10:00',
      dropoff_date: inDays(67),
      dropoff_time: '10:00',
      driver_age: '35',
      car_id: String(offer!.id),
    };
    const hold = held((await holdCar(post('/cars/checkout'), formOf(form), clientIp())).result);
    const shown = await loadCarCheckout(get(`/cars/checkout?hold=${hold.hold.token}`));
    expect(shown.charge).toMatchObject({ currency: 'USD', description: expect.stringContaining('3 days') });
    expect(shown.charge.amountMinor).toBe(shown.car.price.payment === 'prepaid' ? shown.car.price.total.amountMinor : 0);
    const edited = await loadCarCheckout(get(`/cars/checkout?hold=${hold.hold.token}&pickup=CUNA&dropoff=CUNC&same_dropoff=0&driver_age=21`));
    expect(edited.car.price).toEqual(shown.car.price);
    expect(edited.charge).toEqual(shown.charge);
    expect(edited.search).toEqual(shown.search);
    expect(shown.car.price.youngDriverFee).toBeNull();
    expect(shown.car.price.oneWayFee).toBeNull();
  });

  it('activities and restaurants: the party size in the link does not re-price', async () => {
    const activity = (
      await offerSuppliers.ACT.search(
        { destination: 'cancun', date: inDays(66), until: inDays(66), month: null, time: null, guests: 2, bags: 0, returnDate: null, returnTime: null },
        { orgId: 'wanderly', userId: null, priceType: 'B2C' },
      )
    )[0]!;
    const slot = activity.cheapest!.slots.find((s) => s.bookable)!;
    const act = await holdOffer(
      post('/activities/checkout'),
      'activities',
      formOf({ destination: 'cancun', date: inDays(66), guests: '2', offer: activity.slug, option: activity.cheapest!.code, day: slot.day, time: slot.time }),
      clientIp(),
    );
    expect(act.token).not.toBeNull();
    const actShown = await loadOfferCheckout(get(`/activities/checkout?hold=${act.token}`), 'activities');
    const actEdited = await loadOfferCheckout(get(`/activities/checkout?hold=${act.token}&guests=1`), 'activities');
    expect(actShown.guests).toBe(2);
    expect(actEdited.charge).toEqual(actShown.charge);
    expect(actShown.charge.amountMinor).toBe(actShown.price.total.amountMinor);

    const restaurant = (
      await offerSuppliers.RESTAURANT.search(
        { destination: 'cancun', date: inDays(66), until: inDays(66), month: null, time: '19:00', guests: 6, bags: 0, returnDate: null, returnTime: null },
        { orgId: 'wanderly', userId: null, priceType: 'B2C' },
      )
    )[0]!;
    const table = restaurant.cheapest!;
    const dinner = await holdOffer(
      post('/restaurants/checkout'),
      'restaurants',
      formOf({ destination: 'cancun', date: inDays(66), time: '19:00', guests: '6', offer: restaurant.slug, option: table.code, day: inDays(66) }),
      clientIp(),
    );
    expect(dinner.token).not.toBeNull();
    const shown = await loadOfferCheckout(get(`/restaurants/checkout?hold=${dinner.token}`), 'restaurants');
    expect(shown.guests).toBe(6);
    expect(shown.charge.description).toContain('6 guests');
    const edited = await loadOfferCheckout(get(`/restaurants/checkout?hold=${dinner.token}&guests=1`), 'restaurants');
    expect(edited.price).toEqual(shown.price);
    expect(edited.charge).toEqual(shown.charge);
    // A link naming two holds is no checkout of ours any more.
    await expect(loadOfferCheckout(get(`/restaurants/checkout?hold=${dinner.token}&hold=${act.token}`), 'restaurants')).rejects.toMatchObject({ status: 404 });
  });

  it('cruises: the cabin party in the link does not re-price', async () => {
    const [cruise] = await offerSuppliers.CRUISE.search(
      { destination: 'cancun', date: inDays(60), until: inDays(90), month: null, time: null, guests: 2, bags: 0, returnDate: null, returnTime: null },
      { orgId: 'wanderly', userId: null, priceType: 'B2C' },
    );
    const sailing = cruise!.cheapest!.slots.find((s) => s.bookable)!;
    const form = { destination: 'cancun', month: sailing.day.slice(0, 7), guests: '2', offer: cruise!.slug, option: cruise!.cheapest!.code, day: sailing.day, time: sailing.time };
    const booked = await holdOffer(post('/cruises/checkout'), 'cruises', formOf(form), clientIp());
    expect(booked.token).not.toBeNull();
    const shown = await loadOfferCheckout(get(`/cruises/checkout?hold=${booked.token}`), 'cruises');
    const edited = await loadOfferCheckout(get(`/cruises/checkout?hold=${booked.token}&guests=4&month=${form.month}`), 'cruises');
    expect(shown.guests).toBe(2);
    expect(edited.price).toEqual(shown.price);
    expect(edited.charge).toEqual(shown.charge);
  });

  it('return transfer: one hold for both legs, one total, all or nothing', async () => {
    const search = { destination: 'cancun', date: inDays(68), time: '10:00', guests: '5', bags: '6', trip: 'return', return_date: inDays(75), return_time: '12:00' };
    const outbound = await holdOffer(
      post('/transfers/checkout'),
      'transfers',
      formOf({ ...search, offer: 'cancun-airport-hotel-zone', option: 'VAN', day: inDays(68), time: '10:00' }),
      clientIp(),
    );
    expect(outbound.token).not.toBeNull();
    const hold = (await findHoldByToken(outbound.token!))!;
    expect(hold.itemRef.split(' ')).toHaveLength(2);
    expect(hold.selection).toMatchObject({ returnDate: inDays(75), returnTime: '12:00', startsOn: inDays(68), endsOn: inDays(75) });
    const shown = await loadOfferCheckout(get(`/transfers/checkout?hold=${outbound.token}`), 'transfers');
    expect(shown.legs).toEqual([
      { day: inDays(68), time: '10:00' },
      { day: inDays(75), time: '12:00' },
    ]);
    expect(shown.price.legs).toBe(2);
    expect(shown.charge.amountMinor).toBe(shown.price.total.amountMinor);
    const edited = await loadOfferCheckout(get(`/transfers/checkout?hold=${outbound.token}&guests=1&bags=0&trip=oneway`), 'transfers');
    expect(edited.charge).toEqual(shown.charge);
    // The traveller step books both legs: one booking from the first departure to the return.
    const saved = await travelerAction(
      post('/transfers/checkout'),
      formOf({ intent: 'traveler', hold: outbound.token!, firstName: 'Round', lastName: 'Trip', email: 'round.trip@example.com', phone: '+1 555 0101' }),
      'TRF',
    );
    expect(saved.status).toBe(200);
    const booking = await getDb().selectFrom('bookings').select(['starts_on', 'ends_on', 'item_ref']).where('hold_id', '=', hold.id).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ starts_on: inDays(68), ends_on: inDays(75) });

    // All or nothing: with every minibus taken on the return, the outbound is not held either.
    const option = await database.db
      .selectFrom('offer_options as o')
      .innerJoin('offers as f', 'f.id', 'o.offer_id')
      .select(['o.id', 'o.duration_minutes'])
      .where('f.slug', '=', 'cancun-airport-hotel-zone')
      .where('o.code', '=', 'MINIBUS')
      .executeTakeFirstOrThrow();
    const ref = `offer-option:${option.id}`;
    const range = (day: string, time: string) => ({
      startsAt: new Date(`${day}T${time}:00Z`),
      endsAt: new Date(new Date(`${day}T${time}:00Z`).getTime() + option.duration_minutes * 60_000),
    });
    const back = range(inDays(76), '12:00');
    const free = await countAvailableUnits({ product: 'TRF', itemRef: ref, ...back });
    held(await createHold({ orgId: 'wanderly', userId: null, product: 'TRF', itemRef: ref, ...back, quantity: free, ttlMinutes: 15 }));
    const out = range(inDays(69), '10:00');
    const before = await countAvailableUnits({ product: 'TRF', itemRef: ref, ...out });
    const refused = await holdOffer(
      post('/transfers/checkout'),
      'transfers',
      formOf({ ...search, date: inDays(69), return_date: inDays(76), offer: 'cancun-airport-hotel-zone', option: 'MINIBUS', day: inDays(69), time: '10:00' }),
      clientIp(),
    );
    expect(refused).toMatchObject({ held: false, token: null });
    expect(await countAvailableUnits({ product: 'TRF', itemRef: ref, ...out })).toBe(before);
  });

  it('weeks: once held, the checkout shows and charges the held week whatever the link names', async () => {
    const units = await database.db
      .selectFrom('resort_unit_types as t')
      .innerJoin('resorts as r', 'r.id', 't.resort_id')
      .select(['t.id', 't.week_start_weekday', 'r.id as resort_id', 't.retail_price_usd_minor'])
      .where('r.kind', '=', 'RST')
      .orderBy('r.id')
      .orderBy('t.id')
      .limit(2)
      .execute();
    const [a, b] = units as [(typeof units)[number], (typeof units)[number]];
    const weekOf = (weekday: number, days: number, weeks: number) => {
      const start = weekStartOnOrAfter(parseDay(inDays(days))!, weekday);
      return { checkIn: formatDay(start), checkOut: formatDay(addDays(start, weeks * 7)) };
    };
    const weekA = weekOf(a.week_start_weekday, 95, 1);
    /** As POST /api/weeks/prepareBookWeeks holds a week: with its quote. */
    const quoted = async (hold: Hold) => ({
      hold: await recordHoldQuote(
        hold,
        (await quoteWeeksHold(
          hold,
          { orgId: 'wanderly', userId: null, priceType: 'B2C' },
          { display: quoteDisplayOf('USD', await getRateTable()), chargeCurrency: 'USD', chargeMinorDigits: 2 },
        ))!,
      ),
    });
    const hold = await quoted(
      held(await weeksSupplierFor('RST').hold({ inventoryId: a.id, ...weekA }, { orgId: 'wanderly', userId: null, priceType: 'B2C', ttlMinutes: 15 })).hold,
    );
    const link = (unit: typeof a, week: { checkIn: string; checkOut: string }) =>
      `/resorts/checkout?resort_id=${unit.resort_id}&inventory_id=${unit.id}&check_in_date=${week.checkIn}&check_out_date=${week.checkOut}`;
    const shown = await loadWeeksCheckout(get(link(a, weekA), `holdTok=${hold.hold.token}`), 'RST');
    expect(shown.hold?.token).toBe(hold.hold.token);
    expect(shown.charge).toMatchObject({ amountMinor: shown.week.total.amountMinor, currency: 'USD', description: expect.stringContaining('1 week') });
    const weekB = weekOf(b.week_start_weekday, 95, 2);
    const edited = await loadWeeksCheckout(get(link(b, weekB), `holdTok=${hold.hold.token}`), 'RST');
    expect(edited.request).toEqual(shown.request);
    expect(edited.week).toEqual(shown.week);
    expect(edited.charge).toEqual(shown.charge);
    // The hold named in the link works the same (what a payment step posts).
    expect((await loadWeeksCheckout(get(`/resorts/checkout?hold=${hold.hold.token}`), 'RST')).charge).toEqual(shown.charge);
    // Before any hold, the page quotes the week the link chose (prepare-to-checkout holds it next).
    const preview = await loadWeeksCheckout(get(link(b, weekB)), 'RST');
    expect(preview.hold).toBeNull();
    expect(preview.week.weeks).toBe(2);

    // Holiday stays: the same rule, and a resort hold does not price a stays checkout.
    const stay = await database.db
      .selectFrom('resort_unit_types as t')
      .innerJoin('resorts as r', 'r.id', 't.resort_id')
      .select(['t.id', 't.week_start_weekday', 'r.id as resort_id', 't.retail_price_usd_minor'])
      .where('r.kind', '=', 'STY')
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    const weekS = weekOf(stay.week_start_weekday, 120, 1);
    const stayHold = await quoted(
      held(await weeksSupplierFor('STY').hold({ inventoryId: stay.id, ...weekS }, { orgId: 'wanderly', userId: null, priceType: 'B2C', ttlMinutes: 15 })).hold,
    );
    const stayLink = `/stays/checkout?resort_id=${stay.resort_id}&inventory_id=${stay.id}&check_in_date=${weekS.checkIn}&check_out_date=${weekS.checkOut}`;
    const stayShown = await loadWeeksCheckout(get(stayLink, `holdTok=${stayHold.hold.token}`), 'STY');
    const weekS2 = weekOf(stay.week_start_weekday, 120, 3);
    const stayEdited = await loadWeeksCheckout(get(stayLink.replace(weekS.checkOut, weekS2.checkOut), `holdTok=${stayHold.hold.token}`), 'STY');
    expect(stayEdited.charge).toEqual(stayShown.charge);
    expect(stayShown.charge.description).toContain('1 week');
    expect((await loadWeeksCheckout(get(stayLink, `holdTok=${hold.hold.token}`), 'STY')).hold).toBeNull();
  });
});
