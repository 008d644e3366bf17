import type { Selectable } from 'kysely';
import { type OfferFacts, readOfferFacts } from '~/domain/offer-facts';
import { type OfferPrice, computeOfferPrice } from '~/domain/offer-price';
import { type OfferProductCode, type OfferSearch, daysBetween, offerProducts, segmentOf, slotRange, unitsNeeded, weekdayOf } from '~/domain/offers';
import type { OfferOptionsTable, OffersTable } from '../platform/db-schema';
import { getDb } from '../platform/db.server';
import { convertHoldToBooking, countAvailableUnits, createMultiItemHold } from '../booking/holds.server';
import { releaseHold } from '../booking/hold-release.server';
import { offerOptionItemRef } from '../seed/seed-offers.server';
import type { ProductSupplier, SupplierContext } from './port';
import { compactSelection } from '~/domain/hold-selection';
import { familyRows } from '~/products/registry';

/**
 * The scheduled-offers engine: one supplier implementation serving activities, transfers,
 * cruises and restaurants from the `offers` and `offer_options` tables. A slot is a day and
 * a start time; holding it allocates the option's units over the slot's time range.
 */
export type OfferSlot = { day: string; time: string; available: number; bookable: boolean };

export type OptionOffer = {
  optionId: number;
  code: string;
  name: string;
  description: string;
  unitCapacity: number;
  bagCapacity: number | null;
  durationMinutes: number;
  refundable: boolean;
  /** Whether one booking of this option seats the party (and its bags). */
  fits: boolean;
  /** Units a booking takes, null when the option does not seat the party. */
  units: number | null;
  price: OfferPrice;
  slots: OfferSlot[];
};

export type OfferSummary = {
  slug: string;
  product: OfferProductCode;
  name: string;
  description: string;
  image: string;
  guestRating: number;
  destination: string;
  facts: OfferFacts;
  /** The cheapest option that seats the party and has a bookable slot. */
  cheapest: OptionOffer | null;
};

export type OfferDetails = OfferSummary & { options: OptionOffer[] };

/** One leg of a booking: the option, and the slot's day and start time. */
export type OfferSelection = { query: OfferSearch; offer: string; option: string; day: string; time: string };

type OfferRow = Selectable<OffersTable>;
type OptionRow = Selectable<OfferOptionsTable>;

/** The legs a search asks for: a return transfer has two, everything else one. */
export function legsOf(query: OfferSearch): { day: string; time: string | null }[] {
  const out = { day: query.date, time: query.time };
  return query.returnDate && query.returnTime ? [out, { day: query.returnDate, time: query.returnTime }] : [out];
}

/** The slots of an option in the search's window: days it runs × its start times (or the asked time). */
function scheduleOf(option: OptionRow, query: OfferSearch, onlyAskedTime: boolean): { day: string; time: string }[] {
  const runs = (day: string) => option.weekdays.includes(weekdayOf(day));
  if (option.start_times.length === 0) {
    // Starts when the traveller asks (transfers): every leg must be a day it runs.
    const legs = legsOf(query);
    return legs.every((leg) => leg.time && runs(leg.day)) ? [{ day: query.date, time: query.time! }] : [];
  }
  const times = onlyAskedTime && query.time ? option.start_times.filter((t) => t === query.time) : option.start_times;
  return daysBetween(query.date, query.until)
    .filter(runs)
    .flatMap((day) => times.map((time) => ({ day, time })));
}

async function optionOffer(
  product: OfferProductCode,
  offer: OfferRow,
  option: OptionRow,
  query: OfferSearch,
  context: SupplierContext,
  onlyAskedTime: boolean,
): Promise<OptionOffer> {
  const rule = offerProducts[segmentOf(product)];
  const bagsFit = option.bag_capacity === null || option.bag_capacity >= query.bags;
  const units = bagsFit ? unitsNeeded(rule, query.guests, option.unit_capacity) : null;
  const legs = legsOf(query);
  const itemRef = offerOptionItemRef(option.id);
  const slots = await Promise.all(
    scheduleOf(option, query, onlyAskedTime).map(async (slot) => {
      // A return transfer needs a vehicle on both legs: the slot has what both have free.
      const starts = option.start_times.length === 0 ? legs.map((leg) => ({ day: leg.day, time: leg.time! })) : [slot];
      const counts = await Promise.all(starts.map((s) => countAvailableUnits({ product, itemRef, ...slotRange(s.day, s.time, option.duration_minutes) })));
      const available = Math.min(...counts);
      return { ...slot, available, bookable: units !== null && available >= units };
    }),
  );
  return {
    optionId: option.id,
    code: option.code,
    name: option.name,
    description: option.description,
    unitCapacity: option.unit_capacity,
    bagCapacity: option.bag_capacity,
    durationMinutes: option.duration_minutes,
    refundable: option.refundable,
    fits: units !== null,
    units,
    price: computeOfferPrice({
      netUnitMinor: option.net_usd_minor,
      quantity: rule.priceBy === 'guest' ? query.guests : 1,
      legs: option.start_times.length === 0 ? legs.length : 1,
      taxRateBp: option.tax_rate_bp,
      b2bMarkupBp: option.b2b_markup_bp,
      b2cMarkupBp: option.b2c_markup_bp,
      strikePct: option.strike_pct,
      // Package rates are a hotel-stay price; everything else is sold at B2B or B2C.
      priceType: context.priceType === 'B2B' ? 'B2B' : 'B2C',
      supplierCode: offer.supplier_code,
    }),
    slots,
  };
}

function summary(offer: OfferRow): Omit<OfferSummary, 'cheapest'> {
  return {
    slug: offer.slug,
    product: offer.product,
    name: offer.name,
    description: offer.description,
    image: offer.image_path,
    guestRating: Number(offer.guest_rating),
    destination: offer.destination_slug,
    facts: readOfferFacts(offer.product, offer.facts),
  };
}

const optionsOf = (offerIds: number[]) =>
  offerIds.length === 0 ? Promise.resolve([]) : getDb().selectFrom('offer_options').selectAll().where('offer_id', 'in', offerIds).orderBy('net_usd_minor').orderBy('id').execute();

const cheapestOf = (options: OptionOffer[]) => options.filter((o) => o.slots.some((s) => s.bookable)).sort((a, b) => a.price.inclusive - b.price.inclusive)[0] ?? null;

/**
 * The option a hold of `product` holds, with its offer, and how many legs it holds (a return
 * transfer is one hold of the same vehicle on two slots: its item_ref names the option twice);
 * null when it is not one of ours.
 */
export async function heldOption(product: OfferProductCode, itemRef: string) {
  const refs = itemRef.split(' ');
  const id = Number(/^offer-option:(\d+)$/.exec(refs[0]!)?.[1]);
  if (!Number.isInteger(id) || refs.length > 2 || refs.some((r) => r !== refs[0])) return null;
  const row = await getDb()
    .selectFrom('offer_options as o')
    .innerJoin('offers as f', 'f.id', 'o.offer_id')
    .select(['o.code', 'o.duration_minutes', 'f.slug', 'f.product'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row && row.product === product ? { offer: row.slug, option: row.code, durationMinutes: row.duration_minutes, legs: refs.length } : null;
}

/**
 * What an offer hold records: the offer, option and slot, the party (and bags) and the return
 * leg that price it, the rate, and its local dates (slot days are the venue's wall clock).
 */
function offerHoldSelection(selection: OfferSelection, legs: { startsAt: Date; endsAt: Date }[], priceType: string): Record<string, string> {
  const { query } = selection;
  return compactSelection({
    offer: selection.offer,
    option: selection.option,
    day: selection.day,
    time: selection.time,
    guests: query.guests,
    bags: query.bags,
    returnDate: legs.length > 1 ? query.returnDate : null,
    returnTime: legs.length > 1 ? query.returnTime : null,
    priceType,
    startsOn: selection.day,
    endsOn: new Date(Math.max(...legs.map((l) => l.endsAt.getTime()))).toISOString().slice(0, 10),
  });
}

export type OfferSupplier = ProductSupplier<OfferSearch, OfferSummary, OfferDetails, OfferSelection, OptionOffer>;

/** The built-in supplier of one scheduled-offer product. */
export function builtInOfferSupplier(product: OfferProductCode): OfferSupplier {
  async function findOption(selection: OfferSelection) {
    const offer = await getDb().selectFrom('offers').selectAll().where('slug', '=', selection.offer).where('product', '=', product).executeTakeFirst();
    if (!offer) return null;
    const option = await getDb().selectFrom('offer_options').selectAll().where('offer_id', '=', offer.id).where('code', '=', selection.option).executeTakeFirst();
    return option ? { offer, option } : null;
  }

  return {
    product,

    async search(query, context) {
      const offers = await getDb().selectFrom('offers').selectAll().where('product', '=', product).where('destination_slug', '=', query.destination).orderBy('id').execute();
      const options = await optionsOf(offers.map((o) => o.id));
      return Promise.all(
        offers.map(async (offer) => {
          const priced = await Promise.all(options.filter((o) => o.offer_id === offer.id).map((o) => optionOffer(product, offer, o, query, context, true)));
          return { ...summary(offer), cheapest: cheapestOf(priced) };
        }),
      );
    },

    async details(slug, query, context) {
      const offer = await getDb().selectFrom('offers').selectAll().where('slug', '=', slug).where('product', '=', product).executeTakeFirst();
      if (!offer) return null;
      const rows = await optionsOf([offer.id]);
      const options = await Promise.all(rows.map((o) => optionOffer(product, offer, o, query, context, false)));
      return { ...summary(offer), cheapest: cheapestOf(options), options };
    },

    async price(selection, context) {
      const found = await findOption(selection);
      if (!found) return null;
      const priced = await optionOffer(product, found.offer, found.option, { ...selection.query, date: selection.day, until: selection.day }, context, false);
      return { ...priced, slots: priced.slots.filter((s) => s.time === selection.time) };
    },

    async hold(selection, options) {
      const found = await findOption(selection);
      if (!found) return { kind: 'not_found' };
      const { option } = found;
      const rule = offerProducts[segmentOf(product)];
      // The slot must be one the search offers. A transfer's schedule is its outbound slot
      // (when every leg runs); the return leg is held with it.
      const offered = scheduleOf(option, selection.query, false);
      const onSchedule = offered.some((slot) => slot.day === selection.day && slot.time === selection.time);
      const bagsFit = option.bag_capacity === null || option.bag_capacity >= selection.query.bags;
      const units = bagsFit ? unitsNeeded(rule, selection.query.guests, option.unit_capacity) : null;
      if (!onSchedule || units === null) return { kind: 'not_found' };
      // A return transfer holds the vehicle on both legs in one hold: both or neither.
      const slots = option.start_times.length === 0 ? legsOf(selection.query).map((leg) => ({ day: leg.day, time: leg.time! })) : [{ day: selection.day, time: selection.time }];
      const legs = slots.map((slot) => slotRange(slot.day, slot.time, option.duration_minutes));
      // One vehicle cannot be back for the return before the outbound ride is over.
      if (legs.length === 2 && legs[1]!.startsAt < legs[0]!.endsAt) return { kind: 'not_found' };
      return createMultiItemHold({
        orgId: options.orgId,
        userId: options.userId,
        clientIp: options.clientIp,
        product,
        items: legs.map((range) => ({ itemRef: offerOptionItemRef(option.id), ...range })),
        quantity: units,
        ttlMinutes: options.ttlMinutes,
        selection: offerHoldSelection(selection, legs, options.priceType),
      });
    },

    release: (token) => releaseHold(token),
    confirm: (token) => convertHoldToBooking(token),
  };
}

export const offerSuppliers: Record<OfferProductCode, OfferSupplier> = familyRows('offer', builtInOfferSupplier);
