import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { BookingSuccessPage } from '~/components/bookings/booking-success';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadBookingSuccess } from '~/services/bookings.server';

/**
 * Hotels' checkout success (spec §2), also mounted as /holidaystays/checkout-success
 * (remix.config.js): a holiday home's booking belongs on the latter and is sent there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadBookingSuccess(request), { headers: { 'Cache-Control': 'private, no-store' } });
}

export default BookingSuccessPage;

export const meta: MetaFunction = () => [{ title: 'Booking confirmation' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
