import type { CarQuoteFacts } from '~/products/car/car-quote.server';
import type { FlightQuoteFacts } from '~/products/flight/flight-pages.server';
import type { HotelQuoteFacts } from '~/products/hotel/hotel-pages.server';
import type { OfferQuoteFacts } from '~/products/offer/offer-pages.server';
import type { ProductCode, ProductOfFamily } from '~/products/registry';
import type { WeeksQuoteFacts } from '~/products/weeks/weeks-quote.server';
import type { Quote } from '~/domain/quote';

/**
 * What each product's quote records besides its price: the facts its family's quote builder
 * keeps on the hold (docs/decisions/0025). Types only. WEEKS books as a resort or a stay, so its
 * holds are theirs.
 */
type QuoteFactsByProduct = {
  HLT: HotelQuoteFacts;
  FLT: FlightQuoteFacts;
  CAR: CarQuoteFacts;
  RST: WeeksQuoteFacts;
  STY: WeeksQuoteFacts;
  WEEKS: WeeksQuoteFacts;
} & { [C in ProductOfFamily<'offer'>]: OfferQuoteFacts };

/** A product without its facts here fails to compile. */
type Complete<T extends Record<ProductCode, object>> = T;
export type QuoteOf<C extends ProductCode> = Quote<Complete<QuoteFactsByProduct>[C]>;
