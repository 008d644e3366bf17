import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { BookingSuccessPage } from '~/components/bookings/booking-success';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadBookingSuccess } from '~/services/bookings.server';

/**
 * The resorts checkout success page (spec §2). A hold-holding path: a holdTok cookie is not
 * released here (app/domain/hold-cleanup.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadBookingSuccess(request), { headers: { 'Cache-Control': 'private, no-store' } });
}

export default BookingSuccessPage;

export const meta: MetaFunction = () => [{ title: 'Booking confirmation' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
