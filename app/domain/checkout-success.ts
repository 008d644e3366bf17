/**
 * Where a paid booking lands (spec §2 routes, §4 "Booking submit" step 5): the product's
 * checkout-success page with `booking_id`. The hotel flow's pages sit at the site root, or under
 * /holidaystays for holiday homes (`hotelBase`).
 */
const segmentOf: Record<string, string> = {
  FLT: 'flight',
  CAR: 'cars',
  ACT: 'activities',
  TRF: 'transfers',
  CRUISE: 'cruises',
  RESTAURANT: 'restaurants',
  RST: 'resorts',
  STY: 'stays',
};

export function successPath(product: string, bookingReference: string, hotelBase: '' | '/holidaystays' = ''): string {
  const segment = segmentOf[product];
  const page = segment ? `/${segment}/checkout-success` : `${hotelBase}/checkout-success`;
  return `${page}?booking_id=${encodeURIComponent(bookingReference)}`;
}
