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

/** The query value the search page reads to say why the traveller landed there. */
export const CHOOSE_FIRST_NOTICE = 'choose-first';

/**
 * The search page a details page falls back to: the product's results page under the same path
 * prefix (/holidaystays/hotel-details → /holidaystays/search-detail), with the notice.
 */
export function detailsFallbackPath(pathname: string, pages: { details: string; results: string }): string {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const prefix = path.endsWith(pages.details) ? path.slice(0, path.length - pages.details.length) : '';
  return `${prefix}${pages.results}?notice=${CHOOSE_FIRST_NOTICE}`;
}
