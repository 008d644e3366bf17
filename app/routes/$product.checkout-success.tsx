import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BookingSuccessPage } from '~/components/bookings/booking-success';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { isOfferSegment } from '~/domain/offers';
import { bookingSuccessPage } from '~/http/booking-success.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** Checkout success of the scheduled-offer products: activities, transfers, cruises, restaurants (spec §2). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isOfferSegment(params.product ?? '')) throw new Response('Not found', { status: 404 });
  return bookingSuccessPage(context, request);
}

export default BookingSuccessPage;

export const meta: MetaFunction = (args) => pageMeta(args, 'bookingConfirmation');

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundKey="success.notFound" />;
}
