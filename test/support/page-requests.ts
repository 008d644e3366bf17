// The page services as their routes call them, from a `Request` (tests call services directly):
// the request's context (`loadContextFor`) and its URL.
import type { WeeksKind } from '~/domain/weeks';
import { holdCar, loadCarCheckout } from '~/products/car/car-pages.server';
import { travelerAction } from '~/services/booking/checkout.server';
import { holdFlight, loadFlightCheckout } from '~/products/flight/flight-pages.server';
import { holdHotelRoom, loadHotelCheckout, loadHotelDetails } from '~/products/hotel/hotel-pages.server';
import { holdOffer, loadOfferCheckout } from '~/products/offer/offer-pages.server';
import { loadWeeksCheckout } from '~/products/weeks/weeks-pages.server';
import { loadContextFor } from './load-context';

async function routeArgs(request: Request, clientIp?: string) {
  const context = await loadContextFor(request, clientIp);
  return { context, url: new URL(request.url) };
}

export const pageRequests = {
  holdHotelRoom: async (request: Request, form: FormData, clientIp: string) => {
    const { context, url } = await routeArgs(request, clientIp);
    return holdHotelRoom(context, url, form);
  },
  loadHotelDetails: async (request: Request) => {
    const { context, url } = await routeArgs(request);
    return loadHotelDetails(context, url);
  },
  loadHotelCheckout: async (request: Request) => {
    const { context, url } = await routeArgs(request);
    return loadHotelCheckout(context, url);
  },
  holdFlight: async (request: Request, form: FormData, clientIp: string) => {
    const { context, url } = await routeArgs(request, clientIp);
    return holdFlight(context, url, form);
  },
  loadFlightCheckout: async (request: Request) => {
    const { context, url } = await routeArgs(request);
    return loadFlightCheckout(context, url);
  },
  holdCar: async (request: Request, form: FormData, clientIp: string) => {
    const { context } = await routeArgs(request, clientIp);
    return holdCar(context, form);
  },
  loadCarCheckout: async (request: Request) => {
    const { context, url } = await routeArgs(request);
    return loadCarCheckout(context, url);
  },
  holdOffer: async (request: Request, segment: string, form: FormData, clientIp: string) => {
    const { context } = await routeArgs(request, clientIp);
    return holdOffer(context, segment, form);
  },
  loadOfferCheckout: async (request: Request, segment: string) => {
    const { context, url } = await routeArgs(request);
    return loadOfferCheckout(context, url, segment);
  },
  loadWeeksCheckout: async (request: Request, kind: WeeksKind) => {
    const { context, url } = await routeArgs(request);
    return loadWeeksCheckout(context, url, kind);
  },
  travelerAction: async (request: Request, form: FormData, product: string) => travelerAction(await loadContextFor(request), form, product),
};
