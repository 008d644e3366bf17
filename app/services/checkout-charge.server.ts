// What booking a hold charges, computed by the same loader that shows it on the checkout page
// (docs/decisions/0014), so the amount paid is the amount seen and never comes from the client.
import { offerProducts, segmentOf, type OfferProductCode } from '~/domain/offers';
import { json } from '@remix-run/node';
import { type Charge, initBookingAction } from './payments/booking-payment.server';
import { compileApiBody } from '~/services/api-body-schema.server';
import { readApiBody } from '~/http/api-body.server';
import { getSession, resolveOrg } from '~/http/request-adapters.server';
import { type InitBookingBody, initBookingSchema } from '#schemas/api/booking-payment.schema';
import { loadCarCheckout } from './car-pages.server';
import { loadFlightCheckout } from './flight-pages.server';
import { loadHotelCheckout } from './hotel-pages.server';
import { loadOfferCheckout } from './offer-pages.server';
import { loadWeeksCheckout } from './weeks-pages.server';

const offerCodes = new Set<string>(Object.values(offerProducts).map((rule) => rule.code));

/** The checkout page request of a hold: its path with only the hold token, the visitor's headers. */
function pageRequest(request: Request, path: string, holdToken: string): Request {
  const url = new URL(request.url);
  url.pathname = path;
  url.search = new URLSearchParams({ hold: holdToken }).toString();
  return new Request(url, { headers: request.headers });
}

async function load(request: Request, product: string, holdToken: string): Promise<Charge | null> {
  const page = (path: string) => pageRequest(request, path, holdToken);
  switch (product) {
    case 'HLT':
      return (await loadHotelCheckout(page('/hotel-checkout'))).charge;
    case 'FLT':
      return (await loadFlightCheckout(page('/flight/checkout'))).charge;
    case 'CAR':
      return (await loadCarCheckout(page('/cars/checkout'))).charge;
    case 'RST':
    case 'STY': {
      const path = product === 'RST' ? '/resorts/checkout' : '/stays/checkout';
      const data = await loadWeeksCheckout(page(path), product);
      // Without the hold the page prices the link's choice: never charge that.
      return data.hold?.token === holdToken ? data.charge : null;
    }
    default: {
      if (!offerCodes.has(product)) return null;
      const segment = segmentOf(product as OfferProductCode);
      return (await loadOfferCheckout(page(`/${segment}/checkout`), segment)).charge;
    }
  }
}

/** The charge of the visitor's hold of `product`, or null when they have no such hold. */
export async function chargeForHold(request: Request, product: string, holdToken: string): Promise<Charge | null> {
  try {
    return await load(request, product, holdToken);
  } catch (error) {
    // The loaders answer a link they cannot serve with a 4xx Response: no charge to make.
    if (error instanceof Response && error.status < 500) return null;
    throw error;
  }
}

const validateInitBooking = compileApiBody<InitBookingBody>(initBookingSchema);

/**
 * POST /api/booking/initBooking {hold, product_type}: the first step of the booking submit
 * (spec §4 step 2). Prices the hold as its checkout page does, then freezes that amount on the
 * visitor's booking (`initBookingAction`). 400 malformed, 409 when there is no such live hold.
 */
export async function initBooking(request: Request): Promise<Response> {
  // initBooking's refusals are `{ error: 'invalid', message }` (docs/api.md; domain/booking-submit reads `error`).
  const read = await readApiBody(request, validateInitBooking, { fail: (status, message) => json({ error: 'invalid', message }, { status }) });
  if (!read.ok) return read.response;
  const { hold, product_type: product } = read.body;
  const charge = await chargeForHold(request, product, hold);
  if (!charge) return json({ error: 'expired' }, { status: 409 });
  const form = new FormData();
  form.set('hold', hold);
  return initBookingAction({ org: resolveOrg(request), session: await getSession(request) }, form, product, charge);
}
