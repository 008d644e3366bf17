/**
 * Where home's featured destinations and map chips lead, and where a details page missing its
 * choice sends the traveller (issue 15: never a bare status code).
 */
import { minCheckinDate } from './checkin';
import { parseIsoDate } from './flight-dates';

/** A destination link searches a short stay a few weeks out: real results, dates easy to change. */
export const SUGGESTED_LEAD_DAYS = 21;
export const SUGGESTED_NIGHTS = 2;

/**
 * The stay a destination link suggests, as the query that follows the destination (see
 * destinationPath): from `SUGGESTED_LEAD_DAYS` after the earliest allowed check-in.
 */
export function suggestedStay(today: string, minCheckinDays: number): string {
  const checkin = parseIsoDate(minCheckinDate(today, minCheckinDays))!.add(SUGGESTED_LEAD_DAYS, 'day');
  const checkout = checkin.add(SUGGESTED_NIGHTS, 'day');
  // Rooms and guests are left to the search's own defaults (one room, two guests): home has dozens of these links.
  return new URLSearchParams({ checkin: checkin.format('YYYY-MM-DD'), checkout: checkout.format('YYYY-MM-DD') }).toString();
}

/** The query values the search page reads to say why the traveller landed there. */
export const CHOOSE_FIRST_NOTICE = 'choose-first';
export const HOLD_RELEASED_NOTICE = 'hold-released';

/** The product's results page under the same path prefix as `page` (/holidaystays/hotel-details → /holidaystays/search-detail), with a notice. */
function resultsUnder(pathname: string, page: string, results: string, notice: string): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const prefix = path.endsWith(page) ? path.slice(0, path.length - page.length) : '';
  return `${prefix}${results}?notice=${notice}`;
}

/** The search page a details page falls back to, saying a choice is needed first. */
export function detailsFallbackPath(pathname: string, pages: { details: string; results: string }): string {
  return resultsUnder(pathname, pages.details, pages.results, CHOOSE_FIRST_NOTICE);
}

/** Where a checkout whose hold the traveller released goes: the product's search, saying it was released. */
export function releasedHoldPath(pathname: string, pages: { checkout: string; results: string }): string {
  return resultsUnder(pathname, pages.checkout, pages.results, HOLD_RELEASED_NOTICE);
}
