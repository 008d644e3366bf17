// What a resort or holiday-stay week hold quotes (docs/decisions/0025): priced once when
// prepare-to-checkout holds the week (POST /api/weeks/prepareBookWeeks), read back by the
// weeks checkout and by the booking's charge.
import { countOf, describeCharge } from '~/domain/charge';
import { selectedPriceType, selectionParams } from '~/domain/hold-selection';
import { type Quote, type Quoting, buildQuote } from '~/domain/quote';
import { weekdayNames } from '~/domain/weeks';
import type { Hold } from '~/services/booking/holds.server';
import type { SupplierContext } from '~/services/suppliers/port';
import { resolveWeekSelection, weeksSupplierFor } from '~/services/suppliers/weeks.server';

/** What a week quote shows beside its price: the resort, the unit type and the week(s). */
export type WeeksQuoteFacts = {
  request: { resort_id: number; inventory_id: number; check_in_date: string; check_out_date: string };
  resort: { name: string; address: string; image: string; stars: number };
  /** `code` since issue 14 (named in the page's language, app/domain/room-types.ts); older quotes have only the name. */
  unit: { code?: string; name: string; sleeps: number };
  week: { inventoryId: number; name: string; sleeps: number; startDay: string; checkIn: string; checkOut: string; available: number; weeks: number; nights: number };
};
export type WeeksQuote = Quote<WeeksQuoteFacts>;

/** The charge's record line of a week: 'Resort Sol · Studio · 2027-01-02 to 2027-01-09 · 1 week'. */
export function describeWeekCharge(resort: string, unit: string, week: { checkIn: string; checkOut: string }, weeks: number): string {
  return describeCharge([resort, unit, `${week.checkIn} to ${week.checkOut}`, countOf(weeks, 'week')]);
}

/**
 * The quote of a week hold, from what it recorded (resort, unit type, week(s) and rate), shown
 * in `quoting`'s currency; null when the recorded week cannot be priced.
 */
export async function quoteWeeksHold(hold: Hold, supplier: SupplierContext, quoting: Quoting): Promise<WeeksQuote | null> {
  const kind = hold.product;
  if ((kind !== 'RST' && kind !== 'STY') || !hold.selection) return null;
  const recorded = selectionParams(hold.selection);
  const resortId = Number(recorded.get('resort_id'));
  const selection = { inventoryId: Number(recorded.get('inventory_id')), checkIn: recorded.get('check_in_date') ?? '', checkOut: recorded.get('check_out_date') ?? '' };
  const resolved = await resolveWeekSelection(selection, supplier.orgId);
  if (resolved.kind !== 'ok' || resolved.resort.id !== resortId || resolved.resort.kind !== kind) return null;
  const priceType = selectedPriceType(hold.selection, supplier.priceType);
  const offer = await weeksSupplierFor(kind).price(selection, { ...supplier, priceType });
  if (!offer) return null;
  const p = offer.price;
  return buildQuote({
    product: kind,
    lines: { perWeek: p.per_week, total: p.amount },
    fees: {},
    ...quoting,
    priceType: p.price_type,
    party: { sleeps: resolved.unit.sleeps },
    charge: { amountMinor: p.amount, description: describeWeekCharge(resolved.resort.name, resolved.unit.name, selection, p.weeks) },
    facts: {
      request: { resort_id: resortId, inventory_id: selection.inventoryId, check_in_date: selection.checkIn, check_out_date: selection.checkOut },
      resort: { name: resolved.resort.name, address: resolved.resort.address, image: resolved.resort.image_path, stars: resolved.resort.stars },
      unit: { code: resolved.unit.code, name: resolved.unit.name, sleeps: resolved.unit.sleeps },
      week: {
        inventoryId: offer.inventoryId,
        name: offer.name,
        sleeps: offer.sleeps,
        startDay: weekdayNames[offer.weekStartWeekday]!,
        checkIn: offer.checkInDate,
        checkOut: offer.checkOutDate,
        available: offer.available,
        weeks: p.weeks,
        nights: p.nights,
      },
    },
  });
}
