/** What a row of `hotels` is: a hotel, or a holiday home (an apartment, villa or cottage let whole). */
export type PropertyType = 'hotel' | 'holiday_home';

export type HotelFlow = {
  /** The path prefix every link, form action and redirect of the flow keeps: '' or '/holidaystays'. */
  base: '' | '/holidaystays';
  propertyType: PropertyType;
};

/**
 * The hotel flow a path belongs to (spec §2: the hotel flow and its holidaystays variants).
 * /search-detail, /hotel-details and /hotel-checkout list and hold hotels; the same pages under
 * /holidaystays (and the /holidaystays landing itself) list and hold holiday homes.
 */
export function hotelFlowOf(pathname: string): HotelFlow {
  const first = pathname.split('/').find((part) => part.length > 0) ?? '';
  return first.toLowerCase() === 'holidaystays' ? { base: '/holidaystays', propertyType: 'holiday_home' } : { base: '', propertyType: 'hotel' };
}
