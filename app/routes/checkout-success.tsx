import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BookingSuccessPage } from '~/components/bookings/booking-success';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { bookingSuccessPage } from '~/http/booking-success.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/**
 * The checkout success page (spec §2) of hotels, mounted too at /holidaystays, /cars, /resorts
 * and /stays (remix.config.js): a booking opened on another product's page is sent to its own.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return bookingSuccessPage(context, request);
}

export default BookingSuccessPage;

export const meta: MetaFunction = (args) => pageMeta(args, 'bookingConfirmation');

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundKey="success.notFound" />;
}
