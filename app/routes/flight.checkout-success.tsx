import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { BookingSuccessPage } from '~/components/bookings/booking-success';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { bookingSuccessPage } from '~/http/booking-success.server';
import { requireFlightVisitor } from '~/http/route-behaviours.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** The flight checkout success page (spec §2): a flight login path, so anonymous visitors go to /flight first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireFlightVisitor(new URL(request.url).pathname, context);
  return bookingSuccessPage(context, request);
}

export default BookingSuccessPage;

export const meta: MetaFunction = (args) => pageMeta(args, 'bookingConfirmation');

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFoundKey="success.notFound" />;
}
